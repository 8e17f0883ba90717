import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cid, createdAt } from './columns.ts';
import { contacts, providerStaff } from './identity.ts';
import { tickets } from './tickets.ts';

// Satisfaction surveys (docs/requirements.md §20; decision 020). Closing a ticket invites its contact
// once (survey_invitations, one row per ticket); an answer, from the e-mail's one-click link or the
// home page's card, is a surveys row (the spec's Survey: DateSubmitted, Source, SubmittedByContact,
// IncidentID, Response, AssignedTo, SurveyInvitationID).

/** One invitation per closed ticket, to the ticket's contact; open until answered or expired. */
export const surveyInvitations = pgTable(
  'survey_invitations',
  {
    id: serial().primaryKey(),
    cid: cid(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    contactId: integer()
      .notNull()
      .references(() => contacts.id, { onDelete: 'cascade' }),
    /** Whom the survey is about: the ticket's assignee when it was closed. */
    assignedStaffId: integer().references(() => providerStaff.id),
    assignedTo: varchar({ length: 200 }),
    createdAt: createdAt(),
    /** The e-mailed links and the home page card stop working after this. */
    expiresAt: timestamp({ withTimezone: true }).notNull(),
    /** Whether the invitation e-mail was queued (the contact's e-mail preferences decide). */
    isEmailed: boolean().notNull().default(false),
    answeredAt: timestamp({ withTimezone: true }),
  },
  (t) => [
    // Once per ticket: a ticket closed, reopened and closed again is not surveyed twice.
    uniqueIndex('survey_invitations_ticket_uq').on(t.ticketId),
    // The home page card (a contact's open invitations) and a contact's response rate.
    index('survey_invitations_cid_contact_created_idx').on(t.cid, t.contactId, t.createdAt),
    // The customer's response rate over time.
    // Ends with answered_at: the response rate (invited, answered) is an index-only scan (decision 026).
    index('survey_invitations_cid_created_idx').on(t.cid, t.createdAt, t.answeredAt),
  ],
);

/**
 * A survey answer. Response: 1 thumbs up, -1 thumbs down (the grid shows thumbs up above 0, else down;
 * older rows may hold 1–5). The ticket number and the submitter's name are copied in so the list sorts
 * and searches them from its own indexes, without joins.
 */
export const surveys = pgTable(
  'surveys',
  {
    id: serial().primaryKey(),
    cid: cid(),
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    ticketNo: varchar({ length: 20 }),
    submittedByContactId: integer().references(() => contacts.id),
    submittedByName: varchar({ length: 200 }),
    dateSubmitted: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** 'Email' (the one-click link) or 'Portal' (the home page card). */
    source: varchar({ length: 60 }),
    response: integer(),
    /** The technician the survey is about, when known, plus the name as shown (AssignedTo). */
    assignedStaffId: integer().references(() => providerStaff.id),
    assignedTo: varchar({ length: 200 }),
    comment: text(),
    /** SurveyInvitationID: the invitation answered (null for surveys recorded before invitations existed). */
    invitationId: integer().references(() => surveyInvitations.id, { onDelete: 'set null' }),
  },
  (t) => [
    uniqueIndex('surveys_invitation_uq')
      .on(t.invitationId)
      .where(sql`${t.invitationId} is not null`),
    // The Surveys list: one index per sort key, tenant first, ties by id (docs/conventions.md 'Lists').
    // Date, source and assignee end with the response: the charts' counts are index-only scans (decision 026).
    index('surveys_cid_date_id_idx').on(t.cid, t.dateSubmitted, t.id, t.response),
    index('surveys_cid_source_idx').on(t.cid, t.source, t.id, t.response),
    index('surveys_cid_submitted_by_idx').on(t.cid, t.submittedByName, t.id),
    index('surveys_cid_ticket_no_idx').on(t.cid, t.ticketNo, t.id),
    index('surveys_cid_response_idx').on(t.cid, t.response, t.id),
    index('surveys_cid_assigned_to_idx').on(t.cid, t.assignedTo, t.id, t.response),
    // The list's search (surveyTextMatches: contains, any of four columns): one cid-leading trigram index per
    // column (btree_gin), so the OR is a BitmapOr of the tenant's matches, not a read of all its answers.
    ...(['ticketNo', 'submittedByName', 'assignedTo', 'comment'] as const).map((c) =>
      index(`surveys_${c.replace(/[A-Z]/g, (m) => `_${m.toLowerCase()}`)}_trgm`).using('gin', t.cid, sql`${t[c]} gin_trgm_ops`),
    ),
    // A User's own surveys and /contact/surveys/{id}: the contact's rows newest first.
    index('surveys_cid_contact_date_idx').on(t.cid, t.submittedByContactId, t.dateSubmitted, t.id),
  ],
);
