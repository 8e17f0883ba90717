import {
  DEFAULT_PAGE_SIZE,
  DEFAULT_TICKET_STATUS_FILTER,
  PAGE_SIZES,
  TICKET_CRITERIA_KEYS,
  TICKET_SORT_KEYS,
  TICKET_STATUS_FILTERS,
  ZTicketCriteriaSchema,
  type TicketCriteria,
  type TicketListRequestInput,
  type TicketSortKey,
  type TicketStatusFilter,
} from '@sc/common';

/**
 * The state of a ticket list screen. It lives in the URL (UI.md: Back works everywhere), as
 * page, size, sort, dir, status, q, filter (JSON of the criteria) and saved (the saved filter id).
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


export const DEFAULT_SORT: TicketSortKey = 'id';
export const DEFAULT_DIRECTION = 'desc';

const isSortKey = (v: string | null): v is TicketSortKey => !!v && (TICKET_SORT_KEYS as readonly string[]).includes(v);
const isStatus = (v: string | null): v is TicketStatusFilter => !!v && (TICKET_STATUS_FILTERS as readonly string[]).includes(v);
const SAVED_ID = /^[0-9a-f]{32}$/;

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

/** Criteria from the `filter` parameter; anything unreadable counts as no filter rather than an error page. */
export function parseCriteria(raw: string | null): TicketCriteria {
  if (!raw) return {};
  try {
    const value: unknown = JSON.parse(raw);
    return value && typeof value === 'object' ? cleanCriteria(value) : {};
  } catch {
    return {};
  }
}

/** `defaultPageSize` is the user's preferred page size (User Preferences); the URL names any other. */
export function readListState(params: URLSearchParams, defaultPageSize: number = DEFAULT_PAGE_SIZE): TicketListState {
  const size = Number(params.get('size'));
  const sort = params.get('sort');
  const status = params.get('status');
  const saved = params.get('saved');
  return {
    page: Math.max(1, Math.floor(Number(params.get('page'))) || 1),
    pageSize: (PAGE_SIZES as readonly number[]).includes(size) ? size : defaultPageSize,
    sort: isSortKey(sort) ? sort : DEFAULT_SORT,
    direction: params.get('dir') === 'asc' ? 'asc' : params.get('dir') === 'desc' ? 'desc' : DEFAULT_DIRECTION,
    status: isStatus(status) ? status : DEFAULT_TICKET_STATUS_FILTER,
    search: params.get('q') ?? '',
    criteria: parseCriteria(params.get('filter')),
    savedFilterId: saved && SAVED_ID.test(saved) ? saved : null,
    assignedToMe: params.get('assigned') === 'me',
  };
}

/** The URL parameters of a state; defaults are left out so a plain /incidents stays plain. */
export function writeListState(s: TicketListState, defaultPageSize: number = DEFAULT_PAGE_SIZE): URLSearchParams {
  const p = new URLSearchParams();
  if (s.page > 1) p.set('page', String(s.page));
  if (s.pageSize !== defaultPageSize) p.set('size', String(s.pageSize));
  if (s.sort !== DEFAULT_SORT || s.direction !== DEFAULT_DIRECTION) {
    p.set('sort', s.sort);
    p.set('dir', s.direction);
  }
  if (s.status !== DEFAULT_TICKET_STATUS_FILTER) p.set('status', s.status);
  if (s.search.trim()) p.set('q', s.search.trim());
  const criteria = cleanCriteria(s.criteria);
  if (Object.keys(criteria).length > 0) p.set('filter', JSON.stringify(criteria));
  if (s.savedFilterId) p.set('saved', s.savedFilterId);
  if (s.assignedToMe) p.set('assigned', 'me');
  return p;
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

/** A query string of a request object: empty values are left out, booleans and numbers as text. */
export function toQueryString(q: object): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q) as [string, unknown][]) {
    if (v === undefined || v === null || v === '') continue;
    if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') p.set(k, String(v));
  }
  return p.toString();
}

/** The parameters the request lists' Calendar link keeps (the calendar page reads them). */
export const CALENDAR_KEPT_PARAMS = ['status', 'q', 'filter'] as const;
export function calendarHref(listPath: string, params: URLSearchParams): string {
  const kept = new URLSearchParams();
  for (const k of CALENDAR_KEPT_PARAMS) {
    const v = params.get(k);
    if (v) kept.set(k, v);
  }
  const qs = kept.toString();
  return `${listPath.replace(/\/$/, '')}/calendar${qs ? `?${qs}` : ''}`;
}
