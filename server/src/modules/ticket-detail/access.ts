import { ticketEditRefusal, ticketViewRefusal } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { findTicketOwner } from './ticket.queries.ts';

export const TICKET_NOT_FOUND = 'Ticket not found';

/** The caller as the shared ticket rules see it. */
export const callerOf = (scope: Scope) => ({ userType: scope.userType, cid: scope.cid, contactId: scope.contactId });

/** The display name of the caller, as notes and e-mails show it. */
export const callerName = (scope: Scope): string => `${scope.user.firstName} ${scope.user.lastName}`.trim() || scope.email;

/**
 * The access check every operation on one ticket starts with (requirements §3.3, rules of common/ticket-rules.ts):
 * 404 when no such ticket, else 403 with the spec's message when the caller may not view (or edit) it.
 */
export async function requireTicketAccess(db: Db, scope: Scope, id: number, need: 'view' | 'edit') {
  const owner = await findTicketOwner(db, id);
  if (!owner) throw notFound(TICKET_NOT_FOUND);
  const refusal = need === 'view' ? ticketViewRefusal(callerOf(scope), owner) : ticketEditRefusal(callerOf(scope), owner);
  if (refusal) throw forbidden(refusal);
  return owner;
}
