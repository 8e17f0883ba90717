import { ticketRouteSegment, type TicketAction, type TicketType } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { callerName, requireTicketAccess } from './access.ts';
import { addNote } from './actions.service.ts';
import { findStaffEmail } from './actions.queries.ts';
import { spaLink } from '../../mail/links.ts';
import { enqueueMail, mailFromAddress } from '../../mail/outbox.ts';
import { findTicketRow } from './ticket.queries.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { MAIL_ACTION_LIMITS, requireWithinLimits } from '../../auth/rate-limit.ts';

const escapeText = (s: string): string => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');

/**
 * 'Request Status Update' (requirements §3.1, §3.5 request-status-update-inc/-req): records the request as a
 * note on the ticket and queues an e-mail to the assigned technician, or to the support address
 * when nobody is assigned, in one transaction. Refused per ticketViewRefusal.
 * The link in the e-mail is built from PUBLIC_URL.
 * @param expectType the compatibility web APIs name the type in their path (-inc, -req).
 */
export async function requestStatusUpdate(
  db: Db,
  config: Config,
  scope: Scope,
  ticketId: number,
  expectType?: TicketType,
): Promise<TicketAction> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const ticket = await findTicketRow(db, scope, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  if (expectType && ticket.ticketType !== expectType) {
    throw badRequest({ id: expectType === 'Incident' ? 'Not an incident' : 'Not a service request' });
  }
  // Each request e-mails a technician: a person asks now and then, a script a hundred times (requirements §19.5).
  await requireWithinLimits(db, config, [
    { key: `mail:status:acct:${scope.webUserId}`, ...MAIL_ACTION_LIMITS.statusUpdatePerAccount },
    { key: `mail:status:ticket:${ticket.id}`, ...MAIL_ACTION_LIMITS.statusUpdatePerTicket },
  ]);
  const name = callerName(scope);
  const staffEmail = ticket.assignedStaffId ? await findStaffEmail(db, ticket.assignedStaffId) : undefined;
  const link = spaLink(config, `/${ticketRouteSegment(ticket.ticketType)}/view/${ticket.id}`);
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const action = await addNote(t, scope, ticket.id, `<p>${escapeText(`Status update requested by ${name}`)}</p>`);
    await enqueueMail(t, config, {
      cid: scope.cid,
      to: staffEmail ?? mailFromAddress(config.mailFrom),
      template: 'statusUpdateRequest',
      data: {
        ticketNo: ticket.ticketNo,
        shortDescription: ticket.shortDescription,
        status: ticket.status,
        requesterName: name,
        requesterEmail: scope.email,
        organizationName: scope.user.organizationName,
        assigned: !!staffEmail,
        ticketUrl: link,
      },
    });
    return action;
  });
}
