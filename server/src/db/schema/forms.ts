import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers, webUsers } from './identity.ts';
import { tickets } from './tickets.ts';

/** requirements §14.1: Draft (never published), Published (offered), Retired (no longer offered; its submissions stay). */
export const FORM_STATUSES = ['Draft', 'Published', 'Retired'] as const;
export const CORE_STATES = ['Draft', 'Submitted', 'Closed'] as const;

/** A form definition as stored: a SurveyJS JSON document (validated by server/src/modules/forms/definition.ts). */
export type FormDefinitionJson = Record<string, unknown>;

/**
 * Form definitions of the generic form engine (requirements §14.1 'Generic form-engine pages':
 * /kapps/{kappSlug}/forms/{formSlug}). `cid` null: offered to every customer; set: to that customer
 * only. `draftDefinition` is the space admin's working copy; publishing copies it into a new
 * immutable `form_versions` row.
 */
export const forms = pgTable(
  'forms',
  {
    id: serial().primaryKey(),
    kappSlug: varchar({ length: 80 }).notNull(),
    slug: varchar({ length: 80 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    description: text(),
    cid: integer().references(() => customers.id),
    /** Submitting creates a service request with the answers in its description. */
    createsServiceRequest: boolean().notNull().default(false),
    draftDefinition: jsonb().$type<FormDefinitionJson>().notNull().default(sql`'{}'::jsonb`),
    status: varchar({ length: 16, enum: FORM_STATUSES }).notNull().default('Draft'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('forms_kapp_slug_uq').on(t.kappSlug, t.slug)],
);

/**
 * The published versions of a form (requirements §14.1 'Versions'): immutable once written. The
 * newest one without `retiredAt` is the one offered; a submission keeps the version it was made with.
 */
export const formVersions = pgTable(
  'form_versions',
  {
    id: serial().primaryKey(),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    version: integer().notNull(),
    definition: jsonb().$type<FormDefinitionJson>().notNull(),
    publishedAt: timestamp({ withTimezone: true }).notNull().defaultNow(),
    retiredAt: timestamp({ withTimezone: true }),
    publishedBy: integer().references(() => webUsers.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('form_versions_form_version_uq').on(t.formId, t.version)],
);

/**
 * Submissions of those forms. The id is a random UUID (as text, made by the app: PG15 has no uuidv7)
 * because it appears in the review URL. cid and web user are null for logged-out forms.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: varchar({ length: 36 })
      .primaryKey()
      .$defaultFn(() => randomUUID()),
    formId: integer()
      .notNull()
      .references(() => forms.id, { onDelete: 'cascade' }),
    formVersionId: integer().references(() => formVersions.id),
    cid: integer().references(() => customers.id),
    webUserId: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    coreState: varchar({ length: 16, enum: CORE_STATES }).notNull().default('Draft'),
    currentPage: varchar({ length: 120 }),
    values: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    /** The service request the submission created (forms with createsServiceRequest). */
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('form_submissions_form_created_idx').on(t.formId, t.createdAt.desc()),
    index('form_submissions_cid_form_idx').on(t.cid, t.formId, t.createdAt.desc()),
    index('form_submissions_user_form_idx').on(t.webUserId, t.formId, t.createdAt.desc()),
  ],
);
