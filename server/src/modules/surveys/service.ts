import {
  canSeeContactSurveys,
  CONTACT_MESSAGES,
  seesOwnSurveysOnly,
  SURVEY_HOME_LIMIT,
  SURVEY_MESSAGES,
  SURVEY_RESPONSE_VALUE,
  SURVEY_SOURCES,
  type SurveyChartsResponse,
  type SurveyInvitationsResponse,
  type SurveyListRequest,
  type SurveyListResponse,
  type SurveyPortalAnswerRequest,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import { selectContactRef } from '../contacts/queries.ts';
import * as q from './queries.ts';

// Satisfaction surveys, signed in (docs/requirements.md §20; decision 020). The customer and the contact
// always come from the session; /contact/surveys/{id} names a contact, checked to be the caller's customer's.

/** /surveys: a User's own answers, every other type the customer's (decision 020). */
const ownScope = (scope: Scope): q.SurveyFilter => (seesOwnSurveysOnly(scope) ? { cid: scope.cid, contactId: scope.contactId } : { cid: scope.cid });

/** /contact/surveys/{id}: Administrator only (403 'Not Authorized'); another customer's contact 403 as the contacts module answers. */
async function contactScope(db: Db, scope: Scope, contactId: number): Promise<q.SurveyFilter> {
  if (!canSeeContactSurveys(scope)) throw forbidden();
  const ref = await selectContactRef(db, contactId);
  if (!ref) throw notFound('Contact not found');
  if (ref.cid !== scope.cid) throw forbidden(CONTACT_MESSAGES.notAuthorized);
  return { cid: scope.cid, contactId };
}

async function listPage(db: Db, f: q.SurveyFilter, r: SurveyListRequest): Promise<SurveyListResponse> {
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectSurveyPage(db, f, r.search || undefined, r.sort, r.direction, slice);
    return { rows: rows.map((x) => ({ ...x, dateSubmitted: x.dateSubmitted.toISOString(), response: x.response ?? 0 })), total };
  });
}

/** The Surveys list of the caller (requirements §20.2). */
export const listSurveys = (db: Db, scope: Scope, r: SurveyListRequest) => listPage(db, ownScope(scope), r);
/** The charts above the Surveys list, over the same rows (without the grid's search). */
export const surveyCharts = (db: Db, scope: Scope): Promise<SurveyChartsResponse> => q.selectSurveyCharts(db, ownScope(scope), scope.user.timeZone);

/** /contact/surveys/{id}: that contact's answers (Administrator). */
export async function listContactSurveys(db: Db, scope: Scope, contactId: number, r: SurveyListRequest): Promise<SurveyListResponse> {
  return listPage(db, await contactScope(db, scope, contactId), r);
}
export async function contactSurveyCharts(db: Db, scope: Scope, contactId: number): Promise<SurveyChartsResponse> {
  return q.selectSurveyCharts(db, await contactScope(db, scope, contactId), scope.user.timeZone);
}

/** The home page card: the caller's own open invitations, newest first. */
export async function openInvitations(db: Db, scope: Scope): Promise<SurveyInvitationsResponse> {
  const rows = await q.selectOpenInvitations(db, scope.cid, scope.contactId, SURVEY_HOME_LIMIT);
  return {
    invitations: rows.map((r) => ({
      id: r.id,
      ticketId: r.ticketId,
      ticketNo: r.ticketNo,
      ticketType: r.ticketType,
      shortDescription: r.shortDescription,
      closedDate: r.closedDate?.toISOString() ?? null,
      expiresAt: r.expiresAt.toISOString(),
    })),
  };
}

/**
 * Answers an invitation from the home page card (Source 'Portal'). Only the invited contact may: any
 * other caller, of this customer or another, gets 404 as if it did not exist. Answered or expired: 409.
 */
export async function answerInPortal(db: Db, scope: Scope, id: number, body: SurveyPortalAnswerRequest) {
  const inv = await q.findInvitation(db, id);
  if (!inv || inv.cid !== scope.cid || inv.contactId !== scope.contactId) throw notFound(SURVEY_MESSAGES.notFound);
  const comment = body.comment?.trim() || null;
  const row = await db.transaction((tx) => q.answerInvitation(tx as unknown as Db, inv, { response: SURVEY_RESPONSE_VALUE[body.answer], source: SURVEY_SOURCES.portal, comment }));
  if (!row) throw new AppError('CONFLICT', SURVEY_MESSAGES.invitationClosed);
  return { id: row.id, response: row.response ?? 0 };
}
