import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOutboxListResponseSchema, ZOutboxMessageSchema, type OutboxListRequest } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const outboxKeys = queryKeys.outbox;

export const useOutbox = (q: OutboxListRequest) =>
  useQuery({
    queryKey: outboxKeys.list(q),
    queryFn: ({ signal }) => api.get('/mail/outbox', { query: q, schema: ZOutboxListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useOutboxMessage = (id: number | null) =>
  useQuery({
    queryKey: outboxKeys.message(id ?? 0),
    queryFn: ({ signal }) => api.get(`/mail/outbox/${id}`, { schema: ZOutboxMessageSchema, signal }),
    enabled: id !== null,
  });

export function useRetryOutbox() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/mail/outbox/${id}/retry`, undefined, { schema: ZOutboxMessageSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: outboxKeys.all }),
  });
}
