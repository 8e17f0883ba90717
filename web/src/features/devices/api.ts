import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZDeviceListResponseSchema, ZDeviceLookupsResponseSchema, ZDeviceSchema, type DeviceListRequest, type DeviceSaveRequest } from '@sc/common';
import { api } from '../../api/client.ts';

export const deviceKeys = {
  all: ['devices'] as const,
  list: (q: DeviceListRequest) => ['devices', 'list', q] as const,
  detail: (id: number) => ['devices', 'detail', id] as const,
  lookups: ['devices', 'lookups'] as const,
};

const qs = (q: DeviceListRequest) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export const useDeviceList = (q: DeviceListRequest) =>
  useQuery({
    queryKey: deviceKeys.list(q),
    queryFn: ({ signal }) => api.get(`/devices?${qs(q)}`, { schema: ZDeviceListResponseSchema, signal }),
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
    onSuccess: () => qc.invalidateQueries({ queryKey: deviceKeys.all }),
  });
}
