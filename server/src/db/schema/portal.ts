import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { USER_TYPES } from '@sc/common';
import { cid, createdAt, updatedAt } from './columns.ts';
import { contacts, customers, webUsers } from './identity.ts';

export const INVITATION_STATUSES = ['sent', 'accepted', 'deleted'] as const;

/**
 * Portal invitations (requirements §1.2 CCWebInvitationID). A re-send is a new row with the same contact, so the
 * history stays; 'Is Invited CMS' is "has a row in status sent". Deleting only marks the row.
 */
export const invitations = pgTable(
  'invitations',
  {
    id: serial().primaryKey(),
    cid: cid(),
    contactId: integer().notNull().references(() => contacts.id),
    /** Null when the invitation was created by the seed or a system job rather than a signed-in user. */
    invitedByWebUserId: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    userType: varchar({ length: 20, enum: USER_TYPES }).notNull(),
    email: varchar({ length: 254 }).notNull(),
    /** The runId returned by invite-send / delete-invite: one per batch (uuid as text). */
    runId: varchar({ length: 36 }).notNull(),
    status: varchar({ length: 16, enum: INVITATION_STATUSES }).notNull().default('sent'),
    sentAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    acceptedAt: timestamp({ withTimezone: true }),
    deletedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Default sort of the invites list: CCWebInvitationID descending (requirements §1.6).
    index('invitations_cid_id_idx').on(t.cid, t.id.desc()),
    index('invitations_cid_contact_idx').on(t.cid, t.contactId, t.status),
    index('invitations_run_idx').on(t.runId),
  ],
);

/** approve: a pending contact's approve/disapprove link, bound to one approver (webUserId) for one registrant (contactId). */
export const ONE_TIME_TOKEN_PURPOSES = ['verify', 'invite', 'reset', 'approve'] as const;
export type OneTimeTokenPurpose = (typeof ONE_TIME_TOKEN_PURPOSES)[number];

/**
 * Single-use e-mail link tokens (registration verify, invitation accept, password reset). The link
 * carries a random token, the table only its SHA-256 hex, so a database leak gives no usable link.
 * cid is nullable: a self-registration verify token exists before the user is tied to a customer.
 */
export const oneTimeTokens = pgTable(
  'one_time_tokens',
  {
    id: serial().primaryKey(),
    purpose: varchar({ length: 16, enum: ONE_TIME_TOKEN_PURPOSES }).notNull(),
    tokenHash: varchar({ length: 64 }).notNull(),
    webUserId: integer().references(() => webUsers.id, { onDelete: 'cascade' }),
    contactId: integer().references(() => contacts.id, { onDelete: 'cascade' }),
    invitationId: integer().references(() => invitations.id, { onDelete: 'cascade' }),
    cid: integer().references(() => customers.id),
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    usedAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('one_time_tokens_hash_uq').on(t.tokenHash),
    index('one_time_tokens_web_user_idx').on(t.webUserId),
    index('one_time_tokens_expires_idx').on(t.expiresAt),
    // Voiding a contact's other open links (approval decided, new verify or reset link sent).
    index('one_time_tokens_contact_purpose_idx').on(t.contactId, t.purpose),
  ],
);

export const THEMES = ['light', 'dark', 'system'] as const;

/** Per-account preferences (the 'user-preferences' form of requirements §1.5). Null time zone = the contact's. */
export const userPreferences = pgTable('user_preferences', {
  webUserId: integer()
    .primaryKey()
    .references(() => webUsers.id, { onDelete: 'cascade' }),
  cid: cid(),
  timeZone: varchar({ length: 64 }),
  pageSize: integer().notNull().default(10),
  theme: varchar({ length: 8, enum: THEMES }).notNull().default('system'),
  officePhone: varchar({ length: 32 }),
  mobilePhone: varchar({ length: 32 }),
  /** E-mail notification choices; booleans rather than jsonb so they can be filtered when mailing. */
  emailOnTicketCreated: boolean().notNull().default(true),
  emailOnTicketUpdated: boolean().notNull().default(true),
  emailOnTicketClosed: boolean().notNull().default(true),
  emailOnNewAction: boolean().notNull().default(true),
  updatedAt: updatedAt(),
});

/**
 * Public e-mail preferences (the logged-out /preferences page, customer-care-email-preferences form),
 * keyed by contact because the recipient may have no portal account.
 */
export const emailPreferences = pgTable('email_preferences', {
  contactId: integer()
    .primaryKey()
    .references(() => contacts.id, { onDelete: 'cascade' }),
  cid: cid(),
  optOutMarketing: boolean().notNull().default(false),
  optOutSurveys: boolean().notNull().default(false),
  optOutTicketUpdates: boolean().notNull().default(false),
  updatedAt: updatedAt(),
});

/** Record of the chat-end beacon (requirements §1.5 chat-end-by-chatid); the payload is the user JSON as sent. */
export const chatSessions = pgTable(
  'chat_sessions',
  {
    id: serial().primaryKey(),
    cid: cid(),
    webUserId: integer()
      .notNull()
      .references(() => webUsers.id, { onDelete: 'cascade' }),
    chatId: varchar({ length: 120 }).notNull(),
    endedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    payload: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
  },
  (t) => [index('chat_sessions_cid_ended_idx').on(t.cid, t.endedAt.desc()), index('chat_sessions_chat_idx').on(t.chatId)],
);
