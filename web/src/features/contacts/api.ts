import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZContactDetailSchema,
  ZContactEmailPreferencesSchema,
  ZContactListResponseSchema,
  ZContactLookupsResponseSchema,
  ZContactTicketsResponseSchema,
  type ContactAccessUpdate,
  type ContactListRequest,
  type ContactSaveRequest,
  type ContactTicketsRequestInput,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { invalidateContactWrite, queryKeys } from '../../api/query-keys.ts';

const contactKeys = queryKeys.contacts;

const contactListOptions = (q: ContactListRequest) =>
  queryOptions({
    queryKey: contactKeys.list(q),
    queryFn: ({ signal }) => api.get('/contacts', { query: q, schema: ZContactListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useContactList = (q: ContactListRequest) => useQuery(contactListOptions(q));

export const useContact = (id: number | undefined) =>
  useQuery({
    queryKey: contactKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/contacts/${id}`, { schema: ZContactDetailSchema, signal }),
    enabled: id !== undefined,
  });

export const useContactLookups = () =>
  useQuery({ queryKey: contactKeys.lookups, queryFn: ({ signal }) => api.get('/contacts/lookups', { schema: ZContactLookupsResponseSchema, signal }), staleTime: 300_000 });

export const useContactTickets = (id: number, q: ContactTicketsRequestInput) =>
  useQuery({
    queryKey: contactKeys.tickets(id, q),
    queryFn: ({ signal }) => api.get(`/contacts/${id}/tickets`, { query: q, schema: ZContactTicketsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useContactPreferences = (id: number) =>
  useQuery({
    queryKey: contactKeys.preferences(id),
    queryFn: ({ signal }) => api.get(`/contacts/${id}/email-preferences`, { schema: ZContactEmailPreferencesSchema, signal }),
  });

export function useSaveContact() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: ContactSaveRequest }) =>
      id === undefined ? api.post('/contacts', body, { schema: ZContactDetailSchema }) : api.put(`/contacts/${id}`, body, { schema: ZContactDetailSchema }),
    onSuccess: () => invalidateContactWrite(qc),
  });
}

export function useContactAction(action: 'disable' | 'approve') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/contacts/${id}/${action}`),
    onSuccess: () => invalidateContactWrite(qc),
  });
}

export function useSaveAccess(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactAccessUpdate) => api.put(`/contacts/${id}/access`, body, { schema: ZContactDetailSchema }),
    onSuccess: () => invalidateContactWrite(qc),
  });
}
