import { z } from 'zod';
import { DEFAULT_PAGE_SIZE, listQuerySchema, PAGE_SIZES, pageOf } from './list.ts';
import type { SignedInUser } from './auth.ts';
import { isAdministrator } from './navigation.ts';
import { ZTicketTypeSchema } from './ticket-types.ts';

// Satisfaction surveys (docs/requirements.md §20; decision 020): closing a ticket invites its contact to
// a one-question survey (thumbs up or down, optional comment), answered from the e-mail's one-click
// link or the home page card; /surveys and /contact/surveys/{id} list the answers under charts.

/** The two answers; stored as Response 1 (up) and -1 (down): the grid shows thumbs up above 0. */
export const SURVEY_ANSWERS = ['up', 'down'] as const;
export type SurveyAnswer = (typeof SURVEY_ANSWERS)[number];
export const SURVEY_RESPONSE_VALUE: Record<SurveyAnswer, number> = { up: 1, down: -1 };
/** The spec's rule for the Response column: thumbs up above 0, else thumbs down. */
export const isPositiveResponse = (response: number): boolean => response > 0;

/** Where an answer came from (Source). */
export const SURVEY_SOURCES = { email: 'Email', portal: 'Portal' } as const;
/** An invitation (its e-mailed links and its home page card) works this long after the ticket closed. */
export const SURVEY_INVITATION_DAYS = 30;
/** After a one-click answer, the optional comment may be added once within this many hours. */
export const SURVEY_COMMENT_HOURS = 24;
export const SURVEY_COMMENT_MAX = 2000;
/** The home page shows at most this many open invitations. */
export const SURVEY_HOME_LIMIT = 3;

export const SURVEY_MESSAGES = {
  question: 'How satisfied are you with how we handled this ticket?',
  thanks: 'Thank you for your feedback!',
  alreadyAnswered: 'This survey was already answered. Thank you!',
  linkInvalid: 'This survey link is not valid any more (it has expired or was changed). Open the portal to see your tickets.',
  commentSaved: 'Thank you, your comment was added.',
  commentClosed: 'A comment can no longer be added to this answer.',
  notFound: 'Survey invitation not found',
  invitationClosed: 'This survey is closed: it was already answered or has expired.',
  answerUp: 'Satisfied (thumbs up)',
  answerDown: 'Not satisfied (thumbs down)',
} as const;

type Who = Pick<SignedInUser, 'userType' | 'spaceAdmin'>;
/**
 * Decision 020: every signed-in type opens /surveys; a User sees only its own contact's answers, the
 * other types (Administrator, Operator, OperatorLimited: they see the Org Tickets) the customer's.
 */
export const seesOwnSurveysOnly = (u: Who): boolean => u.userType === 'User';
/** /contact/surveys/{id} is a contact sub-page: Administrator only (spec §2.2, §6). */
export const canSeeContactSurveys = (u: Who): boolean => isAdministrator(u);

// ---- The list --------------------------------------------------------------------------------

/** /surveys and /contact/surveys/{id}: newest answer first; search in Incident #, Submitted By, Assigned and the comment. */
export const ZSurveyListRequestSchema = listQuerySchema({
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: ['dateSubmitted', 'source', 'submittedBy', 'ticketNo', 'response', 'assignedTo'],
  defaultSort: 'dateSubmitted',
  defaultDirection: 'desc',
  search: true,
});
export type SurveyListRequestInput = z.input<typeof ZSurveyListRequestSchema>;
export type SurveyListRequest = z.output<typeof ZSurveyListRequestSchema>;

