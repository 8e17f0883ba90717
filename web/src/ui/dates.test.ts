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

describe('dates, edge cases of the Intl formatting', () => {
  it('writes midnight and noon on the 12-hour clock, the minutes in two digits', () => {
    expect(formatDateTime('2026-01-14T00:05:00.000Z', 'UTC')).toBe('Jan 14, 2026 12:05 AM UTC');
    expect(formatDateTime('2026-01-14T12:00:00.000Z', 'UTC')).toBe('Jan 14, 2026 12:00 PM UTC');
  });

  it('an unknown zone falls back to the browser’s, and an invalid timestamp gives nothing', () => {
    expect(formatDateTime('2026-01-14T12:00:00.000Z', 'Mars/Olympus')).toBe(formatDateTime('2026-01-14T12:00:00.000Z'));
    expect(formatDateTime('2026-01-14T12:00:00.000Z')).toMatch(/^Jan 14, 2026 \d{1,2}:00 [AP]M \S+/);
    expect(formatDateTime('not a date', 'UTC')).toBe('');
    expect(formatDate('not a date', 'UTC')).toBe('');
  });

  it('the same zone formats alike on every call (the formatter is kept)', () => {
    const a = formatDateTime('2026-07-01T16:45:00.000Z', 'America/Los_Angeles');
    expect(formatDateTime('2026-07-01T16:45:00.000Z', 'America/Los_Angeles')).toBe(a);
    expect(a).toBe('Jul 1, 2026 9:45 AM PDT');
  });
});
