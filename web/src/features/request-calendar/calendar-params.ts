import {
  CALENDAR_VIEWS,
  TICKET_STATUS_FILTERS,
  TICKET_CRITERIA_KEYS,
  ZTicketCriteriaSchema,
  DEFAULT_TICKET_STATUS_FILTER,
  type CalendarView,
  type TicketCriteria,
  type TicketStatusFilter,
} from '@sc/common';
import { hrefs } from '../../app/hrefs.ts';
import { readListParams } from '../../ui/list/list-params.ts';
import { cleanCriteria } from '../tickets/list-state.ts';
import { calendarLocalizer, startOfWeek } from './zoned-dates.ts';

/**
 * The list screens' query parameters the calendar shares (List / Calendar keep them), with the API's
 * names: status, search and each criterion; plus the calendar's own view and day.
 */
export const SHARED_LIST_PARAMS: readonly string[] = ['status', 'search', ...TICKET_CRITERIA_KEYS];

export interface CalendarParams {
  status: TicketStatusFilter;
  search: string;
  /** The filter dialog's criteria (one parameter each, as the list's); null when none is set. */
  criteria: TicketCriteria | null;
  view: CalendarView | null;
  /** YYYY-MM-DD in the user's zone, or null for today. */
  day: string | null;
}

const isStatus = (v: string | null): v is TicketStatusFilter => !!v && (TICKET_STATUS_FILTERS as readonly string[]).includes(v);
const isView = (v: string | null): v is CalendarView => !!v && (CALENDAR_VIEWS as readonly string[]).includes(v);

/** The criteria in the URL, read as the list reads them; a value that does not validate is ignored. */
export function readCriteria(p: URLSearchParams): TicketCriteria | null {
  const criteria = cleanCriteria(readListParams(ZTicketCriteriaSchema, p));
  return Object.keys(criteria).length > 0 ? criteria : null;
}

export function readCalendarParams(p: URLSearchParams): CalendarParams {
  const status = p.get('status');
  const view = p.get('view');
  return {
    status: isStatus(status) ? status : DEFAULT_TICKET_STATUS_FILTER,
    search: p.get('search')?.trim() ?? '',
    criteria: readCriteria(p),
    view: isView(view) ? view : null,
    day: p.get('date'),
  };
}

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
