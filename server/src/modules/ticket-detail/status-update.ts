import type { TicketAction } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badFields, callerName, requireTicketAccess } from './access.ts';
import { addNote } from './actions.service.ts';
import { findStaffEmail, queueEmail } from './actions.queries.ts';
import { findTicketRow } from './ticket.queries.ts';
import { notFound } from '../../http/errors.ts';

/** The address part of MAIL_FROM ('Support Center <support@example.com>' → 'support@example.com'). */
export const supportAddress = (mailFrom: string): string => /<([^>]+)>/.exec(mailFrom)?.[1]?.trim() ?? mailFrom.trim();

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * 'Request Status Update' (requirements §3.1, §3.5 request-status-update-inc/-req): records the request as a
 * note on the ticket and queues an e-mail to the assigned technician, or to the support address
 * when nobody is assigned, in one transaction. Refused per ticketViewRefusal.
 * @param portalUrl origin of the portal as the caller reached it, for the link in the e-mail.
 * @param expectType the compatibility web APIs name the type in their path (-inc, -req).
 */
export async function requestStatusUpdate(
  db: Db,
  config: Config,
  scope: Scope,
  ticketId: number,
  portalUrl: string,
  expectType?: 'Incident' | 'ServiceRequest',
): Promise<TicketAction> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const ticket = await findTicketRow(db, scope, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  if (expectType && ticket.ticketType !== expectType) {
    throw badFields({ id: expectType === 'Incident' ? 'Not an incident' : 'Not a service request' });
  }
  const name = callerName(scope);
  const staffEmail = ticket.assignedStaffId ? await findStaffEmail(db, ticket.assignedStaffId) : undefined;
  const path = ticket.ticketType === 'Incident' ? 'incident' : 'servicerequest';
  const link = `${portalUrl}/app/spa/${path}/view/${ticket.id}`;
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const action = await addNote(t, scope, ticket.id, `<p>${escapeText(`Status update requested by ${name}`)}</p>`);
    await queueEmail(t, scope, {
      toAddress: staffEmail ?? supportAddress(config.mailFrom),
      subject: `${ticket.ticketNo}: status update requested`,
      template: 'ticket-status-update-request',
      textBody: [
        `${name} (${scope.email}) of ${scope.user.organizationName} asks for a status update on ${ticket.ticketNo}.`,
        '',
        `${ticket.ticketNo}: ${ticket.shortDescription}`,
        `Status: ${ticket.status}`,
        ...(staffEmail ? [] : ['Nobody is assigned to this ticket.']),
        '',
        `Open the ticket: ${link}`,
      ].join('\n'),
    });
    return action;
  });
}
