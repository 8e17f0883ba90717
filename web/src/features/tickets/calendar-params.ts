import { z } from 'zod';
import { CALENDAR_VIEWS, TICKET_CRITERIA_KEYS, ZTicketCriteriaSchema, ZTicketListRequestSchema, type CalendarView, type TicketCriteria, type TicketStatusFilter } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';
import { cleanCriteria } from './list-state.ts';
import { calendarLocalizer, startOfWeek } from './zoned-dates.ts';

/**
 * The list screens' query parameters the calendar shares (List / Calendar keep them), with the API's
 * names: status, search and each criterion; plus the calendar's own view and day.
 */
const SHARED_LIST_PARAMS: readonly string[] = ['status', 'search', ...TICKET_CRITERIA_KEYS];

interface CalendarParams {
  status: TicketStatusFilter;
  search: string;
  /** The filter dialog's criteria (one parameter each, as the list's); null when none is set. */
  criteria: TicketCriteria | null;
  view: CalendarView | null;
  /** YYYY-MM-DD in the user's zone, or null for today. */
  day: string | null;
}

/**
 * The calendar's URL state, parsed like a list's (useListUrlState, ui/list/list-params.ts): the list's own
 * status, search and criteria with the API's names and schemas, plus the calendar's view and day
 * (YYYY-MM-DD in the user's zone). A value the schema refuses falls back to its default.
 */
export const ZCalendarUrlSchema = ZTicketCriteriaSchema.extend({
  status: ZTicketListRequestSchema.shape.status,
  search: ZTicketListRequestSchema.shape.search,
  view: z.enum(CALENDAR_VIEWS).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type CalendarUrlState = z.output<typeof ZCalendarUrlSchema>;

/** The screen's reading of its URL state. */
export function calendarParamsOf(s: CalendarUrlState): CalendarParams {
  const criteria = cleanCriteria(s);
  return {
    status: s.status,
    search: s.search ?? '',
    criteria: Object.keys(criteria).length > 0 ? criteria : null,
    view: s.view ?? null,
    day: s.date ?? null,
  };
}

/** The URL-state change that removes every criterion (the 'Filter applied' chip's delete). */
export const NO_CRITERIA: Partial<CalendarUrlState> = Object.fromEntries(TICKET_CRITERIA_KEYS.map((k) => [k, undefined]));

/** The list screen of the same scope, keeping status, search and criteria (not the calendar's view and day). */
export function listPathFor(mine: boolean, p: URLSearchParams): string {
  const kept: Record<string, string> = {};
  for (const k of SHARED_LIST_PARAMS) {
    const v = p.get(k);
    if (v) kept[k] = v;
  }
  return (mine ? hrefs.myRequests : hrefs.requests)(undefined, kept);
}

/** The wall-clock days a view shows around `date`: [start, end) in local Dates (see zoned-dates.ts). */
export function visibleRange(view: CalendarView, date: Date): { start: Date; end: Date } {
  const l = calendarLocalizer;
  if (view === 'month') {
    const start = l.startOf(l.firstVisibleDay(date, l), 'day');
    return { start, end: l.add(l.startOf(l.lastVisibleDay(date, l), 'day'), 1, 'day') };
  }
  const start = view === 'week' ? startOfWeek(date) : l.startOf(date, 'day');
  return { start, end: l.add(start, view === 'week' ? 7 : 1, 'day') };
}
