import { and, count, eq, sql, type SQL } from 'drizzle-orm';
import type { OutboxState, SortDirection } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { outboxTextMatches } from '../../db/search.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { contacts, emailOutbox, emailPreferences, userPreferences, webUsers } from '../../db/schema/index.ts';

const listColumns = {
  id: emailOutbox.id,
  status: emailOutbox.status,
  toAddress: emailOutbox.toAddress,
  subject: emailOutbox.subject,
  template: emailOutbox.template,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  nextAttemptAt: emailOutbox.nextAttemptAt,
};

function outboxWhere(status?: OutboxState, search?: string): SQL | undefined {
  const parts: SQL[] = [];
  if (status) parts.push(eq(emailOutbox.status, status));
  if (search) parts.push(outboxTextMatches(search));
  return parts.length ? and(...parts) : undefined;
}

/** The outbox, newest first (primary key, or email_outbox_status_id_idx with a state). */
export async function selectOutbox(db: Db, r: { status?: OutboxState; search?: string }, direction: SortDirection, slice: Slice) {
  const where = outboxWhere(r.status, r.search);
  const [rows, [total]] = await Promise.all([
    db.select(listColumns).from(emailOutbox).where(where).orderBy(...sortOrder(direction, undefined, emailOutbox.id)).limit(slice.limit).offset(slice.offset),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function selectOutboxMessage(db: Db, id: number) {
  const [row] = await db
    .select({ ...listColumns, messageId: emailOutbox.messageId, textBody: emailOutbox.textBody, htmlBody: emailOutbox.htmlBody })
    .from(emailOutbox)
    .where(eq(emailOutbox.id, id))
    .limit(1);
  return row;
}

/** A failed row is due again with a fresh set of attempts; false when it is not (or no longer) failed. */
export async function retryFailed(db: Db, id: number): Promise<boolean> {
  const res = await db
    .update(emailOutbox)
    .set({ status: 'pending', attempts: 0, nextAttemptAt: new Date(), claimedBy: null, claimedUntil: null })
    .where(and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'failed')))
    .returning({ id: emailOutbox.id });
  return res.length === 1;
}

/**
 * What a contact accepts by e-mail about its tickets: the public e-mail preferences (opt-out of
 * ticket updates) and, when it has an account, the User Preferences dialog's choices.
 */
export async function selectTicketMailPreferences(db: Db, contactId: number) {
  const [row] = await db
    .select({
      email: contacts.email,
      firstName: contacts.firstName,
      isActive: contacts.isActive,
      optOutTicketUpdates: sql<boolean>`coalesce(${emailPreferences.optOutTicketUpdates}, false)`,
      optOutSurveys: sql<boolean>`coalesce(${emailPreferences.optOutSurveys}, false)`,
      onUpdated: sql<boolean>`coalesce(${userPreferences.emailOnTicketUpdated}, true)`,
      onClosed: sql<boolean>`coalesce(${userPreferences.emailOnTicketClosed}, true)`,
      onNewAction: sql<boolean>`coalesce(${userPreferences.emailOnNewAction}, true)`,
    })
    .from(contacts)
    .leftJoin(emailPreferences, eq(emailPreferences.contactId, contacts.id))
    .leftJoin(webUsers, eq(webUsers.contactId, contacts.id))
    .leftJoin(userPreferences, eq(userPreferences.webUserId, webUsers.id))
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row;
}

/** One-click unsubscribe: no more ticket e-mails for the contact, in both preference records. */
export async function unsubscribeTicketMail(db: Db, contactId: number): Promise<boolean> {
  const [contact] = await db.select({ cid: contacts.cid }).from(contacts).where(eq(contacts.id, contactId)).limit(1);
  if (!contact) return false;
  await db
    .insert(emailPreferences)
    .values({ contactId, cid: contact.cid, optOutTicketUpdates: true })
    .onConflictDoUpdate({ target: emailPreferences.contactId, set: { optOutTicketUpdates: true, updatedAt: new Date() } });
  await db
    .update(userPreferences)
    .set({ emailOnTicketUpdated: false, emailOnTicketClosed: false, emailOnNewAction: false, updatedAt: new Date() })
    .where(sql`${userPreferences.webUserId} in (select ${webUsers.id} from ${webUsers} where ${webUsers.contactId} = ${contactId})`);
  return true;
}
