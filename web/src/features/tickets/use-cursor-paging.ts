import type { QueryClient } from '@tanstack/react-query';
import type { TicketListRequestInput, TicketType } from '@sc/common';
import { ticketListKeys, type TicketListResponse } from './api.ts';

/**
 * The request of a page, with the keyset cursor when it is known (docs/decisions/003): page p uses
 * the `nextCursor` of page p - 1 as it was fetched (itself by cursor or by page), read from the query
 * cache. So Next, Previous and Next again page by cursor; a page reached without one (a reload, a deep
 * link, a cache entry gone) is asked for by `page` (OFFSET).
 */
export function pagedRequest(qc: QueryClient, kind: TicketType, request: TicketListRequestInput): TicketListRequestInput {
  const page = Number(request.page ?? 1);
  let previous: TicketListRequestInput | null = null;
  for (let p = 1; p <= page; p += 1) {
    const cursor: string | null | undefined = previous ? qc.getQueryData<TicketListResponse>(ticketListKeys.list(kind, previous))?.nextCursor : undefined;
    const { cursor: _unused, ...rest } = request;
    previous = cursor ? { ...rest, page: p, cursor } : { ...rest, page: p };
  }
  return previous ?? request;
}
