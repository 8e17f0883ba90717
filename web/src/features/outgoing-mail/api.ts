import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZOutboxListResponseSchema, ZOutboxMessageSchema, type OutboxListRequest } from '@sc/common';
import { api } from '../../api/client.ts';

export const outboxKeys = {
  all: ['outbox'] as const,
  list: (q: OutboxListRequest) => ['outbox', 'list', q] as const,
  message: (id: number) => ['outbox', 'message', id] as const,
};

const queryString = (q: OutboxListRequest) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export const useOutbox = (q: OutboxListRequest) =>
  useQuery({
    queryKey: outboxKeys.list(q),
    queryFn: ({ signal }) => api.get(`/mail/outbox?${queryString(q)}`, { schema: ZOutboxListResponseSchema, signal }),
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
