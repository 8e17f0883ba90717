import {
  canEditTicket,
  TICKET_EXACT_COUNT_LIMIT,
  TICKET_KEYSET_SORTS,
  type IncidentRow,
  type KeysetPage,
  type ServiceRequestRow,
  type TicketListRequest,
  type TicketType,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { cachedTicketCount } from '../../db/cache/ticket-counts.ts';
import { decodeCursor, keysetEnvelope, sliceOf } from '../../http/paging.ts';
import {
  countTickets,
  estimateTickets,
  keysetValueOf,
  selectTicketPage,
  type TicketListRecord,
} from './list.queries.ts';
import type { TicketKeyset, TicketListFilter, TicketOrder } from './list.types.ts';
import { WALK_SORTS, WALK_WINDOW } from './list.walk.queries.ts';
import { baseFilterOf, filterNarrowsBase } from './list.where.queries.ts';


const FALLBACK_TIME_ZONE = 'UTC';
/** Zone names seen so far: building an Intl.DateTimeFormat per request cost ~4% of a list call. */
const knownZones = new Map<string, boolean>();
const isTimeZone = (tz: string): boolean => {
  const known = knownZones.get(tz);
  if (known !== undefined) return known;
  let valid: boolean;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: tz });
    valid = true;
  } catch {
    valid = false;
  }
  if (knownZones.size < 1000) knownZones.set(tz, valid);
  return valid;
};

/**
 * The filter of a list or export: the customer and (for a User, or `mine`) the contact come from the
 * session; nothing in the query can widen them.
 */
export function listFilterFor(scope: Scope, ticketType: TicketType, q: TicketListRequest): TicketListFilter {
  const ownOnly = scope.userType === 'User' || q.mine === true;
  const { page: _p, pageSize: _s, sort: _o, direction: _d, status, search, mine: _m, cursor: _c, assigned, ...criteria } = q;
  return {
    cid: scope.cid,
    ticketType,
    ...(ownOnly ? { contactId: scope.contactId } : {}),
    ...(assigned === 'me' ? { assignedContactId: scope.contactId } : {}),
    status,
    ...(search ? { search } : {}),
    criteria,
    timeZone: isTimeZone(scope.user.timeZone) ? scope.user.timeZone : FALLBACK_TIME_ZONE,
  };
}

const isKeysetSort = (sort: string): boolean => TICKET_KEYSET_SORTS.includes(sort as TicketOrder['sort']);
const cursorValueValid = (o: TicketOrder) => (v: string | number) => o.sort !== 'openDate' || !Number.isNaN(Date.parse(String(v)));

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The list row of requirements §2.2, with the Edit rule of ticket-rules.ts evaluated for the caller. */
export function presentServiceRequestRow(scope: Scope, r: TicketListRecord): ServiceRequestRow {
  return {
    id: r.id,
    ticketNo: r.ticketNo,
    ticketType: r.ticketType,
    status: r.status,
    assignedToName: r.assignedToName,
    shortDescription: r.shortDescription,
    priorityId: r.priorityId,
    priorityName: r.priorityName,
    severityShort: r.severityShort,
    severityName: r.severityName,
    openDate: r.openDate.toISOString(),
    className: r.className,
    subclassName: r.subclassName,
    targetName: r.targetName,
    targetContactId: r.targetContactId,
    contactId: r.contactId,
    contactName: r.contactName,
    isVip: r.isVip,
    canEdit: canEditTicket(scope, { cid: r.cid, contactId: r.contactId }),
    description: r.description,
    requestedStartDate: iso(r.requestedStartDate),
    requestedEndDate: iso(r.requestedEndDate),
    assignedStaffId: r.assignedStaffId,
    assignedContactId: r.assignedContactId,
    reassignmentTemplateId: r.reassignmentTemplateId,
  };
}

/** Incidents carry the same fields; the response schema strips the request-only ones. */
export const presentIncidentRow = (scope: Scope, r: TicketListRecord): IncidentRow => presentServiceRequestRow(scope, r);

/** Up to this many matches, a search's page is fetched by filtering first, then sorting (list.queries.ts orderBy). */
const SEARCH_FILTER_FIRST_BELOW = 2000;

/**
 * A walk of the list's base (list.walk.queries.ts walkedIds) is chosen when, spread evenly, the matches
 * would fill the page within a quarter of the walk's window: rows walked ≈ (offset + limit) × base ÷ matches.
 * Past that a rarer term or filter is cheaper filtered first. The counts are the lists' own (usually
 * remembered). Date ranges are not spread evenly along the ids and dates the sorts follow: only a range
 * that reaches today (no end) is walked, newest first, where its matches are.
 */
