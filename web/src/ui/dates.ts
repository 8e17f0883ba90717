import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';

dayjs.extend(utc);
dayjs.extend(timezone);

export const DATE_TIME_FORMAT = 'MMM D, YYYY h:mm A';

/** A timestamp as date and time in the user's time zone; the browser's zone if the name is unknown. */
export function formatDateTime(iso: string, timeZone?: string | null): string {
  const value = dayjs(iso);
  if (!value.isValid()) return '';
  if (timeZone) {
    try {
      return value.tz(timeZone).format(DATE_TIME_FORMAT);
    } catch {
      // An IANA name the browser does not know: fall through to local time.
    }
  }
  return value.format(DATE_TIME_FORMAT);
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
