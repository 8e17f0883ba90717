import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZBalanceResponseSchema,
  ZInvoiceDetailsResponseSchema,
  ZJobDetailSchema,
  ZJobListResponseSchema,
  ZManagedServiceListResponseSchema,
  ZProductListResponseSchema,
  ZTimeEntryListResponseSchema,
  type JobListRequest,
  type JobSaveRequest,
  type ManagedServiceListRequest,
  type ProductListRequest,
  type TimeEntryListRequest,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { invalidateJobWrite, queryKeys } from '../../api/query-keys.ts';

// Jobs and billing reads and the job save; keys from the one registry (api/query-keys.ts), list
// requests encoded by the API client's query option (api/query-string.ts).

export const useJobList = (q: JobListRequest) =>
  useQuery({
    queryKey: queryKeys.jobs.list(q),
    queryFn: ({ signal }) => api.get('/jobs', { query: q, schema: ZJobListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useJob = (id: number | undefined) =>
  useQuery({
    queryKey: queryKeys.jobs.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/jobs/${id}`, { schema: ZJobDetailSchema, signal }),
    enabled: id !== undefined,
  });

export function useSaveJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: JobSaveRequest }) =>
      id === undefined ? api.post('/jobs', body, { schema: ZJobDetailSchema }) : api.put(`/jobs/${id}`, body, { schema: ZJobDetailSchema }),
    onSuccess: () => invalidateJobWrite(qc),
  });
}

export const useManagedServices = (q: ManagedServiceListRequest) =>
  useQuery({
    queryKey: queryKeys.jobs.services(q),
    queryFn: ({ signal }) => api.get('/managed-services', { query: q, schema: ZManagedServiceListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useBalances = (jobId: number | undefined, asOfDate: string) =>
  useQuery({
    queryKey: queryKeys.jobs.balances({ jobId, asOfDate }),
    queryFn: ({ signal }) => api.get('/balances', { query: { jobId, asOfDate }, schema: ZBalanceResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useInvoiceDetails = (id: number) =>
  useQuery({ queryKey: queryKeys.jobs.invoice(id), queryFn: ({ signal }) => api.get(`/invoices/${id}`, { schema: ZInvoiceDetailsResponseSchema, signal }) });

export const useProducts = (jobId: number, q: ProductListRequest) =>
  useQuery({
    queryKey: queryKeys.jobs.products(jobId, q),
    queryFn: ({ signal }) => api.get(`/jobs/${jobId}/products`, { query: q, schema: ZProductListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useTimeData = (jobId: number, q: TimeEntryListRequest) =>
  useQuery({
    queryKey: queryKeys.jobs.timeData(jobId, q),
    queryFn: ({ signal }) => api.get(`/jobs/${jobId}/time-entries`, { query: q, schema: ZTimeEntryListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
