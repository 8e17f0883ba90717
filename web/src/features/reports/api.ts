import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZReportEmbedTokenSchema, ZReportResponseSchema, type ReportQuery } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

// Reports reads (requirements §13.2, §13.6); keys from the one registry (api/query-keys.ts).

export const useReport = (reportId: string, q: ReportQuery) =>
  useQuery({
    queryKey: queryKeys.reports.detail(reportId, q),
    queryFn: ({ signal }) => api.get(`/reports/${reportId}`, { query: q, schema: ZReportResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

/** The embed token of an external report: fetched by the server with its secret; never cached past the page. */
export const useReportEmbedToken = (reportId: string, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.reports.embedToken(reportId),
    queryFn: ({ signal }) => api.get(`/reports/${reportId}/embed-token`, { schema: ZReportEmbedTokenSchema, signal }),
    enabled,
    retry: false,
    gcTime: 0,
    staleTime: 0,
  });
