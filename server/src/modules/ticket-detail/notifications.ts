import { eq } from 'drizzle-orm';
import { ticketRouteSegment, type TicketType } from '@sc/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { providerStaff, ticketActions, tickets } from '../../db/schema/index.ts';
import { selectTicketMailPreferences } from '../mail/queries.ts';
import { noteToLines, sanitizeNoteHtml } from './note-html.ts';
import { spaLink } from '../../mail/links.ts';
import { enqueueMail } from '../../mail/outbox.ts';

type TicketEvent =
  | { kind: 'noteAdded'; authorName: string; noteHtml: string }
  | { kind: 'statusChanged'; oldStatus: string; newStatus: string }
  | { kind: 'closed' };

interface NotifiedTicket {
  id: number;
  cid: number;
  ticketNo: string;
  ticketType: TicketType;
  shortDescription: string;
  contactId: number | null;
}

type NotifyOutcome = 'queued' | 'no-contact' | 'actor' | 'not-wanted';

/** The User Preferences choice each notification obeys. */
const WANTS = {
  noteAdded: 'onNewAction',
  statusChanged: 'onUpdated',
  closed: 'onClosed',
} as const;

/**
 * Ticket notifications to the ticket's contact (requirements: ticket e-mails as the contact's
 * e-mail preferences allow): none when the contact opted out of ticket updates on the public
 * preferences page, or turned this kind off in the User Preferences dialog, or is who made the
 * change, or has no e-mail address or is disabled. Queued in `db`, the transaction of the change.
 */
export async function notifyTicketContact(db: Db, config: Config, ticket: NotifiedTicket, event: TicketEvent, actorContactId?: number): Promise<NotifyOutcome> {
  if (!ticket.contactId) return 'no-contact';
  if (actorContactId === ticket.contactId) return 'actor';
  const p = await selectTicketMailPreferences(db, ticket.contactId);
  if (!p?.email || !p.isActive) return 'no-contact';
  if (p.optOutTicketUpdates || !p[WANTS[event.kind]]) return 'not-wanted';
  const base = {
    firstName: p.firstName || 'there',
    ticketNo: ticket.ticketNo,
    shortDescription: ticket.shortDescription,
    ticketUrl: spaLink(config, `/${ticketRouteSegment(ticket.ticketType)}/view/${ticket.id}`),
  };
  const common = { cid: ticket.cid, contactId: ticket.contactId, to: p.email };
  if (event.kind === 'noteAdded') {
    await enqueueMail(db, config, { ...common, template: 'ticketNoteAdded', data: { ...base, authorName: event.authorName, note: noteToLines(event.noteHtml) } });
  } else if (event.kind === 'statusChanged') {
    await enqueueMail(db, config, { ...common, template: 'ticketStatusChanged', data: { ...base, oldStatus: event.oldStatus, newStatus: event.newStatus } });
  } else {
    await enqueueMail(db, config, { ...common, template: 'ticketClosed', data: base });
  }
  return 'queued';
}

/** The notification a status change gives: 'closed' for Closed, else 'statusChanged'. */
export const statusEvent = (oldStatus: string, newStatus: string): TicketEvent =>
  newStatus === 'Closed' ? { kind: 'closed' } : { kind: 'statusChanged', oldStatus, newStatus };

/**
 * A note by the provider's staff (the PSA side writes these; no portal route does): the action row
 * and the contact's notification in one transaction. Internal notes notify nobody.
 */
export async function addStaffNote(db: Db, config: Config, r: { ticketId: number; staffId: number; html: string; isInternal?: boolean }): Promise<number> {
  const [ticket] = await db
    .select({ id: tickets.id, cid: tickets.cid, ticketNo: tickets.ticketNo, ticketType: tickets.ticketType, shortDescription: tickets.shortDescription, contactId: tickets.contactId, status: tickets.status })
    .from(tickets)
    .where(eq(tickets.id, r.ticketId))
    .limit(1);
  if (!ticket) throw new Error(`ticket ${r.ticketId} not found`);
  const [staff] = await db.select().from(providerStaff).where(eq(providerStaff.id, r.staffId)).limit(1);
  if (!staff) throw new Error(`staff ${r.staffId} not found`);
  const html = sanitizeNoteHtml(r.html);
  const authorName = `${staff.firstName} ${staff.lastName}`.trim();
  return db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const [row] = await t
      .insert(ticketActions)
      .values({ cid: ticket.cid, ticketId: ticket.id, staffId: staff.id, userName: staff.email, displayName: authorName, actionDesc: html, htmlClean: true, status: ticket.status, isInternal: r.isInternal ?? false })
      .returning({ id: ticketActions.id });
    if (!r.isInternal) await notifyTicketContact(t, config, ticket, { kind: 'noteAdded', authorName, noteHtml: html });
    return row!.id;
  });
}
