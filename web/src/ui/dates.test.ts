import { describe, expect, it } from 'vitest';
import { formatDate, formatDateTime } from './dates.ts';

// Issue 14, item 10: one date format everywhere, the time zone named where a time is shown.
describe('dates', () => {
  it('names the user’s zone after a time, with daylight saving', () => {
    expect(formatDateTime('2026-03-14T15:30:00.000Z', 'America/New_York')).toBe('Mar 14, 2026 11:30 AM EDT');
    expect(formatDateTime('2026-01-14T15:30:00.000Z', 'America/New_York')).toBe('Jan 14, 2026 10:30 AM EST');
    expect(formatDateTime('2026-01-14T15:30:00.000Z', 'Europe/Berlin')).toBe('Jan 14, 2026 4:30 PM GMT+1');
  });

  it('a day has no time and so no zone', () => {
    expect(formatDate('2026-01-14')).toBe('Jan 14, 2026');
    expect(formatDate('2026-01-15T02:00:00.000Z', 'America/New_York')).toBe('Jan 14, 2026');
  });
});
