import type { QueryClient } from '@tanstack/react-query';
import { canSearchTicketLists, ZTicketListRequestSchema, type SessionResponse, type SignedInUser, type TicketListRequestInput } from '@sc/common';
import { readListParams } from '../../ui/list/list-params.ts';
import { sessionKeys } from '../auth/api.ts';
import { preferredPageSizeOf } from '../auth/use-preferred-page-size.ts';
import { ticketListQuery, type TicketListKind } from './api.ts';
import { listRequestOf, listStateOf } from './list-state.ts';
import { pagedRequest } from './use-cursor-paging.ts';

// The list's first request, started with the navigation (docs/decisions/038-list-prefetch.md).

/** The list a path shows: /incidents, /requests (Org Tickets), /myincidents/{some?}, /myrequests/{some?} (My Tickets). */
export function ticketListRouteOf(pathname: string): { kind: TicketListKind; mine: boolean } {
  return { kind: /^\/(my)?requests/.test(pathname) ? 'request' : 'incident', mine: pathname.startsWith('/my') };
}

/**
 * The API request of a list page from its URL, as TicketListPage builds it: the URL parsed by the request
 * schema with the user's page size as default, the screen's state, the request (search only for those who
 * may), and the page's cursor when the query cache knows the previous page.
 */
export function ticketListRequestFor(qc: QueryClient, kind: TicketListKind, mine: boolean, params: URLSearchParams, user: SignedInUser): TicketListRequestInput {
  const state = listStateOf(readListParams(ZTicketListRequestSchema, params, { pageSize: preferredPageSizeOf(user) }), params);
  return pagedRequest(qc, kind, listRequestOf(state, mine, canSearchTicketLists(user)));
}

/**
 * Fetches the page a list route will ask for (`pathname` without the app's base), so that the request
 * runs while the route's chunk loads and renders instead of after. Signed out: nothing. The page's own
 * query then finds it in the cache, or still in flight, under the same key.
 */
export function prefetchTicketList(qc: QueryClient, pathname: string, params: URLSearchParams): void {
  const user = qc.getQueryData<SessionResponse | null>(sessionKeys.me)?.user;
  if (!user) return;
  const { kind, mine } = ticketListRouteOf(pathname);
  void qc.prefetchQuery(ticketListQuery(kind, ticketListRequestFor(qc, kind, mine, params, user)));
}
