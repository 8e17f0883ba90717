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

/** Query keys of jobs and billing: one root, so a saved job refreshes every view of it. */
export const jobKeys = {
  all: ['jobs'] as const,
  list: (q: JobListRequest) => ['jobs', 'list', q] as const,
  detail: (id: number) => ['jobs', 'detail', id] as const,
  services: (q: ManagedServiceListRequest) => ['jobs', 'services', q] as const,
  balances: (jobId: number | undefined, asOfDate: string) => ['jobs', 'balances', jobId ?? null, asOfDate] as const,
  invoice: (id: number) => ['jobs', 'invoice', id] as const,
  products: (jobId: number, q: ProductListRequest) => ['jobs', 'products', jobId, q] as const,
  timeData: (jobId: number, q: TimeEntryListRequest) => ['jobs', 'time', jobId, q] as const,
};

/** A query string of the defined, non-empty values. */
export function queryString(q: Record<string, string | number | boolean | undefined | null>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== null && v !== '') p.set(k, String(v));
  const s = p.toString();
  return s ? `?${s}` : '';
}

export const useJobList = (q: JobListRequest) =>
  useQuery({
    queryKey: jobKeys.list(q),
    queryFn: ({ signal }) => api.get(`/jobs${queryString({ ...q })}`, { schema: ZJobListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useJob = (id: number | undefined) =>
  useQuery({
    queryKey: jobKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/jobs/${id}`, { schema: ZJobDetailSchema, signal }),
    enabled: id !== undefined,
  });

export function useSaveJob() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: JobSaveRequest }) =>
      id === undefined ? api.post('/jobs', body, { schema: ZJobDetailSchema }) : api.put(`/jobs/${id}`, body, { schema: ZJobDetailSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: jobKeys.all }),
  });
}

export const useManagedServices = (q: ManagedServiceListRequest) =>
  useQuery({
    queryKey: jobKeys.services(q),
    queryFn: ({ signal }) => api.get(`/managed-services${queryString({ ...q })}`, { schema: ZManagedServiceListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useBalances = (jobId: number | undefined, asOfDate: string) =>
  useQuery({
    queryKey: jobKeys.balances(jobId, asOfDate),
    queryFn: ({ signal }) => api.get(`/balances${queryString({ jobId, asOfDate })}`, { schema: ZBalanceResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useInvoiceDetails = (id: number) =>
  useQuery({ queryKey: jobKeys.invoice(id), queryFn: ({ signal }) => api.get(`/invoices/${id}`, { schema: ZInvoiceDetailsResponseSchema, signal }) });

export const useProducts = (jobId: number, q: ProductListRequest) =>
  useQuery({
    queryKey: jobKeys.products(jobId, q),
    queryFn: ({ signal }) => api.get(`/jobs/${jobId}/products${queryString({ ...q })}`, { schema: ZProductListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useTimeData = (jobId: number, q: TimeEntryListRequest) =>
  useQuery({
    queryKey: jobKeys.timeData(jobId, q),
    queryFn: ({ signal }) => api.get(`/jobs/${jobId}/time-entries${queryString({ ...q })}`, { schema: ZTimeEntryListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });
