import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  HOME_GRID_ROWS,
  ZHomeResponseSchema,
  ZIncidentListResponseSchema,
  ZServiceRequestListResponseSchema,
  type IncidentRow,
  type ServiceRequestRow,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/** The two ticket kinds of the home grids, by their list API path. */
export type HomeTicketKind = 'incidents' | 'service-requests';
/** My … (the caller's own contact's) or My Assigned … (assigned to the caller's contact). */
export type HomeTicketScope = 'mine' | 'assigned';

/** An incident row, or a request row with the assignment fields. */
export type HomeGridRow = IncidentRow | ServiceRequestRow;

export const homeKeys = {
  home: queryKeys.home.all,
  grid: (kind: HomeTicketKind, scope: HomeTicketScope) => queryKeys.home.grid(kind, scope),
};

export const homeQueryOptions = () =>
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
export const useHomeGrid = (kind: HomeTicketKind, scope: HomeTicketScope) =>
  useQuery({
    queryKey: homeKeys.grid(kind, scope),
    queryFn: ({ signal }) =>
      api.get(`/${kind}`, {
        query: { ...(scope === 'mine' ? { mine: true } : { assigned: 'me' }), status: '<ALL>', pageSize: HOME_GRID_ROWS },
        schema: kind === 'incidents' ? ZIncidentListResponseSchema : ZServiceRequestListResponseSchema,
        signal,
      }) as Promise<{ rows: HomeGridRow[]; total: number; totalIsEstimate: boolean }>,
    placeholderData: keepPreviousData,
  });
