import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZIncidentListResponseSchema,
  ZLatestActionsResponseSchema,
  ZServiceRequestListResponseSchema,
  ZTicketFilterListResponseSchema,
  ZTicketFilterSchema,
  ZTicketLookupsResponseSchema,
  type IncidentListResponse,
  type ServiceRequestListResponse,
  type TicketFilterSaveRequest,
  type TicketFilterListRequestInput,
  type TicketFilterSearchType,
  type TicketListRequestInput,
  type TicketType,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { withQuery } from '../../api/query-string.ts';
import { TICKET_COLLECTIONS } from '../../api/ticket-lists.ts';

/** The saved filters' name of a list's type (requirements §2.5: SearchType). */
export const searchTypeOf = (type: TicketType): TicketFilterSearchType => (type === 'Incident' ? 'Incidents' : 'Requests');

/** The browser's remembered columns and preview width are per list, under the lists' names of before issue 31. */
export const listStorageId = (type: TicketType, mine: boolean): string => `${type === 'Incident' ? 'incident' : 'request'}${mine ? '-mine' : ''}`;

export const ticketListKeys = {
  list: (kind: TicketType, q: TicketListRequestInput) => queryKeys.tickets.list(kind, q),
  filters: queryKeys.tickets.filters,
  filterPage: queryKeys.tickets.filterPage,
  filter: queryKeys.tickets.filter,
  latestActions: queryKeys.tickets.latestActions,
  lookups: queryKeys.tickets.lookups,
};

export type TicketListResponse = IncidentListResponse | ServiceRequestListResponse;

/** The query of one list page: useTicketList and the list route's prefetch (list-prefetch.ts) share it. */
export const ticketListQuery = (kind: TicketType, q: TicketListRequestInput) =>
  queryOptions<TicketListResponse>({
    queryKey: ticketListKeys.list(kind, q),
    queryFn: ({ signal }) =>
      kind === 'Incident'
        ? api.get(TICKET_COLLECTIONS.Incident, { query: q, schema: ZIncidentListResponseSchema, signal })
        : api.get(TICKET_COLLECTIONS.ServiceRequest, { query: q, schema: ZServiceRequestListResponseSchema, signal }),
  });

export function useTicketList(kind: TicketType, q: TicketListRequestInput) {
  return useQuery<TicketListResponse>({
    ...ticketListQuery(kind, q),
    // The previous page stays on screen (dimmed by the grid's loading state) instead of a blank grid.
    placeholderData: keepPreviousData,
  });
}

export const useTicketLookups = (enabled: boolean) =>
  useQuery({
    queryKey: ticketListKeys.lookups,
    queryFn: ({ signal }) => api.get('/tickets/lookups', { schema: ZTicketLookupsResponseSchema, signal }),
    staleTime: 5 * 60_000,
    enabled,
  });

export const useSavedFilters = (q: TicketFilterListRequestInput, enabled: boolean) =>
  useQuery({
    queryKey: ticketListKeys.filterPage(q.searchType, q),
    queryFn: ({ signal }) => api.get('/ticket-filters', { query: q, schema: ZTicketFilterListResponseSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The applied saved filter (its name for the Filter indicator); 404 when it was deleted or is not visible. */
export const useSavedFilter = (type: TicketFilterSearchType, id: string | null) =>
  useQuery({
    queryKey: ticketListKeys.filter(type, id ?? ''),
    queryFn: ({ signal }) => api.get(`/ticket-filters/${type}/${id}`, { schema: ZTicketFilterSchema, signal }),
    enabled: id !== null,
    staleTime: 60_000,
  });

export function useSaveFilter() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TicketFilterSaveRequest) => api.put('/ticket-filters', body, { schema: ZTicketFilterSchema }),
    onSuccess: (saved) => qc.invalidateQueries({ queryKey: ticketListKeys.filters(saved.searchType) }),
  });
}

export function useDeleteFilter(type: TicketFilterSearchType) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete(`/ticket-filters/${type}/${id}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: ticketListKeys.filters(type) }),
  });
}

export const useLatestActions = (id: number | null) =>
  useQuery({
    queryKey: ticketListKeys.latestActions(id ?? 0),
    queryFn: ({ signal }) => api.get(`/incidents/${id}/latest-actions`, { schema: ZLatestActionsResponseSchema, signal }),
    enabled: id !== null,
    staleTime: 0,
  });

/** The export URL of the current query (page, size and cursor mean nothing there). */
export function exportPath(kind: TicketType, q: TicketListRequestInput): string {
  const { page: _page, pageSize: _size, cursor: _cursor, ...rest } = q;
  return withQuery(`${TICKET_COLLECTIONS[kind]}/export`, rest);
}
