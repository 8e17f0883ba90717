import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZAuditListResponseSchema, ZEndSessionsResponseSchema, ZSignedInDevicesResponseSchema, type AuditListRequest } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

export const useAuditLog = (q: AuditListRequest) =>
  useQuery({
    queryKey: queryKeys.auditLog.list(q),
    queryFn: ({ signal }) => api.get('/audit-log', { query: q, schema: ZAuditListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

// --- Signed-in devices (User Preferences) ---

export const useSignedInDevices = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sessions.all,
    queryFn: ({ signal }) => api.get('/sessions', { schema: ZSignedInDevicesResponseSchema, signal }),
    enabled,
  });

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      id === 'others'
        ? api.post('/sessions/end-others', {}, { schema: ZEndSessionsResponseSchema })
        : api.delete(`/sessions/${id}`, { schema: ZEndSessionsResponseSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  });
}

