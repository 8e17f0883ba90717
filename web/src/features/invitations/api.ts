import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZInvitationsResponseSchema,
  ZInviteCandidatesResponseSchema,
  ZInviteRunResponseSchema,
  type InvitationListRequest,
  type InviteListRequest,
  type InviteSendRequest,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { invalidateInvitationWrite, queryKeys } from '../../api/query-keys.ts';

const inviteKeys = queryKeys.invitations;

export const useInviteCandidates = (q: InviteListRequest) =>
  useQuery({
    queryKey: inviteKeys.candidates(q),
    queryFn: ({ signal }) => api.get('/invitations/candidates', { query: q, schema: ZInviteCandidatesResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useInvitations = (q: InvitationListRequest) =>
  useQuery({
    queryKey: inviteKeys.list(q),
    queryFn: ({ signal }) => api.get('/invitations', { query: q, schema: ZInvitationsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useSendInvites = () => useMutation({ mutationFn: (body: InviteSendRequest) => api.post('/invitations', body, { schema: ZInviteRunResponseSchema }) });
export const useResendInvites = () => useMutation({ mutationFn: (ids: number[]) => api.post('/invitations/resend', { invitationIds: ids }, { schema: ZInviteRunResponseSchema }) });
export const useDeleteInvites = () => useMutation({ mutationFn: (ids: number[]) => api.post('/invitations/delete', { invitationIds: ids }, { schema: ZInviteRunResponseSchema }) });

/** requirements §9.3: the lists refresh 1500 ms after an invitation action. */
export function useRefreshInvitesLater() {
  const qc = useQueryClient();
  return (delayMs: number) => setTimeout(() => void invalidateInvitationWrite(qc), delayMs);
}
