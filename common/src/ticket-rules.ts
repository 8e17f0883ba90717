import type { SignedInUser } from './auth.ts';

/** The caller as the ticket rules need it (the server passes its scope, the web the signed-in user). */
type TicketCaller = Pick<SignedInUser, 'userType' | 'cid' | 'contactId'>;
/** The ticket as the rules need it. */
interface TicketRef {
  cid: number;
  contactId: number;
}

export const TICKET_MESSAGES = {
  notAuthorized: 'Not Authorized',
  notAuthorizedToViewOrEdit: "You're not authorized to view or edit this ticket",
  notAuthorizedToEdit: "You're not authorized to edit this ticket",
} as const;

/** Only the ticket's own contact may see a ticket as a User and edit it as a User or OperatorLimited (requirements §3.3, §3.4). */
const isRestrictedToOwnTickets = (c: TicketCaller): boolean => c.userType === 'User' || c.userType === 'OperatorLimited';

/**
 * Why the caller may not view the ticket, or null when it may (requirements §3.3): another customer's
 * ticket is 'Not Authorized'; a User viewing another contact's ticket gets the longer message.
 */
export function ticketViewRefusal(c: TicketCaller, t: TicketRef): string | null {
  if (t.cid !== c.cid) return TICKET_MESSAGES.notAuthorized;
  if (c.userType === 'User' && t.contactId !== c.contactId) return TICKET_MESSAGES.notAuthorizedToViewOrEdit;
  return null;
}

/** Why the caller may not edit the ticket, or null when it may (requirements §3.1, §3.3). */
export function ticketEditRefusal(c: TicketCaller, t: TicketRef): string | null {
  const view = ticketViewRefusal(c, t);
  if (view) return view;
  if (isRestrictedToOwnTickets(c) && t.contactId !== c.contactId) return TICKET_MESSAGES.notAuthorizedToEdit;
  return null;
}

export const canEditTicket = (c: TicketCaller, t: TicketRef): boolean => ticketEditRefusal(c, t) === null;
