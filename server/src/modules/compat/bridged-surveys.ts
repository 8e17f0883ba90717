import { z } from 'zod';
import { ZSurveyListRequestSchema, type SurveyRow } from '@sc/common';
import { listSurveys } from '../surveys/service.ts';
import { listRequest } from './bridged-contacts.ts';
import { multiple, type Attrs, type BridgedResource } from './bridged-core.ts';
import { zText } from './bridged-params.ts';

// 'Surveys list' (portal-contacts-jobs-and-public.md §7; requirements §16.3, §20.2) over the surveys service:
// the same scope as GET /api/v1/surveys (a User its own contact's answers, the other types the customer's).

const SURVEY_FIELDS = ['SurveyID', 'DateSubmitted', 'Source', 'SubmittedByContact', 'SubmittedByContactID', 'IncidentID', 'Incident No', 'Response', 'AssignedTo', 'Comment', 'SurveyInvitationID'] as const;
const surveyRecord = (s: SurveyRow): Attrs => ({
  SurveyID: s.id,
  DateSubmitted: s.dateSubmitted,
  Source: s.source,
  SubmittedByContact: s.submittedBy,
  SubmittedByContactID: s.submittedByContactId,
  IncidentID: s.ticketId,
  'Incident No': s.ticketNo,
  Response: s.response,
  AssignedTo: s.assignedTo,
  Comment: s.comment,
  SurveyInvitationID: s.invitationId,
});

export const surveyResources: Record<string, BridgedResource> = {
  'Surveys list': multiple({
    params: z.object({ SearchValue: zText.optional() }),
    fields: SURVEY_FIELDS,
    // "invitation ordering": newest answer first unless SortField names another column.
    sorts: { DateSubmitted: 'dateSubmitted', Source: 'source', SubmittedByContact: 'submittedBy', IncidentID: 'ticketNo', Response: 'response', AssignedTo: 'assignedTo' },
    maxPageSize: 50,
    list: async (ctx, p, paging) => {
      // The screen's page sizes (10, 15, 25, 50) do not bind the original's callers: any size up to 50.
      const request = listRequest(ZSurveyListRequestSchema, { ...paging, page: 1, pageSize: 10 }, { search: p.SearchValue || undefined });
      const page = await listSurveys(ctx.db, ctx.scope, { ...request, page: paging.page, pageSize: paging.pageSize });
      return { rows: page.rows.map(surveyRecord), total: page.total };
    },
  }),
};
