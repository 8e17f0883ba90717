import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZPickerContactsResponseSchema, ZPickerDevicesResponseSchema } from '@sc/common';
import { api } from '../../api/client.ts';

const qs = (page: number, pageSize: number, search: string) =>
  new URLSearchParams({ page: String(page), pageSize: String(pageSize), ...(search ? { search } : {}) }).toString();

export const usePickerContacts = (page: number, pageSize: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['ticket-picker', 'contacts', page, pageSize, search],
    queryFn: ({ signal }) => api.get(`/ticket-picker/contacts?${qs(page, pageSize, search)}`, { schema: ZPickerContactsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePickerDevices = (page: number, pageSize: number, search: string, enabled: boolean) =>
  useQuery({
    queryKey: ['ticket-picker', 'devices', page, pageSize, search],
    queryFn: ({ signal }) => api.get(`/ticket-picker/devices?${qs(page, pageSize, search)}`, { schema: ZPickerDevicesResponseSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
