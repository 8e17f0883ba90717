import { SURVEY_INVITATION_DAYS } from '@sc/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { surveyAnswerUrl } from '../../mail/links.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { selectTicketMailPreferences } from '../mail/queries.ts';
import { insertInvitationOnce, markInvitationEmailed } from './queries.ts';

const DAY_MS = 86_400_000;

interface ClosedTicket {
  id: number;
  cid: number;
  ticketNo: string;
  shortDescription: string;
  contactId: number;
  assignedStaffId: number | null;
  assignedToName: string | null;
}

type InviteOutcome = 'emailed' | 'not-emailed' | 'already-invited';

/**
 * A closed ticket invites its contact to the satisfaction survey (docs/requirements.md §20.1), once per
 * ticket: the invitation shows on the contact's home page, and is e-mailed when the contact's e-mail
 * preferences allow it (decision 020): an active contact with an address who keeps 'A ticket of mine is
 * closed' on, and has not opted out of surveys or of ticket e-mails. Runs in `db`, the closing transaction.
 */
export async function inviteToSurvey(db: Db, config: Config, t: ClosedTicket): Promise<InviteOutcome> {
  const id = await insertInvitationOnce(db, {
    cid: t.cid,
    ticketId: t.id,
    contactId: t.contactId,
    assignedStaffId: t.assignedStaffId,
    assignedTo: t.assignedToName,
    expiresAt: new Date(Date.now() + SURVEY_INVITATION_DAYS * DAY_MS),
  });
  if (id === null) return 'already-invited';
  const p = await selectTicketMailPreferences(db, t.contactId);
  if (!p?.email || !p.isActive || !p.onClosed || p.optOutSurveys || p.optOutTicketUpdates) return 'not-emailed';
  await enqueueMail(db, config, {
    cid: t.cid,
    contactId: t.contactId,
    to: p.email,
    template: 'surveyInvitation',
    data: {
      firstName: p.firstName || 'there',
      ticketNo: t.ticketNo,
      shortDescription: t.shortDescription,
      upUrl: surveyAnswerUrl(config, id, 'up'),
      downUrl: surveyAnswerUrl(config, id, 'down'),
    },
  });
  await markInvitationEmailed(db, id);
  return 'emailed';
}
