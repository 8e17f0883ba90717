import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { USER_TYPES } from '@sc/common';
import { contactSearchTextOf } from './search-expressions.ts';

const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** Provider staff: technicians, assignees and account-team members (requirements §1.2 account team). */
export const providerStaff = pgTable('provider_staff', {
  id: serial().primaryKey(),
  firstName: varchar({ length: 80 }).notNull(),
  lastName: varchar({ length: 80 }).notNull(),
  email: varchar({ length: 254 }).notNull(),
  officePhone: varchar({ length: 32 }),
  mobilePhone: varchar({ length: 32 }),
  title: varchar({ length: 120 }),
  isActive: boolean().notNull().default(true),
  createdAt: createdAt(),
});

/** Client organisations of the provider; `id` is the CID every tenant row carries. The provider itself is one row with isProvider. */
export const customers = pgTable(
  'customers',
  {
    id: serial().primaryKey(),
    /** Short code shown as the customer id ('For {customer id}') and used for the banner partition. */
    code: varchar({ length: 32 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    isProvider: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    website: varchar({ length: 300 }),
    mainPhone: varchar({ length: 32 }),
    accountManagerId: integer().references(() => providerStaff.id),
    itConsultantId: integer().references(() => providerStaff.id),
    techManagerId: integer().references(() => providerStaff.id),
    /** The gid of the customer's own registration link /register/{gid} (requirements §12.3 self-register). */
    registrationKey: varchar({ length: 36 })
      .notNull()
      .default(sql`gen_random_uuid()::text`),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('customers_code_uq').on(t.code),
    uniqueIndex('customers_registration_key_uq').on(t.registrationKey),
    index('customers_name_trgm').using('gin', sql`${t.name} gin_trgm_ops`),
  ],
);

/**
 * The e-mail domains a customer registers (issue 13 item 6): a self-registration at /register without
 * a customer's link belongs to the customer whose domain matches the address. One customer per domain.
 */
export const customerEmailDomains = pgTable('customer_email_domains', {
  domain: varchar({ length: 253 }).primaryKey(),
  cid: integer()
    .notNull()
    .references(() => customers.id, { onDelete: 'cascade' }),
  createdAt: createdAt(),
});

export const sites = pgTable(
  'sites',
  {
    id: serial().primaryKey(),
    cid: integer().notNull().references(() => customers.id),
    name: varchar({ length: 200 }).notNull(),
    address: varchar({ length: 300 }),
    city: varchar({ length: 120 }),
    state: varchar({ length: 60 }),
    postalCode: varchar({ length: 20 }),
    phone: varchar({ length: 32 }),
    createdAt: createdAt(),
  },
  (t) => [index('sites_cid_name_idx').on(t.cid, t.name)],
);

/**
 * Departments (requirements §1.2 lookups: 'DepID BoardID Type'). cid is null for the provider's shared
 * service boards; a department of type 'Client' belongs to one customer and has no board.
 */
export const departments = pgTable(
  'departments',
  {
    id: serial().primaryKey(),
    cid: integer().references(() => customers.id),
    name: varchar({ length: 200 }).notNull(),
    boardId: integer(),
    type: varchar({ length: 40 }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('departments_cid_name_idx').on(t.cid, t.name)],
);

/** Contacts of client organisations (requirements §1.2 Contact). Flags the spec writes as '-1' are booleans here. */
export const contacts = pgTable(
  'contacts',
  {
    id: serial().primaryKey(),
    cid: integer().notNull().references(() => customers.id),
    siteId: integer().references(() => sites.id),
    departmentId: integer().references(() => departments.id),
    firstName: varchar({ length: 80 }).notNull(),
    middleInitial: varchar({ length: 4 }),
    lastName: varchar({ length: 80 }).notNull(),
    email: varchar({ length: 254 }),
    directPhone: varchar({ length: 32 }),
    mobilePhone: varchar({ length: 32 }),
    title: varchar({ length: 120 }),
    isVip: boolean().notNull().default(false),
    isPending: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    /** The organisation's primary contact this contact belongs under (requirements §1.2 PrimaryContactID). */
    primaryContactId: integer(),
    isPrimary: boolean().notNull().default(false),
    isHdSharedOperator: boolean().notNull().default(false),
    contactCenterChatEnabled: boolean().notNull().default(false),
    timeZone: varchar({ length: 64 }).notNull().default('America/New_York'),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('contacts_cid_id_idx').on(t.cid, t.id),
    index('contacts_cid_last_first_idx').on(t.cid, t.lastName, t.firstName),
    index('contacts_cid_first_idx').on(t.cid, t.firstName),
    index('contacts_cid_email_idx').on(t.cid, t.email),
    index('contacts_cid_pending_idx').on(t.cid, t.isPending),
    // The contacts list sorts by every shown column (requirements §8.1).
    index('contacts_cid_direct_phone_idx').on(t.cid, t.directPhone),
    index('contacts_cid_mobile_phone_idx').on(t.cid, t.mobilePhone),
    index('contacts_cid_title_idx').on(t.cid, t.title),
    // The contact search of every list (search-expressions.ts): keep the expression there.
    index('contacts_search_trgm').using('gin', sql`${contactSearchTextOf(t)} gin_trgm_ops`),
  ],
);

/** Portal accounts (CCWebUserID): a contact with a user type; provider staff have spaceAdmin. */
export const webUsers = pgTable(
  'web_users',
  {
    id: serial().primaryKey(),
    cid: integer().notNull().references(() => customers.id),
    contactId: integer().notNull().references(() => contacts.id),
    /** Lower-cased e-mail; the user name of requirements §1.2. */
    email: varchar({ length: 254 }).notNull(),
    passwordHash: text(),
    userType: varchar({ length: 20, enum: USER_TYPES }).notNull(),
    spaceAdmin: boolean().notNull().default(false),
    isActive: boolean().notNull().default(true),
    isEmailVerified: boolean().notNull().default(false),
    lastLoginAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex('web_users_email_uq').on(t.email),
    uniqueIndex('web_users_contact_uq').on(t.contactId),
    index('web_users_cid_idx').on(t.cid),
  ],
);

/** Server-side sessions; the cookie holds a random token, the table only its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: varchar({ length: 64 }).primaryKey(),
    webUserId: integer().notNull().references(() => webUsers.id, { onDelete: 'cascade' }),
    cid: integer().notNull().references(() => customers.id),
    csrfToken: varchar({ length: 64 }).notNull(),
    /** The account's sign-in before this one, shown as 'last login' in the account menu. */
    previousLoginAt: timestamp({ withTimezone: true }),
    createdAt: createdAt(),
    lastSeenAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** Absolute end of the session, whatever the activity. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    ip: varchar({ length: 64 }),
    userAgent: varchar({ length: 400 }),
  },
  (t) => [index('sessions_web_user_idx').on(t.webUserId), index('sessions_expires_idx').on(t.expiresAt)],
);

/**
 * Fixed-window request counters of the public pages (password retrieve, registration), kept in
 * PostgreSQL so every server process shares them (issue 13 item 7). The key names the limit and the
 * subject (`retrieve:email:…`, `retrieve:ip:…`); expired rows are overwritten in place.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: varchar({ length: 300 }).primaryKey(),
    windowStart: timestamp({ withTimezone: true }).notNull(),
    hits: integer().notNull(),
  },
  (t) => [index('rate_limits_window_idx').on(t.windowStart)],
);
