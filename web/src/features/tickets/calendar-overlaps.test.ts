import { describe, expect, it } from 'vitest';
import type { TicketCalendarEvent } from '@sc/common';
import { collapseOverlaps, statusClassOf, type CalendarEvent } from './calendar-events.ts';

const at = (h: number, m = 0) => new Date(2026, 10, 16, h, m);
const ev = (id: number, start: Date, end: Date): CalendarEvent => ({
  id,
  title: `SR-${id}`,
  start,
  end,
  request: { status: 'Open' } as TicketCalendarEvent,
  description: `SR-${id}. Open.`,
});

// Issue 14, item 12: overlapping events stay readable, side by side with '+N more'.
describe('collapseOverlaps', () => {
  it('keeps up to maxColumns overlapping requests as they are', () => {
    const three = [ev(1, at(9), at(11)), ev(2, at(9), at(10)), ev(3, at(10), at(12))];
    expect(collapseOverlaps(three, 3).map((e) => e.id).sort()).toEqual([1, 2, 3]);
  });

  it('puts the requests past the last column under one +N more spanning their times', () => {
    const five = [ev(1, at(9), at(12)), ev(2, at(9), at(10)), ev(3, at(9), at(11)), ev(4, at(9, 30), at(10, 30)), ev(5, at(10), at(11))];
    const out = collapseOverlaps(five, 3);
    const more = out.find((e) => e.more)!;
    expect(more.title).toBe(`+${more.more!.length} more`);
    expect(out.filter((e) => !e.more)).toHaveLength(5 - more.more!.length);
    // Every request is either shown or listed under the +N more, once.
    expect([...out.filter((e) => !e.more), ...more.more!].map((e) => e.id).sort()).toEqual([1, 2, 3, 4, 5]);
    expect(more.start.getTime()).toBe(Math.min(...more.more!.map((e) => e.start.getTime())));
    expect(more.end.getTime()).toBe(Math.max(...more.more!.map((e) => e.end.getTime())));
    expect(statusClassOf(more)).toBe('sc-event-more');
  });

  it('does not join requests that only touch, nor other days, nor multi-day requests', () => {
    const seq = [ev(1, at(9), at(10)), ev(2, at(10), at(11)), ev(3, at(11), at(12)), ev(4, at(12), at(13))];
    expect(collapseOverlaps(seq, 1).some((e) => e.more)).toBe(false);
    const long = ev(9, at(9), new Date(2026, 10, 18, 9));
    expect(collapseOverlaps([long, ev(1, at(9), at(10))], 1)).toHaveLength(2);
  });
});
