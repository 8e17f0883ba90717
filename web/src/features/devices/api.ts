import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDeviceListResponseSchema, ZDeviceLookupsResponseSchema, ZDeviceSchema, type DeviceListRequest, type DeviceSaveRequest } from '@sc/common';
import { api } from '../../api/client.ts';
import { invalidateDeviceWrite, queryKeys } from '../../api/query-keys.ts';

const deviceKeys = queryKeys.devices;

export const useDeviceList = (q: DeviceListRequest) =>
  useQuery({
    queryKey: deviceKeys.list(q),
    queryFn: ({ signal }) => api.get('/devices', { query: q, schema: ZDeviceListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useDevice = (id: number | undefined) =>
  useQuery({
    queryKey: deviceKeys.detail(id ?? 0),
    queryFn: ({ signal }) => api.get(`/devices/${id}`, { schema: ZDeviceSchema, signal }),
    enabled: id !== undefined,
  });

export const useDeviceLookups = () =>
  useQuery({ queryKey: deviceKeys.lookups, queryFn: ({ signal }) => api.get('/devices/lookups', { schema: ZDeviceLookupsResponseSchema, signal }), staleTime: 300_000 });

export function useSaveDevice() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id?: number; body: DeviceSaveRequest }) =>
      id === undefined ? api.post('/devices', body, { schema: ZDeviceSchema }) : api.put(`/devices/${id}`, body, { schema: ZDeviceSchema }),
    onSuccess: () => invalidateDeviceWrite(qc),
  });
}
