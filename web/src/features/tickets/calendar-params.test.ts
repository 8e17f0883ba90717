import { describe, expect, it } from 'vitest';
import { readListParams, writeListParams } from '../../ui/list/list-params.ts';
import { calendarHref, listPathFor, ZCalendarUrlSchema } from './calendar-params.ts';
import { statusClassOf, toCalendarEvent } from './calendar-events.ts';
import { NO_CRITERIA } from './filter-form.ts';
import { formatDay, fromWallClock, parseDay, toWallClock, visibleRange } from './zoned-dates.ts';

const read = (p: URLSearchParams | string) => readListParams(ZCalendarUrlSchema, new URLSearchParams(p));

const wall = (d: Date) => [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes()];

describe('wall-clock dates', () => {
  it('shows an instant at its time in the user’s zone, whatever the browser’s zone', () => {
    expect(wall(toWallClock('2026-11-16T15:00:00Z', 'America/Los_Angeles'))).toEqual([2026, 11, 16, 7, 0]);
    expect(wall(toWallClock('2026-11-16T03:30:00Z', 'America/New_York'))).toEqual([2026, 11, 15, 22, 30]);
    expect(wall(toWallClock('2026-07-01T12:00:00Z', 'Europe/Berlin'))).toEqual([2026, 7, 1, 14, 0]);
  });

  it('turns a wall-clock time back into the instant, across DST', () => {
    expect(fromWallClock(new Date(2026, 10, 16, 7, 0), 'America/Los_Angeles')).toBe('2026-11-16T15:00:00.000Z');
    expect(fromWallClock(new Date(2026, 6, 1, 0, 0), 'America/New_York')).toBe('2026-07-01T04:00:00.000Z');
    const i = '2026-03-20T18:45:00.000Z';
    expect(fromWallClock(toWallClock(i, 'Australia/Sydney'), 'Australia/Sydney')).toBe(i);
  });

  it('reads and writes the URL day', () => {
    expect(wall(parseDay('2026-11-16')!)).toEqual([2026, 11, 16, 0, 0]);
    expect(parseDay('2026-02-30')).toBeNull();
    expect(parseDay('16/11/2026')).toBeNull();
    expect(parseDay(null)).toBeNull();
    expect(formatDay(new Date(2026, 0, 5, 13))).toBe('2026-01-05');
  });
});

describe('visible ranges', () => {
  const day = new Date(2026, 10, 16, 9);
  it('month: the whole weeks around the month (Nov 2026: Sun Nov 1 to Sat Dec 5)', () => {
    const r = visibleRange('month', day);
    expect([wall(r.start), wall(r.end)]).toEqual([
      [2026, 11, 1, 0, 0],
      [2026, 12, 6, 0, 0],
    ]);
  });
  it('week: Sunday to Sunday', () => {
    const r = visibleRange('week', day);
    expect([wall(r.start), wall(r.end)]).toEqual([
      [2026, 11, 15, 0, 0],
      [2026, 11, 22, 0, 0],
    ]);
  });
  it('day: midnight to midnight', () => {
    const r = visibleRange('day', day);
    expect([wall(r.start), wall(r.end)]).toEqual([
      [2026, 11, 16, 0, 0],
      [2026, 11, 17, 0, 0],
    ]);
  });
});

describe('query parameters', () => {
  it('defaults to Open, no search, no criteria, no view or day', () => {
    expect(read('')).toEqual({ status: 'Open' });
  });

  it('reads the list’s status, search and criteria (the list request’s names and schema) and its own view and date; ignores what is not valid', () => {
    const p = new URLSearchParams({ status: '<ALL>', search: ' printer ', isVip: 'true', departmentId: '4', view: 'week', date: '2026-11-16', page: '3', sort: 'status' });
    expect(read(p)).toEqual({ status: '<ALL>', search: 'printer', isVip: true, departmentId: 4, view: 'week', date: '2026-11-16' });
    expect(read(new URLSearchParams({ status: 'Deleted', isVip: 'maybe', view: 'agenda', departmentId: 'x' }))).toEqual({ status: 'Open' });
  });

  it('goes through the list URL state: only what differs from the defaults is written, a bad date is dropped', () => {
    const state = readListParams(ZCalendarUrlSchema, new URLSearchParams('isVip=true&view=week&date=2026-11-16&status=Open'));
    expect(writeListParams(ZCalendarUrlSchema, state).toString()).toBe('isVip=true&view=week&date=2026-11-16');
    expect(writeListParams(ZCalendarUrlSchema, { ...state, ...NO_CRITERIA, view: 'day' }).toString()).toBe('view=day&date=2026-11-16');
    expect(read('date=tomorrow&view=day')).toEqual({ status: 'Open', view: 'day' });
  });

  it('List links back status, search and criteria, not the calendar’s view and day', () => {
    const p = new URLSearchParams({ status: 'Closed', search: 'vpn', isVip: 'true', view: 'day', date: '2026-11-16' });
    expect(listPathFor(false, p)).toBe('/requests?status=Closed&search=vpn&isVip=true');
    expect(listPathFor(true, new URLSearchParams({ view: 'week' }))).toBe('/myrequests/');
  });

  it('the request lists’ Calendar link keeps status, search and criteria only, not the page or the order', () => {
    const params = new URLSearchParams('status=Closed&search=vpn&siteId=1&page=3&sort=status&direction=asc&saved=0123456789abcdef0123456789abcdef');
    expect(calendarHref(false, params)).toBe('/requests/calendar?status=Closed&search=vpn&siteId=1');
    expect(calendarHref(true, new URLSearchParams())).toBe('/myrequests/calendar');
  });
});

describe('events', () => {
  it('are titled by number and short description, placed at wall-clock times and described in full', () => {
    const e = toCalendarEvent(
      {
        id: 7,
        ticketNo: 'SR-000007',
        shortDescription: 'Replace laptop',
        status: 'Escalation',
        start: '2026-11-16T17:00:00.000Z',
        end: '2026-11-17T00:00:00.000Z',
        endIsDefault: true,
        contactName: 'Ada Lovelace',
        assignedToName: 'Grace Hopper',
        isVip: true,
      },
      'America/Los_Angeles',
    );
    expect(e.title).toBe('SR-000007 - Replace laptop');
    expect([wall(e.start), wall(e.end)]).toEqual([
      [2026, 11, 16, 9, 0],
      [2026, 11, 16, 16, 0],
    ]);
    expect(e.description).toBe('SR-000007 - Replace laptop. Escalation, VIP. Nov 16, 2026 9:00 AM PST to Nov 16, 2026 4:00 PM PST (no end date). Ada Lovelace, assigned to Grace Hopper');
    expect(statusClassOf(e)).toBe('sc-event-escalation');
  });
});