export const ZSurveyRowSchema = z.object({
  id: z.number().int(),
  dateSubmitted: z.string(),
  source: z.string().nullable(),
  submittedBy: z.string().nullable(),
  submittedByContactId: z.number().int().nullable(),
  /** IncidentID: the ticket, null when it was deleted. */
  ticketId: z.number().int().nullable(),
  ticketNo: z.string().nullable(),
  ticketType: ZTicketTypeSchema.nullable(),
  response: z.number(),
  assignedTo: z.string().nullable(),
  comment: z.string().nullable(),
  invitationId: z.number().int().nullable(),
});
export type SurveyRow = z.infer<typeof ZSurveyRowSchema>;
export const ZSurveyListResponseSchema = pageOf(ZSurveyRowSchema);
export type SurveyListResponse = z.infer<typeof ZSurveyListResponseSchema>;

// ---- The charts ------------------------------------------------------------------------------

const zCounts = { up: z.number().int(), down: z.number().int() };
/** The four charts above the grid, over the same rows as the grid without its search. */
export const ZSurveyChartsResponseSchema = z.object({
  /** Answers per month ('YYYY-MM' in the caller's time zone), the latest 12 months with answers. */
  overTime: z.array(z.object({ month: z.string(), ...zCounts })),
  /** Answers per assignee, the 10 with most answers. */
  byAssignee: z.array(z.object({ assignedTo: z.string(), ...zCounts })),
  bySource: z.array(z.object({ source: z.string(), ...zCounts })),
  /** Invitations sent and answered, per month of the invitation and in total. */
  responseRate: z.object({
    invited: z.number().int(),
    answered: z.number().int(),
    byMonth: z.array(z.object({ month: z.string(), invited: z.number().int(), answered: z.number().int() })),
  }),
});
export type SurveyChartsResponse = z.infer<typeof ZSurveyChartsResponseSchema>;

// ---- Answering -------------------------------------------------------------------------------

const zComment = z.string().trim().max(SURVEY_COMMENT_MAX, `Comment must be at most ${SURVEY_COMMENT_MAX} characters`);
const zAnswer = z.enum(SURVEY_ANSWERS, { error: 'Answer must be up or down' });

/** The home page card: the caller's open invitations. */
export const ZSurveyInvitationSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  ticketNo: z.string(),
  ticketType: ZTicketTypeSchema,
  shortDescription: z.string(),
  closedDate: z.string().nullable(),
  expiresAt: z.string(),
});
export type SurveyInvitation = z.infer<typeof ZSurveyInvitationSchema>;
export const ZSurveyInvitationsResponseSchema = z.object({ invitations: z.array(ZSurveyInvitationSchema) });
export type SurveyInvitationsResponse = z.infer<typeof ZSurveyInvitationsResponseSchema>;

export const ZSurveyInvitationIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
/** POST /surveys/invitations/{id}/answer (the home page card). */
export const ZSurveyPortalAnswerRequestSchema = z.object({ answer: zAnswer, comment: zComment.optional() });
export type SurveyPortalAnswerRequest = z.input<typeof ZSurveyPortalAnswerRequestSchema>;
export const ZSurveyAnswerResultSchema = z.object({ id: z.number().int(), response: z.number() });

const zToken = z.string().trim().min(16, 'The link is incomplete').max(200, 'The link is not valid');
/** POST /public/surveys/answer: the e-mailed link's token and answer. */
export const ZPublicSurveyAnswerRequestSchema = z.object({ token: zToken, answer: zAnswer });
export const ZPublicSurveyAnswerResponseSchema = z.object({
  /** 'recorded': this call recorded the answer; 'alreadyAnswered': it was answered before (nothing changed). */
  status: z.enum(['recorded', 'alreadyAnswered']),
  ticketNo: z.string(),
  shortDescription: z.string(),
  firstName: z.string(),
  answer: zAnswer,
  /** Whether the optional comment can still be added (once, soon after a one-click answer). */
  canComment: z.boolean(),
});
export type PublicSurveyAnswerResponse = z.infer<typeof ZPublicSurveyAnswerResponseSchema>;
/** POST /public/surveys/comment: the optional comment, once. */
export const ZPublicSurveyCommentRequestSchema = z.object({ token: zToken, comment: zComment.min(1, 'Comment is required') });
export const ZPublicSurveyCommentResponseSchema = z.object({ message: z.string() });
