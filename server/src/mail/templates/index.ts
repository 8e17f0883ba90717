import type { TemplateDef } from './define.ts';
import { invitation } from './invitation.ts';
import { passwordChanged, passwordReset, signInAttempts } from './password.ts';
import { pendingContactApproval } from './pending-contact-approval.ts';
import { registrationApproved, registrationDisapproved } from './registration-decision.ts';
import { registrationVerification } from './registration-verification.ts';
import { statusUpdateRequest } from './status-update-request.ts';
import { surveyInvitation } from './survey-invitation.ts';
import { ticketClosed, ticketNoteAdded, ticketStatusChanged } from './ticket-notifications.ts';

/** Every e-mail the portal sends, by name (the name is stored in email_outbox.template). */
export const templates = {
  invitation,
  registrationVerification,
  pendingContactApproval,
  registrationApproved,
  registrationDisapproved,
  passwordReset,
  passwordChanged,
  signInAttempts,
  statusUpdateRequest,
  ticketNoteAdded,
  ticketStatusChanged,
  ticketClosed,
  surveyInvitation,
};

export type TemplateName = keyof typeof templates;
/** The data a template needs, e.g. TemplateData<'invitation'>. */
export type TemplateData<N extends TemplateName> = (typeof templates)[N] extends TemplateDef<infer D> ? D : never;
export const TEMPLATE_NAMES = Object.keys(templates) as TemplateName[];