export function walkPays(filter: TicketListFilter, order: TicketOrder, rowsNeeded: number, matches: number, base: number): boolean {
  if (matches === 0) return false;
  const c = filter.criteria;
  if (c.openDateTo !== undefined || c.requestedStartTo !== undefined) return false;
  if ((c.openDateFrom !== undefined || c.requestedStartFrom !== undefined) && !(order.sort === 'id' && order.direction === 'desc')) return false;
  return (rowsNeeded * base) / matches <= WALK_WINDOW / 4;
}

const countValue = (c: { exact: number; estimate: number | null }): number => c.estimate ?? c.exact;

/** The exact count up to the bound, and above it the planner's estimate; remembered per filter (db/cache/ticket-counts.ts). */
function countOf(db: Db, filter: TicketListFilter): Promise<{ exact: number; estimate: number | null }> {
  return cachedTicketCount(filter.cid, JSON.stringify(filter), async () => {
    const exact = await countTickets(db, filter, TICKET_EXACT_COUNT_LIMIT);
    return { exact, estimate: exact > TICKET_EXACT_COUNT_LIMIT ? await estimateTickets(db, filter) : null };
  });
}

/** The list's total for the caller and query, counted exactly as listTickets counts it (the home page's big numbers). */
export async function countTicketsFor(db: Db, scope: Scope, ticketType: TicketType, q: TicketListRequest): Promise<{ total: number; totalIsEstimate: boolean }> {
  const counted = await countOf(db, listFilterFor(scope, ticketType, q));
  return counted.estimate === null ? { total: counted.exact, totalIsEstimate: false } : { total: Math.max(counted.estimate, TICKET_EXACT_COUNT_LIMIT + 1), totalIsEstimate: true };
}

/**
 * One page of incidents or service requests for the caller (requirements §2.1 'Ticket list screens').
 * Every signed-in type may list; a User only ever gets its own contact's tickets (requirements §2.1).
 */
export async function listTickets(db: Db, scope: Scope, ticketType: TicketType, q: TicketListRequest): Promise<KeysetPage<ServiceRequestRow>> {
  const filter = listFilterFor(scope, ticketType, q);
  const order: TicketOrder = { sort: q.sort, direction: q.direction };
  const after: TicketKeyset | undefined = q.cursor ? decodeCursor(order, q.cursor, TICKET_KEYSET_SORTS, cursorValueValid(order)) : undefined;
  const slice = sliceOf(q);
  // A cursor page starts at its cursor: the page number's OFFSET does not apply.
  const pageOpts = { limit: slice.limit + 1, offset: after ? 0 : slice.offset, ...(after ? { after } : {}) };
  let records: TicketListRecord[];
  let counted: Awaited<ReturnType<typeof countOf>>;
  const statusInBase = order.sort === 'id';
  const walkable = WALK_SORTS.has(order.sort) && filterNarrowsBase(filter, statusInBase);
  if (walkable || filter.search) {
    // A search, criteria or (for sorts other than id) a status: the counts (usually remembered) tell how
    // common the matches are in the list they narrow, which decides how to fetch the page. The page is
    // read even when the count says none: a remembered count may be older than another process's write
    // (db/cache/ticket-counts.ts), and a page without matches costs little.
    const [all, base] = await Promise.all([countOf(db, filter), walkable ? countOf(db, baseFilterOf(filter, statusInBase)) : undefined]);
    counted = all;
    const walk = base !== undefined && walkPays(filter, order, pageOpts.offset + pageOpts.limit, countValue(all), countValue(base));
    records = await selectTicketPage(db, filter, order, walk ? { ...pageOpts, walk } : filter.search ? { ...pageOpts, filterFirst: all.exact <= SEARCH_FILTER_FIRST_BELOW } : pageOpts);
  } else {
    [records, counted] = await Promise.all([selectTicketPage(db, filter, order, pageOpts), countOf(db, filter)]);
  }
  const total =
    counted.estimate === null ? { total: counted.exact, totalIsEstimate: false } : { total: Math.max(counted.estimate, TICKET_EXACT_COUNT_LIMIT + 1), totalIsEstimate: true };
  return keysetEnvelope(
    { ...q, ...order },
    records,
    total,
    isKeysetSort(order.sort) ? (last) => ({ value: keysetValueOf(order, last), id: last.id }) : null,
    (r) => presentServiceRequestRow(scope, r),
  );
}
