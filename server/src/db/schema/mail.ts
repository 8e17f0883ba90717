import { bigserial, index, integer, pgTable, text, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers } from './identity.ts';

export const OUTBOX_STATUSES = ['pending', 'sent', 'failed'] as const;
export type OutboxStatus = (typeof OUTBOX_STATUSES)[number];

/**
 * Transactional outbox for e-mail: the request writes the row in its own transaction, a worker
 * sends it and retries with back-off (next_attempt_at), so a mail-server outage loses nothing.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cid: integer().references(() => customers.id),
    toAddress: varchar({ length: 254 }).notNull(),
    subject: varchar({ length: 300 }).notNull(),
    textBody: text().notNull(),
    htmlBody: text(),
    /** Name of the template that produced the mail (verify, reset, invite, ...), for diagnostics. */
    template: varchar({ length: 80 }),
    status: varchar({ length: 16, enum: OUTBOX_STATUSES }).notNull().default('pending'),
    attempts: integer().notNull().default(0),
    lastError: text(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    createdAt: createdAt(),
    sentAt: timestamp({ withTimezone: true }),
  },
  // The worker's poll: status = 'pending' and next_attempt_at <= now() order by next_attempt_at.
  (t) => [index('email_outbox_status_next_idx').on(t.status, t.nextAttemptAt)],
);
