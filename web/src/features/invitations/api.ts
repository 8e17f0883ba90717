import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZInvitationsResponseSchema,
  ZInviteCandidatesResponseSchema,
  ZInviteRunResponseSchema,
  type InviteListRequest,
  type InviteSendRequest,
} from '@sc/common';
import { api } from '../../api/client.ts';

export const inviteKeys = {
  all: ['invitations'] as const,
  candidates: (q: InviteListRequest) => ['invitations', 'candidates', q] as const,
  list: (q: InviteListRequest) => ['invitations', 'list', q] as const,
};

export const inviteQueryString = (q: InviteListRequest) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q)) if (v !== undefined && v !== '') p.set(k, String(v));
  return p.toString();
};

export const useInviteCandidates = (q: InviteListRequest) =>
  useQuery({
    queryKey: inviteKeys.candidates(q),
    queryFn: ({ signal }) => api.get(`/invitations/candidates?${inviteQueryString(q)}`, { schema: ZInviteCandidatesResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useInvitations = (q: InviteListRequest) =>
  useQuery({
    queryKey: inviteKeys.list(q),
    queryFn: ({ signal }) => api.get(`/invitations?${inviteQueryString(q)}`, { schema: ZInvitationsResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useSendInvites = () => useMutation({ mutationFn: (body: InviteSendRequest) => api.post('/invitations', body, { schema: ZInviteRunResponseSchema }) });
export const useResendInvites = () => useMutation({ mutationFn: (ids: number[]) => api.post('/invitations/resend', { invitationIds: ids }, { schema: ZInviteRunResponseSchema }) });
export const useDeleteInvites = () => useMutation({ mutationFn: (ids: number[]) => api.post('/invitations/delete', { invitationIds: ids }, { schema: ZInviteRunResponseSchema }) });

/** 001 §4: the lists refresh 1500 ms after an invitation action. */
export function useRefreshInvitesLater() {
  const qc = useQueryClient();
  return (delayMs: number) => setTimeout(() => void qc.invalidateQueries({ queryKey: inviteKeys.all }), delayMs);
}
