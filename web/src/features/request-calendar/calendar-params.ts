import {
  CALENDAR_VIEWS,
  TICKET_STATUS_FILTERS,
  ZTicketCriteriaSchema,
  DEFAULT_TICKET_STATUS_FILTER,
  type CalendarView,
  type TicketCriteria,
  type TicketStatusFilter,
} from '@sc/common';
import { calendarLocalizer, startOfWeek } from './zoned-dates.ts';

/** The list screens' query parameters the calendar shares (List / Calendar keep them), plus its own view and day. */
export const SHARED_LIST_PARAMS = ['status', 'q', 'filter'] as const;

export interface CalendarParams {
  status: TicketStatusFilter;
  search: string;
  /** The filter dialog's criteria (`filter`, JSON of ZTicketCriteriaSchema); null when absent or not valid. */
  criteria: TicketCriteria | null;
  view: CalendarView | null;
  /** YYYY-MM-DD in the user's zone, or null for today. */
  day: string | null;
}

const isStatus = (v: string | null): v is TicketStatusFilter => !!v && (TICKET_STATUS_FILTERS as readonly string[]).includes(v);
const isView = (v: string | null): v is CalendarView => !!v && (CALENDAR_VIEWS as readonly string[]).includes(v);

/** A criteria JSON that does not parse or validate is ignored, as a stale bookmark should be. */
export function parseCriteria(raw: string | null): TicketCriteria | null {
  if (!raw) return null;
  try {
    const parsed = ZTicketCriteriaSchema.safeParse(JSON.parse(raw));
    return parsed.success && Object.keys(parsed.data).length > 0 ? parsed.data : null;
  } catch {
    return null;
  }
}

export function readCalendarParams(p: URLSearchParams): CalendarParams {
  const status = p.get('status');
  const view = p.get('view');
  return {
    status: isStatus(status) ? status : DEFAULT_TICKET_STATUS_FILTER,
    search: p.get('q')?.trim() ?? '',
    criteria: parseCriteria(p.get('filter')),
    view: isView(view) ? view : null,
    day: p.get('date'),
  };
}

/** The list screen of the same scope, keeping status, q and filter (not the calendar's view and day). */
export function listPathFor(mine: boolean, p: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const k of SHARED_LIST_PARAMS) {
    const v = p.get(k);
    if (v) kept.set(k, v);
  }
  const qs = kept.toString();
  return `${mine ? '/myrequests/' : '/requests'}${qs ? `?${qs}` : ''}`;
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
