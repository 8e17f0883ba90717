import { useQuery } from '@tanstack/react-query';
import { ZSearchResponseSchema } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

/**
 * The global search for one term. The term is in the query key, so an answer can only ever show
 * for the term it was asked for; when the term changes the older query loses its observer and
 * TanStack Query aborts its request through the signal (a newer query cancels the older one).
 */
export const useGlobalSearch = (term: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.search(term),
    queryFn: ({ signal }) => api.get('/search', { query: { q: term }, schema: ZSearchResponseSchema, signal }),
    enabled,
    // Look-ahead results go stale with every ticket saved; a minute avoids re-asking on refocus.
    staleTime: 60_000,
    retry: false,
  });
