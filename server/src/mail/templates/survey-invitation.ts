import { SURVEY_INVITATION_DAYS, SURVEY_MESSAGES } from '@sc/common';
import { defineTemplate } from './define.ts';

interface SurveyInvitationData {
  firstName: string;
  ticketNo: string;
  shortDescription: string;
  /** surveyAnswerUrl(config, id, 'up') and (…, 'down'): single-use signed links from PUBLIC_URL. */
  upUrl: string;
  downUrl: string;
}

/**
 * To a closed ticket's contact (decision 020): the one-question satisfaction survey, answered with one
 * click on either button, without signing in. A notification: the contact's e-mail preferences decide.
 */
export const surveyInvitation = defineTemplate<SurveyInvitationData>({
  kind: 'notification',
  content: (d) => ({
    subject: `How did we do? ${d.ticketNo}: ${d.shortDescription}`,
    preheader: SURVEY_MESSAGES.question,
    heading: `Hello ${d.firstName},`,
    paragraphs: [`${d.ticketNo}: ${d.shortDescription} is now closed.`, SURVEY_MESSAGES.question, 'One click records your answer; you can then add a comment if you like.'],
    button: { label: '👍 Satisfied', url: d.upUrl },
    secondaryButton: { label: '👎 Not satisfied', url: d.downUrl },
    footnote: `The survey links work once, for ${SURVEY_INVITATION_DAYS} days. You receive this because you are the contact of this ticket and get an e-mail when a ticket of yours is closed; change this in your e-mail preferences.`,
  }),
});
