import dayjs from 'dayjs';
import type { CalendarView } from '@sc/common';
import { dayjsLocalizer } from 'react-big-calendar';
// The utc and timezone plugins (dates.ts extends the shared dayjs with them).
import '../../ui/dates.ts';

/**
 * react-big-calendar lays events out with the browser's local Date arithmetic, and its dayjs localizer
 * switches to the (slow, DST-buggy) dayjs.tz path whenever the timezone plugin is loaded. So the
 * calendar is given plain local dayjs and "wall-clock" Dates: an instant in the user's zone becomes a
 * local Date showing the same year, day, hour and minute; the visible range goes back the same way.
 */
const localDayjs = new Proxy(dayjs, { get: (target, prop, receiver) => (prop === 'tz' ? undefined : Reflect.get(target, prop, receiver) as unknown) });
export const calendarLocalizer = dayjsLocalizer(localDayjs);

/** The user's zone when the browser knows it, else the browser's own. */
export function zoneOrLocal(timeZone: string | null | undefined): string {
  if (timeZone) {
    try {
      new Intl.DateTimeFormat('en-US', { timeZone });
      return timeZone;
    } catch {
      // An IANA name this browser does not know: fall back to local time, as formatDateTime does.
    }
  }
  return dayjs.tz.guess();
}

/** The local Date that shows the wall-clock time of `instant` in `timeZone`. */
export function toWallClock(instant: string | number | Date, timeZone: string): Date {
  const z = dayjs(instant).tz(timeZone);
  return new Date(z.year(), z.month(), z.date(), z.hour(), z.minute(), z.second(), z.millisecond());
}

/** The instant (ISO 8601, UTC) at which `timeZone` shows the wall-clock time of the local Date `wall`. */
export function fromWallClock(wall: Date, timeZone: string): string {
  return dayjs.tz(dayjs(wall).format('YYYY-MM-DDTHH:mm:ss.SSS'), timeZone).toISOString();
}

/** The first day of `wall`'s week, as the week view begins it (the locale's first weekday). */
export const startOfWeek = (wall: Date): Date => dayjs(wall).startOf('week').toDate();

/** A calendar day as the URL carries it (YYYY-MM-DD). */
export const formatDay = (wall: Date): string => dayjs(wall).format('YYYY-MM-DD');

/** The local midnight of a YYYY-MM-DD day, or null when it is not a real day. */
export function parseDay(value: string | null): Date | null {
  const m = value ? /^(\d{4})-(\d{2})-(\d{2})$/.exec(value) : null;
  if (!m) return null;
  const d = new Date(Number(m[1]), Number(m[2]) - 1, Number(m[3]));
  return d.getMonth() === Number(m[2]) - 1 && d.getDate() === Number(m[3]) ? d : null;
}

/** The wall-clock days a view shows around `date`: [start, end) in wall-clock Dates. */
export function visibleRange(view: CalendarView, date: Date): { start: Date; end: Date } {
  const l = calendarLocalizer;
  if (view === 'month') {
    const start = l.startOf(l.firstVisibleDay(date, l), 'day');
    return { start, end: l.add(l.startOf(l.lastVisibleDay(date, l), 'day'), 1, 'day') };
  }
  const start = view === 'week' ? startOfWeek(date) : l.startOf(date, 'day');
  return { start, end: l.add(start, view === 'week' ? 7 : 1, 'day') };
}
