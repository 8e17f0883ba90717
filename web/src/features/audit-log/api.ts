import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZAuditListResponseSchema, type AuditListRequest } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

export const useAuditLog = (q: AuditListRequest) =>
  useQuery({
    queryKey: queryKeys.auditLog.list(q),
    queryFn: ({ signal }) => api.get('/audit-log', { query: q, schema: ZAuditListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
