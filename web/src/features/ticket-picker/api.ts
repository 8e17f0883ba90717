import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { ZPickerContactsResponseSchema, ZPickerDevicesResponseSchema, type PickerContactQueryInput, type PickerDeviceQueryInput } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

export const usePickerContacts = (q: PickerContactQueryInput, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.picker.contacts(q),
    queryFn: ({ signal }) => api.get('/ticket-picker/contacts', { query: q, schema: ZPickerContactsResponseSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });

export const usePickerDevices = (q: PickerDeviceQueryInput, enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.picker.devices(q),
    queryFn: ({ signal }) => api.get('/ticket-picker/devices', { query: q, schema: ZPickerDevicesResponseSchema, signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
