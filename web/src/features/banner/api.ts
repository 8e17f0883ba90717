import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ZActiveBannersResponseSchema, ZBannerSchema, type BannerSaveValues } from '@sc/common';
import { api } from '../../api/client.ts';

const bannerKeys = {
  all: ['banners'] as const,
  mine: ['banners', 'mine'] as const,
  active: ['banners', 'active'] as const,
};

/**
 * The editor's own banner, read afresh each time the dialog opens (requirements §6) and forgotten when it
 * closes; not retried, as a failure is only logged and the dialog stays usable (requirements §6.6).
 */
export const useOwnBanner = (isEnabled: boolean) =>
  useQuery({
    queryKey: bannerKeys.mine,
    queryFn: ({ signal }) => api.get('/banner', { schema: ZBannerSchema, signal }),
    enabled: isEnabled,
    staleTime: 0,
    gcTime: 0,
    retry: false,
  });

export function useSaveBanner() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: BannerSaveValues) => api.put('/banner', body, { schema: ZBannerSchema }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bannerKeys.all }),
  });
}

/** The global and the customer's banner while not expired (the server compares in the user's zone). */
export const useActiveBanners = () =>
  useQuery({
    queryKey: bannerKeys.active,
    queryFn: ({ signal }) => api.get('/banners/active', { schema: ZActiveBannersResponseSchema, signal }),
  });
