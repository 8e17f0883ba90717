import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME_FORMAT = 'MMM D, YYYY h:mm A';

/** The zone's short name at that instant ('EST', 'EDT', 'GMT+1'), in English as the rest of the UI. */
export function zoneName(iso: string, timeZone?: string | null): string {
  try {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: timeZone ?? undefined, timeZoneName: 'short' }).formatToParts(new Date(iso));
    return parts.find((p) => p.type === 'timeZoneName')?.value ?? '';
  } catch {
    return '';
  }
}

/**
 * A timestamp as date and time in the user's time zone, the zone named ('Mar 14, 2026 11:30 AM EDT':
 * one format everywhere, issue 14 item 10); the browser's zone if the name is unknown.
 */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  const value = dayjs(iso);
  if (!value.isValid()) return '';
  if (timeZone) {
    try {
      return `${value.tz(timeZone).format(DATE_TIME_FORMAT)} ${zoneName(iso, timeZone)}`.trim();
    } catch {
      // An IANA name the browser does not know: fall through to local time.
    }
  }
  return `${value.format(DATE_TIME_FORMAT)} ${zoneName(iso)}`.trim();
}

export const DATE_FORMAT = 'MMM D, YYYY';

/**
 * A day: a bare calendar date (YYYY-MM-DD) as it is, a timestamp as its day in the user's time zone
 * (the browser's zone if the name is unknown).
 */
export function formatDate(value: string, timeZone?: string | null): string {
  if (/^\d{4}-\d{2}-\d{2}$/.test(value)) return dayjs(value).format(DATE_FORMAT);
  const v = dayjs(value);
  if (!v.isValid()) return '';
  if (timeZone) {
    try {
      return v.tz(timeZone).format(DATE_FORMAT);
    } catch {
      // An IANA name the browser does not know: fall through to local time.
    }
  }
  return v.format(DATE_FORMAT);
}
