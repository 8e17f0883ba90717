import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  HOME_GRID_ROWS,
  ZHomeResponseSchema,
  ZIncidentListResponseSchema,
  ZServiceRequestListResponseSchema,
  type IncidentRow,
  type ServiceRequestRow,
  type TicketType,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';
import { TICKET_COLLECTIONS } from '../../api/ticket-lists.ts';

/** My … (the caller's own contact's) or My Assigned … (assigned to the caller's contact). */
export type HomeTicketScope = 'mine' | 'assigned';

/** An incident row, or a request row with the assignment fields. */
export type HomeGridRow = IncidentRow | ServiceRequestRow;

const homeKeys = {
  home: queryKeys.home.all,
  grid: (type: TicketType, scope: HomeTicketScope) => queryKeys.home.grid(type, scope),
};

const homeQueryOptions = () =>
  queryOptions({
    queryKey: homeKeys.home,
    queryFn: ({ signal }) => api.get('/home', { schema: ZHomeResponseSchema, signal }),
  });

export const useHome = () => useQuery(homeQueryOptions());

/**
 * A home grid's 10 newest tickets of any status: requirements §4's default ticket query (page 1, size 10, IncidentID
 * descending, showClosed true) through the list API. Request rows carry the assignment fields the home
 * Edit rule reads; incident rows are the same rows without them.
 */
export const useHomeGrid = (type: TicketType, scope: HomeTicketScope) =>
  useQuery({
    queryKey: homeKeys.grid(type, scope),
    queryFn: ({ signal }) =>
      api.get(TICKET_COLLECTIONS[type], {
        query: { ...(scope === 'mine' ? { mine: true } : { assigned: 'me' }), status: '<ALL>', pageSize: HOME_GRID_ROWS },
        schema: type === 'Incident' ? ZIncidentListResponseSchema : ZServiceRequestListResponseSchema,
        signal,
      }) as Promise<{ rows: HomeGridRow[]; total: number; totalIsEstimate: boolean }>,
    placeholderData: keepPreviousData,
  });
