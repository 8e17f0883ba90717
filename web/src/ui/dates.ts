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
