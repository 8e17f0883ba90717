import { z } from 'zod';
import { CALENDAR_VIEWS, TICKET_CRITERIA_KEYS, ZTicketListRequestSchema, type TicketCriteria } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

/**
 * The request lists' parameters the calendar shares (List / Calendar keep them), with the API's names:
 * status, search and each criterion.
 */
const SHARED_LIST_PARAMS: readonly string[] = ['status', 'search', ...TICKET_CRITERIA_KEYS];

const CRITERIA = Object.fromEntries(TICKET_CRITERIA_KEYS.map((k) => [k, true])) as { [K in keyof TicketCriteria]: true };

/**
 * The calendar's URL state (useListUrlState): the ticket list request's status, search and criteria, parsed
 * by the list's own schema, plus the calendar's view and day (YYYY-MM-DD in the user's zone). A value the
 * schema refuses falls back to its default.
 */
export const ZCalendarUrlSchema = ZTicketListRequestSchema.pick({ ...CRITERIA, status: true, search: true }).extend({
  view: z.enum(CALENDAR_VIEWS).optional(),
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/)
    .optional(),
});
export type CalendarUrlState = z.output<typeof ZCalendarUrlSchema>;

/** The shared parameters of a list's or calendar's URL, as they are there (one spelling each). */
function sharedParamsOf(p: URLSearchParams): Record<string, string> {
  const kept: Record<string, string> = {};
  for (const k of SHARED_LIST_PARAMS) {
    const v = p.get(k);
    if (v) kept[k] = v;
  }
  return kept;
}

/** The list screen of the same scope, keeping status, search and criteria (not the calendar's view and day). */
export const listPathFor = (mine: boolean, p: URLSearchParams): string => (mine ? hrefs.myRequests : hrefs.requests)(undefined, sharedParamsOf(p));

/** The calendar view of a request list (/requests or /myrequests/), keeping its status, search and criteria (not its page or order). */
export const calendarHref = (mine: boolean, p: URLSearchParams): string => (mine ? hrefs.myRequestCalendar : hrefs.requestCalendar)(undefined, sharedParamsOf(p));
