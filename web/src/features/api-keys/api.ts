import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZApiKeyCreatedResponseSchema, ZApiKeySchema, ZApiKeysResponseSchema, type ApiKeyCreateRequest } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const apiKeyKeys = queryKeys.apiKeys;

export const useApiKeys = () =>
  useQuery({ queryKey: apiKeyKeys.all, queryFn: ({ signal }) => api.get('/api-keys', { schema: ZApiKeysResponseSchema, signal }) });

export function useCreateApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ApiKeyCreateRequest) => api.post('/api-keys', body, { schema: ZApiKeyCreatedResponseSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}

export function useRevokeApiKey() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/api-keys/${id}/revoke`, undefined, { schema: ZApiKeySchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: apiKeyKeys.all }),
  });
}
