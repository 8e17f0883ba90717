import { useMutation, useQuery } from '@tanstack/react-query';
import { ZPreferencesSchema, type PreferencesSaveValues } from '@sc/common';
import { api } from '../../api/client.ts';

export const preferenceKeys = { mine: ['preferences', 'mine'] as const };

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
