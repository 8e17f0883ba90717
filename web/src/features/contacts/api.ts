import { keepPreviousData, queryOptions, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZContactDetailSchema,
  ZContactEmailPreferencesSchema,
  ZContactListResponseSchema,
  ZContactLookupsResponseSchema,
  ZContactSurveysResponseSchema,
  ZContactTicketsResponseSchema,
  type ContactAccessUpdate,
  type ContactListRequest,
  type ContactSaveRequest,
} from '@sc/common';
import { api } from '../../api/client.ts';

export const contactKeys = {
  all: ['contacts'] as const,
  list: (q: ContactListRequest) => ['contacts', 'list', q] as const,
  detail: (id: number) => ['contacts', 'detail', id] as const,
  lookups: ['contacts', 'lookups'] as const,
  tickets: (id: number, type: string, page: number) => ['contacts', 'tickets', id, type, page] as const,
  surveys: (id: number, page: number) => ['contacts', 'surveys', id, page] as const,
  preferences: (id: number) => ['contacts', 'preferences', id] as const,
};

export function listQueryString(q: Record<string, string | number | boolean | undefined>): string {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
}

export const contactListOptions = (q: ContactListRequest) =>
  queryOptions({
    queryKey: contactKeys.list(q),
    queryFn: ({ signal }) => api.get(`/contacts?${listQueryString({ ...q })}`, { schema: ZContactListResponseSchema, signal }),
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

export const useContactTickets = (id: number, type: 'Incident' | 'ServiceRequest', page: number) =>
  useQuery({
    queryKey: contactKeys.tickets(id, type, page),
    queryFn: ({ signal }) => api.get(`/contacts/${id}/tickets?type=${type}&page=${page}&pageSize=10`, { schema: ZContactTicketsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useContactSurveys = (id: number, page: number) =>
  useQuery({
    queryKey: contactKeys.surveys(id, page),
    queryFn: ({ signal }) => api.get(`/contacts/${id}/surveys?page=${page}&pageSize=10`, { schema: ZContactSurveysResponseSchema, signal }),
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
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useContactAction(action: 'disable' | 'approve') {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => api.post(`/contacts/${id}/${action}`),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}

export function useSaveAccess(id: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: ContactAccessUpdate) => api.put(`/contacts/${id}/access`, body, { schema: ZContactDetailSchema }),
    onSuccess: () => qc.invalidateQueries({ queryKey: contactKeys.all }),
  });
}
