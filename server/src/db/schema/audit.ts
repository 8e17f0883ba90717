import { bigserial, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { contacts, customers, webUsers } from './identity.ts';

/**
 * Append-only audit trail of security-relevant and administrative actions (requirements §19.4):
 * sign-ins (success and failure), access and user-type changes, approvals, disables, invitations,
 * password changes and resets, banner edits, ticket changes. cid is null for provider-wide events
 * (a failed sign-in for an unknown e-mail, a banner every customer sees). The actor is a web user
 * and/or a contact (a registration has a contact and no account yet); actorEmail keeps the e-mail
 * typed at a failed sign-in. entity/entityId name the target; details say what changed.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cid: integer().references(() => customers.id),
    webUserId: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    actorEmail: varchar({ length: 254 }),
    action: varchar({ length: 80 }).notNull(),
    entity: varchar({ length: 60 }),
    entityId: varchar({ length: 64 }),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 400 }),
    createdAt: createdAt(),
  },
  (t) => [
    // Every index ends with id in the list's order (created_at, id): a page and each keyset batch of the
    // export (decision 029) is then an index range, not a sort of every earlier row.
    index('audit_log_cid_created_idx').on(t.cid, t.createdAt.desc(), t.id.desc()),
    // The screen's filters: by action, by actor (per customer, and across customers for the space admin).
    index('audit_log_cid_action_created_idx').on(t.cid, t.action, t.createdAt.desc(), t.id.desc()),
    index('audit_log_cid_user_created_idx').on(t.cid, t.webUserId, t.createdAt.desc(), t.id.desc()),
    index('audit_log_created_idx').on(t.createdAt.desc(), t.id.desc()),
    index('audit_log_action_created_idx').on(t.action, t.createdAt.desc(), t.id.desc()),
  ],
);

/**
 * Failed sign-ins in a row per key (requirements §19.2, docs/decisions/042): `pair:{email}|{address}` (an
 * e-mail from one client address), `account:{email}` (an e-mail from every address, the ceiling a
 * distributed guesser meets) and `device:{id}` (an e-mail from a browser where its owner signed in before,
 * which the two others do not hold back). Keys name e-mails, not accounts, so an unknown address is held
 * exactly as a known one. Past a key's free failures each attempt waits until next_attempt_at (2^k seconds,
 * capped), answered 429 with Retry-After before any password check. In PostgreSQL so every process shares it.
 */
export const loginDelays = pgTable(
  'login_delays',
  {
    key: varchar({ length: 400 }).primaryKey(),
    failures: integer().notNull().default(0),
    lastFailureAt: timestamp({ withTimezone: true }).notNull(),
    nextAttemptAt: timestamp({ withTimezone: true }).notNull(),
    /** When the account's owner was last told of attempts on it (account keys only, once a day at most). */
    notifiedAt: timestamp({ withTimezone: true }),
  },
  (t) => [index('login_delays_last_failure_idx').on(t.lastFailureAt)],
);
