import {
  TICKET_CRITERIA_KEYS,
  ZTicketCriteriaSchema,
  ZTicketListRequestSchema,
  type TicketCriteria,
  type TicketListRequest,
  type TicketListRequestInput,
  type TicketSortKey,
  type TicketStatusFilter,
} from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';
import { readListParams, writeListParams } from '../../ui/list/list-params.ts';

/**
 * The state of a ticket list screen. It lives in the URL (UI.md: Back works everywhere) with the API's own
 * parameter names, parsed by the API's request schema (ui/list/list-params.ts): page, pageSize, sort,
 * direction, status, search, each criterion (departmentId, isVip, …), assigned=me, and the web-only
 * `saved` (the applied saved filter's id).
 */
export interface TicketListState {
  page: number;
  pageSize: number;
  sort: TicketSortKey;
  direction: 'asc' | 'desc';
  status: TicketStatusFilter;
  search: string;
  criteria: TicketCriteria;
  /** The id of the applied saved filter, if one is active. */
  savedFilterId: string | null;
  /** assigned=me: only tickets assigned to the caller's own contact (the home page's My Assigned tabs link here). */
  assignedToMe: boolean;
}

/** The schema's default order (docs/requirements.md §2.1: newest first). */
const DEFAULTS = ZTicketListRequestSchema.parse({});
export const DEFAULT_SORT: TicketSortKey = DEFAULTS.sort;
export const DEFAULT_DIRECTION = DEFAULTS.direction;

const SAVED_ID = /^[0-9a-f]{32}$/;
/** The URL parameter of the applied saved filter (web only: the API gets its criteria). */
export const SAVED_PARAM = 'saved';

/** Drops empty values so "no filter" has one representation ({}), whatever the form held. */
export function cleanCriteria(input: Partial<Record<keyof TicketCriteria, unknown>>): TicketCriteria {
  const out: Record<string, unknown> = {};
  for (const k of TICKET_CRITERIA_KEYS) {
    const v = input[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  const parsed = ZTicketCriteriaSchema.safeParse(out);
  return parsed.success ? parsed.data : {};
}

/** `defaultPageSize` is the user's preferred page size (User Preferences); the URL names any other. */
export function readListState(params: URLSearchParams, defaultPageSize?: number): TicketListState {
  return listStateOf(readListParams(ZTicketListRequestSchema, params, defaultPageSize === undefined ? {} : { pageSize: defaultPageSize }), params);
}

/** The screen's state of the URL state (useListUrlState's parsed request) and its web-only `saved`. */
export function listStateOf(q: TicketListRequest, params: URLSearchParams): TicketListState {
  const saved = params.get(SAVED_PARAM);
  return {
    page: q.page,
    pageSize: q.pageSize,
    sort: q.sort,
    direction: q.direction,
    status: q.status,
    search: q.search ?? '',
    criteria: cleanCriteria(q),
    savedFilterId: saved && SAVED_ID.test(saved) ? saved : null,
    assignedToMe: q.assigned === 'me',
  };
}

const requestOf = (s: TicketListState): TicketListRequestInput => ({
  ...cleanCriteria(s.criteria),
  page: s.page,
  pageSize: s.pageSize,
  sort: s.sort,
  direction: s.direction,
  status: s.status,
  search: s.search.trim(),
  ...(s.assignedToMe ? { assigned: 'me' as const } : {}),
});

/** The URL parameters of a state; defaults are left out so a plain /incidents stays plain. */
export function writeListState(s: TicketListState, defaultPageSize?: number): URLSearchParams {
  const p = writeListParams(ZTicketListRequestSchema, ZTicketListRequestSchema.parse(requestOf(s)), defaultPageSize === undefined ? {} : { pageSize: defaultPageSize });
  if (s.savedFilterId) p.set(SAVED_PARAM, s.savedFilterId);
  return p;
}

/**
 * A change of the screen's state as a change of its URL state (useListUrlState's `update`): the request's
 * own keys (criteria replaced as a whole, `assigned`) and the web-only `saved` to keep or drop.
 */
export function urlPatchOf(patch: Partial<TicketListState>): { request: Partial<TicketListRequest>; keep: Record<string, string | null> } {
  const { criteria, savedFilterId, assignedToMe, search, ...paging } = patch;
  const request: Record<string, unknown> = { ...paging };
  if (criteria !== undefined) {
    const clean = cleanCriteria(criteria);
    for (const k of TICKET_CRITERIA_KEYS) request[k] = clean[k];
  }
  if (assignedToMe !== undefined) request.assigned = assignedToMe ? 'me' : undefined;
  if (search !== undefined) request.search = search.trim() || undefined;
  const keep: Record<string, string | null> = savedFilterId === undefined ? {} : { [SAVED_PARAM]: savedFilterId };
  return { request: request, keep };
}

/** The list request of a state (the same query the export sends, without page and cursor there). */
export function listRequestOf(s: TicketListState, mine: boolean, canSearch: boolean): TicketListRequestInput {
  const search = canSearch ? s.search.trim() : '';
  return {
    ...s.criteria,
    page: s.page,
    pageSize: s.pageSize,
    sort: s.sort,
    direction: s.direction,
    status: s.status,
    ...(search ? { search } : {}),
    ...(mine ? { mine: true } : {}),
    ...(s.assignedToMe ? { assigned: 'me' as const } : {}),
  };
}

/** The parameters the request lists' Calendar link keeps (the calendar page reads them). */
export const CALENDAR_KEPT_PARAMS: readonly string[] = ['status', 'search', ...TICKET_CRITERIA_KEYS];
/** The calendar view of a request list (/requests or /myrequests/), keeping its status, search and criteria. */
export function calendarHref(mine: boolean, params: URLSearchParams): string {
  const kept: Record<string, string> = {};
  for (const k of CALENDAR_KEPT_PARAMS) {
    const v = params.get(k);
    if (v) kept[k] = v;
  }
  return (mine ? hrefs.myRequestCalendar : hrefs.requestCalendar)(undefined, kept);
}
