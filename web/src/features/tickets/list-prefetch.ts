import type { QueryClient } from '@tanstack/react-query';
import { canSearchTicketLists, ZTicketListRequestSchema, type SessionResponse, type SignedInUser, type TicketListRequest, type TicketListRequestInput, type TicketType } from '@sc/common';
import { readListParams } from '../../ui/list/list-params.ts';
import { sessionKeys } from '../auth/api.ts';
import { preferredPageSizeOf } from '../auth/use-preferred-page-size.ts';
import { ticketListQuery } from './api.ts';
import { pagedRequest } from './use-cursor-paging.ts';

// The list's first request, started with the navigation (docs/decisions/038-list-prefetch.md).

/** The list a path shows: /incidents, /requests (Org Tickets), /myincidents/{some?}, /myrequests/{some?} (My Tickets). */
export function ticketListRouteOf(pathname: string): { kind: TicketType; mine: boolean } {
  return { kind: /^\/(my)?requests/.test(pathname) ? 'ServiceRequest' : 'Incident', mine: pathname.startsWith('/my') };
}

/**
 * The API request of a list page, as the page sends it and the prefetch starts it: the URL state (the
 * list's request, parsed by its schema) with the route's `mine` and without a search for those who may not
 * search, with the page's cursor when the query cache knows the previous page. One function, so both find
 * the page under one key.
 */
export function ticketListRequestOf(qc: QueryClient, kind: TicketType, mine: boolean, state: TicketListRequest, user: SignedInUser): TicketListRequestInput {
  // The route decides `mine`, not the URL; `search` is ignored for those who have no search box.
  const request: TicketListRequestInput = { ...state, mine: mine || undefined, search: canSearchTicketLists(user) ? state.search : undefined };
  return pagedRequest(qc, kind, request);
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
  // The request as the page reads it from the URL (use-list-url-state.ts), the user's page size the default.
  const state = readListParams(ZTicketListRequestSchema, params, { pageSize: preferredPageSizeOf(user) });
  void qc.prefetchQuery(ticketListQuery(kind, ticketListRequestOf(qc, kind, mine, state, user)));
}
