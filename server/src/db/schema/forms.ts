import { randomUUID } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, updatedAt } from './columns.ts';
import { customers, webUsers } from './identity.ts';

export const FORM_STATUSES = ['Active', 'Inactive'] as const;
export const CORE_STATES = ['Draft', 'Submitted', 'Closed'] as const;
export type CoreState = (typeof CORE_STATES)[number];

/** One field of a form definition, as stored in forms.fields. */
export interface FormFieldDef {
  name: string;
  label: string;
  type: string;
  required?: boolean;
  page?: string;
  options?: string[];
  [extra: string]: unknown;
}

/**
 * Form definitions of the generic form engine (requirements §14.1 'Generic form-engine pages':
 * /kapps/{kappSlug}/forms/{formSlug}). Provider-wide, so no cid.
 */
export const forms = pgTable(
  'forms',
  {
    id: serial().primaryKey(),
    kappSlug: varchar({ length: 80 }).notNull(),
    slug: varchar({ length: 80 }).notNull(),
    name: varchar({ length: 200 }).notNull(),
    description: text(),
    fields: jsonb().$type<FormFieldDef[]>().notNull().default(sql`'[]'::jsonb`),
    status: varchar({ length: 16, enum: FORM_STATUSES }).notNull().default('Active'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('forms_kapp_slug_uq').on(t.kappSlug, t.slug)],
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
    cid: integer().references(() => customers.id),
    webUserId: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    coreState: varchar({ length: 16, enum: CORE_STATES }).notNull().default('Draft'),
    currentPage: varchar({ length: 120 }),
    values: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    submittedAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    index('form_submissions_form_created_idx').on(t.formId, t.createdAt.desc()),
    index('form_submissions_cid_form_idx').on(t.cid, t.formId),
  ],
);
