import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ZPublicSurveyAnswerResponseSchema,
  ZPublicSurveyCommentResponseSchema,
  ZSurveyAnswerResultSchema,
  ZSurveyChartsResponseSchema,
  ZSurveyInvitationsResponseSchema,
  ZSurveyListResponseSchema,
  type SurveyAnswer,
  type SurveyListRequestInput,
  type SurveyPortalAnswerRequest,
} from '@sc/common';
import { api } from '../../api/client.ts';
import { invalidateSurveyWrite, queryKeys } from '../../api/query-keys.ts';

// Satisfaction surveys (docs/requirements.md §20): /surveys (contactId null) and /contact/surveys/{id}.

const base = (contactId: number | null) => (contactId === null ? '/surveys' : `/contacts/${contactId}/surveys`);

export const useSurveyList = (contactId: number | null, q: SurveyListRequestInput) =>
  useQuery({
    queryKey: queryKeys.surveys.list(contactId, q),
    queryFn: ({ signal }) => api.get(base(contactId), { query: q, schema: ZSurveyListResponseSchema, signal }),
    placeholderData: keepPreviousData,
  });

export const useSurveyCharts = (contactId: number | null) =>
  useQuery({
    queryKey: queryKeys.surveys.charts(contactId),
    queryFn: ({ signal }) => api.get(`${base(contactId)}/charts`, { schema: ZSurveyChartsResponseSchema, signal }),
  });

/** The home page card's open invitations of the signed-in contact. */
export const useSurveyInvitations = () =>
  useQuery({
    queryKey: queryKeys.surveys.invitations,
    queryFn: ({ signal }) => api.get('/surveys/invitations', { schema: ZSurveyInvitationsResponseSchema, signal }),
  });

export function useAnswerInvitation() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: ({ id, body }: { id: number; body: SurveyPortalAnswerRequest }) => api.post(`/surveys/invitations/${id}/answer`, body, { schema: ZSurveyAnswerResultSchema }),
    onSettled: () => invalidateSurveyWrite(qc),
  });
}

// The e-mailed one-click link's page (no session).
export const answerFromLink = (token: string, answer: SurveyAnswer) =>
  api.post('/public/surveys/answer', { token, answer }, { schema: ZPublicSurveyAnswerResponseSchema, isAuthCall: true });
export const commentFromLink = (token: string, comment: string) =>
  api.post('/public/surveys/comment', { token, comment }, { schema: ZPublicSurveyCommentResponseSchema, isAuthCall: true });
