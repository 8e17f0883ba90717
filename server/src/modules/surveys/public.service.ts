import {
  isPositiveResponse,
  SURVEY_COMMENT_HOURS,
  SURVEY_MESSAGES,
  SURVEY_RESPONSE_VALUE,
  SURVEY_SOURCES,
  type PublicSurveyAnswerResponse,
  type SurveyAnswer,
} from '@sc/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { verifySurveyToken } from '../../mail/links.ts';
import * as q from './queries.ts';

// The e-mail's one-click survey links, without signing in (docs/requirements.md §20.3; decision 020).
// The link opens the SPA's /survey page, which records the answer with a POST (a GET that only fetches
// the page changes nothing, so link scanners and prefetchers do not answer for the recipient).

const invalid = () => new AppError('NOT_FOUND', SURVEY_MESSAGES.linkInvalid);

/** The invitation a token names: tampered, unknown or expired-and-unanswered links are 'not valid'. */
async function invitationOf(db: Db, config: Config, token: string) {
  const id = verifySurveyToken(config, token);
  const inv = id ? await q.findInvitation(db, id) : undefined;
  if (!inv) throw invalid();
  return inv;
}

const answerOf = (response: number | null): SurveyAnswer => (isPositiveResponse(response ?? 0) ? 'up' : 'down');

/**
 * Records the answer of an e-mailed link (Source 'Email'). Single use: the first call records it; any
 * later one (the other button too) changes nothing and says the survey was already answered.
 */
export async function answerFromLink(db: Db, config: Config, token: string, answer: SurveyAnswer): Promise<PublicSurveyAnswerResponse> {
  const inv = await invitationOf(db, config, token);
  const base = { ticketNo: inv.ticketNo, shortDescription: inv.shortDescription, firstName: inv.firstName };
  if (!inv.answeredAt) {
    if (inv.expiresAt.getTime() <= Date.now()) throw invalid();
    const row = await db.transaction((tx) => q.answerInvitation(tx as unknown as Db, inv, { response: SURVEY_RESPONSE_VALUE[answer], source: SURVEY_SOURCES.email, comment: null }));
    if (row) return { ...base, status: 'recorded', answer, canComment: true };
  }
  const survey = await q.findSurveyOfInvitation(db, inv.id);
  return { ...base, status: 'alreadyAnswered', answer: answerOf(survey?.response ?? null), canComment: false };
}

/** The optional comment after a one-click answer: once, within SURVEY_COMMENT_HOURS of it (409 otherwise). */
export async function commentFromLink(db: Db, config: Config, token: string, comment: string): Promise<{ message: string }> {
  const inv = await invitationOf(db, config, token);
  const survey = inv.answeredAt ? await q.findSurveyOfInvitation(db, inv.id) : undefined;
  if (!survey || survey.source !== SURVEY_SOURCES.email || !(await q.addCommentOnce(db, survey.id, comment.trim(), SURVEY_COMMENT_HOURS))) {
    throw new AppError('CONFLICT', SURVEY_MESSAGES.commentClosed);
  }
  return { message: SURVEY_MESSAGES.commentSaved };
}
