import { describe, expect, it } from 'vitest';
import { dateTimeColumn } from './date-time-column.ts';

describe('dateTimeColumn', () => {
  const format = (v: string | null, timeZone: string | null) =>
    (dateTimeColumn(timeZone).valueFormatter as unknown as (value: string | null) => string)(v);

  it('formats a timestamp in the user’s zone, zone named, and leaves an empty cell for none', () => {
    expect(format('2026-07-01T16:45:00.000Z', 'America/Los_Angeles')).toBe('Jul 1, 2026 9:45 AM PDT');
    expect(format('2026-01-14T12:00:00.000Z', 'America/New_York')).toBe('Jan 14, 2026 7:00 AM EST');
    expect(format(null, 'UTC')).toBe('');
  });
});
