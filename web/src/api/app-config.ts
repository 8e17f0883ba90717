import { queryOptions } from '@tanstack/react-query';
import { ZPublicConfigSchema } from '@sc/common';
import { api } from './client.ts';

/** GET /api/v1/config, needed before sign-in (footer, chat). Key prefix 'public': kept across sign-in and sign-out. */
export const appConfigQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'config'],
    queryFn: ({ signal }) => api.get('/config', { schema: ZPublicConfigSchema, signal }),
    staleTime: Infinity,
  });
