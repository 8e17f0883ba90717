import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import { keptDateTimeFormat } from '@sc/common';

// The shared dayjs gets the zone plugins here (the calendar and the audit log convert wall times with them);
// formatting below uses Intl directly.
dayjs.extend(utc);
dayjs.extend(timezone);

/**
 * One Intl formatter per zone and kind, kept (keptDateTimeFormat): dayjs's tz() built one per call, and a
 * list page formats a date per row and per render (≈ 20 ms of the incidents page's first render;
 * docs/decisions/041). `undefined`: the browser's zone. Unknown zone names throw, as the constructor does.
 */
const formatterOf = (kind: 'dateTime' | 'date', timeZone: string | undefined): Intl.DateTimeFormat =>
  keptDateTimeFormat(`${kind} ${timeZone ?? ''}`, () => ({
    timeZone,
    year: 'numeric',
    month: 'short',
    day: 'numeric',
    ...(kind === 'dateTime' ? { hour: 'numeric', minute: '2-digit', hourCycle: 'h12', timeZoneName: 'short' } : {}),
  }));

/** The parts of a formatted instant by type ('month', 'day', …). */
function partsOf(kind: 'dateTime' | 'date', date: Date, timeZone: string | undefined): Partial<Record<Intl.DateTimeFormatPartTypes, string>> {
  const out: Partial<Record<Intl.DateTimeFormatPartTypes, string>> = {};
  for (const p of formatterOf(kind, timeZone).formatToParts(date)) out[p.type] = p.value;
  return out;
}

/** The instant of an ISO timestamp, or null (dayjs's reading: a string without offset is local time). */
function instantOf(iso: string): Date | null {
  const value = dayjs(iso);
  return value.isValid() ? value.toDate() : null;
}

/** `f` in the user's zone, or in the browser's zone if the name is unknown. */
function inZone<T>(timeZone: string | null | undefined, f: (zone: string | undefined) => T): T {
  if (timeZone) {
    try {
      return f(timeZone);
    } catch {
      // An IANA name the browser does not know: fall through to local time.
    }
  }
  return f(undefined);
}

/**
 * A timestamp as date and time in the user's time zone, the zone named ('Mar 14, 2026 11:30 AM EDT', one
 * format everywhere, issue 14 item 10); the browser's zone if the name is unknown.
 */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  const date = instantOf(iso);
  if (!date) return '';
  return inZone(timeZone, (zone) => {
    const p = partsOf('dateTime', date, zone);
    return `${p.month} ${p.day}, ${p.year} ${p.hour}:${p.minute} ${p.dayPeriod} ${p.timeZoneName ?? ''}`.trim();
  });
}

const DATE_FORMAT = 'MMM D, YYYY';

/**
 * A day: a bare calendar date (YYYY-MM-DD) as it is, a timestamp as its day in the user's time zone
 * (the browser's zone if the name is unknown).
 */
export function formatDate(value: string, timeZone?: string | null): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value).format(DATE_FORMAT);
  const date = instantOf(value);
  if (!date) return '';
  return inZone(timeZone, (zone) => {
    const p = partsOf('date', date, zone);
    return `${p.month} ${p.day}, ${p.year}`;
  });
}
