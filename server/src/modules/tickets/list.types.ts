import type { TicketCriteria, TicketSortKey, TicketStatusFilter, TicketType } from '@sc/common';

// The words of the ticket-list engine, shared by its files (list.queries.ts, list.blocks.queries.ts,
// list.walk.queries.ts, list.order.queries.ts, list.where.queries.ts) and its callers. Types only,
// importing nothing of the engine: each engine file imports them from here, so none imports back from a
// file that imports it.

/** What a list or export selects: built by the service from the scope and the validated query. */
export interface TicketListFilter {
  cid: number;
  ticketType: TicketType;
  /** Only this contact's tickets (a User always; anyone with mine=true). */
  contactId?: number;
  /** Only tickets assigned to this contact (assigned=me: the caller's HD-shared-operator assignments). */
  assignedContactId?: number;
  /** Only this device's tickets (the bridged 'Service Requests by DeviceID', requirements §16.3). */
  deviceId?: number;
  status: TicketStatusFilter;
  search?: string;
  criteria: TicketCriteria;
  /** IANA zone in which bare dates (YYYY-MM-DD) of the criteria are read. */
  timeZone: string;
}

export interface TicketOrder {
  sort: TicketSortKey;
  direction: 'asc' | 'desc';
}

/** Where a keyset page starts: the sort value and id of the previous page's last row. */
export interface TicketKeyset {
  value: string | number;
  id: number;
}

export interface TicketPageOptions {
  limit: number;
  offset: number;
  after?: TicketKeyset;
  filterFirst?: boolean;
  /** Walk the base list in the sort's order, testing the rest row by row (see walkedIds); WALK_SORTS only. */
  walk?: boolean;
  /** The walk's window (WALK_WINDOW; tests make it small to reach the second branch). */
  walkWindow?: number;
}

/** The variant of each WHERE condition (list.where.queries.ts CONDITIONS; undefined: not used). */
export type WhereShape = readonly (string | undefined)[];

/** Everything that changes the page query's SQL text (never a value: values are parameters). */
export interface PageShape {
  ticketType: TicketType;
  where: WhereShape;
  order: TicketOrder;
  after: boolean;
  /** drizzle leaves out `offset` when it is 0: an OFFSET page is its own shape. */
  offset: boolean;
  /** The page's LIMIT written into the SQL (LITERAL_LIMITS), or undefined: a parameter. */
  limit: number | undefined;
  filterFirst: boolean;
  walk: boolean;
  priorityById: boolean;
  /** Only lists without a search or a date range are named statements (see selectTicketPage). */
  named: boolean;
}
