import { sql } from 'drizzle-orm';
import { bigserial, index, integer, jsonb, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { contacts, customers } from './identity.ts';

/**
 * pending: waiting for the relay (or for its next attempt); sent: accepted by the SMTP server;
 * failed: gave up after the last attempt (the space admin can retry it); preview: no SMTP_URL is
 * configured, so the message was kept for the 'Outgoing mail' screen instead of being sent.
 */
export const OUTBOX_STATUSES = ['pending', 'sent', 'failed', 'preview'] as const;

/**
 * Transactional outbox for e-mail: the request writes the row in its own transaction, a relay in
 * every server process claims due rows (FOR UPDATE SKIP LOCKED plus a lease in claimed_until),
 * sends them and retries with back-off (next_attempt_at), so a mail-server outage or a crash loses
 * nothing. message_id is fixed at enqueue time: a resend after a crash carries the same Message-ID.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cid: integer().references(() => customers.id),
    /** The recipient's contact when known (its preferences link and unsubscribe header). */
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    toAddress: varchar({ length: 254 }).notNull(),
    subject: varchar({ length: 300 }).notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** Name of the template that produced the mail (invitation, passwordReset, ...), for diagnostics. */
    template: varchar({ length: 80 }),
    /** RFC 5322 Message-ID with its angle brackets, stable for the row's life. */
    messageId: varchar({ length: 250 }),
    /** Extra headers (List-Unsubscribe, List-Unsubscribe-Post, ...). */
    headers: jsonb().$type<Record<string, string>>().notNull().default(sql`'{}'::jsonb`),
    status: varchar({ length: 16, enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** The relay instance holding the row and until when; an expired lease is claimable again. */
    claimedBy: varchar({ length: 100 }),
    claimedUntil: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // The relay's poll: status = 'pending' and next_attempt_at <= now() order by next_attempt_at.
    index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt),
    // The 'Outgoing mail' screen: newest first, optionally one state.
    index('email_outbox_status_id_idx').on(t.status, t.id.desc()),
  ],
);

/** Server secrets generated on first start when not configured (APP_SECRET): one row per name. */
export const appSecrets = pgTable('app_secrets', {
  name: varchar({ length: 60 }).primaryKey(),
  value: text().notNull(),
  createdAt: createdAt(),
});
