import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZEndSessionsResponseSchema, ZPreferencesSchema, ZSignedInDevicesResponseSchema, type PreferencesSaveValues } from '@sc/common';
import { api } from '../../api/client.ts';
import { queryKeys } from '../../api/query-keys.ts';

const preferenceKeys = { mine: ['preferences', 'mine'] as const };

/** Read afresh each time the dialog opens and forgotten when it closes. */
export const usePreferences = (isEnabled: boolean) =>
  useQuery({
    queryKey: preferenceKeys.mine,
    queryFn: ({ signal }) => api.get('/preferences', { schema: ZPreferencesSchema, signal }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
  });

export const useSavePreferences = () =>
  useMutation({ mutationFn: (body: PreferencesSaveValues) => api.put('/preferences', body, { schema: ZPreferencesSchema }) });

// --- Signed-in devices (User Preferences) ---

export const useSignedInDevices = (enabled: boolean) =>
  useQuery({
    queryKey: queryKeys.sessions.all,
    queryFn: ({ signal }) => api.get('/sessions', { schema: ZSignedInDevicesResponseSchema, signal }),
    enabled,
  });

export function useEndSession() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: string) =>
      id === 'others'
        ? api.post('/sessions/end-others', {}, { schema: ZEndSessionsResponseSchema })
        : api.delete(`/sessions/${id}`, { schema: ZEndSessionsResponseSchema }),
    onSuccess: () => void qc.invalidateQueries({ queryKey: queryKeys.sessions.all }),
  });
}

