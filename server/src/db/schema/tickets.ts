import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { TICKET_TYPES, type TicketType } from '@sc/common';
import { cid, createdAt, updatedAt } from './columns.ts';
import { devices } from './devices.ts';
import { contacts, departments, providerStaff, sites, webUsers } from './identity.ts';
import { ticketNoIrregular, ticketTypeIs } from './search-expressions.ts';

// ---------------------------------------------------------------------------------------------
// Lookups (requirements §2.2 'Lookups'). Provider-wide: every customer picks from the same lists, so no cid.
// ---------------------------------------------------------------------------------------------

/** Priority (Priority ID, Priority Name); level orders them (1 = most urgent). */
export const ticketPriorities = pgTable('ticket_priorities', {
  id: serial().primaryKey(),
  name: varchar({ length: 60 }).notNull(),
  level: integer().notNull(),
});

/** Severity; tickets carry the short code, which is what the lists sort by (requirements §2.2 'sorted by SeverityShort'). */
export const ticketSeverities = pgTable('ticket_severities', {
  id: serial().primaryKey(),
  /** A unique constraint, not an index: tickets.severity_short references it, and drizzle-kit creates indexes after foreign keys. */
  short: varchar({ length: 16 }).notNull().unique('ticket_severities_short_uq'),
  name: varchar({ length: 60 }).notNull(),
  sort: integer().notNull().default(0),
});

export const ticketClasses = pgTable(
  'ticket_classes',
  {
    id: serial().primaryKey(),
    name: varchar({ length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('ticket_classes_name_uq').on(t.name)],
);

/** A subclass belongs to one class (the TicketSubClass lookup is filtered by the chosen class). */
export const ticketSubclasses = pgTable(
  'ticket_subclasses',
  {
    id: serial().primaryKey(),
    classId: integer()
      .notNull()
      .references(() => ticketClasses.id),
    name: varchar({ length: 100 }).notNull(),
  },
  (t) => [uniqueIndex('ticket_subclasses_class_name_uq').on(t.classId, t.name)],
);

// ---------------------------------------------------------------------------------------------
// Tickets
// ---------------------------------------------------------------------------------------------

/** The name prefix of each type's trigram indexes (tickets_incident_short_desc_trgm, …). */
export const TRGM_PREFIX: Record<TicketType, string> = { Incident: 'tickets_incident', ServiceRequest: 'tickets_request' };

/** requirements §2.3 service-request status filter values (besides '(All)'). */
export const TICKET_STATUSES = ['Open', 'Closed', 'Escalation', 'On Hold'] as const;
export type TicketStatus = (typeof TICKET_STATUSES)[number];

/**
 * Incidents and service requests (requirements §2.2 'Incident row' / 'Service request record', requirements §2.2).
 * Every list is within one cid and one ticket type, so every list index starts (cid, ticket_type).
 * Sorting by assignee, priority or severity must not join: the sort keys live on the row.
 */
export const tickets = pgTable(
  'tickets',
  {
    id: serial().primaryKey(),
    cid: cid(),
    /** IncidentNo, shown to users and searched; unique across the provider. */
    ticketNo: varchar({ length: 20 }).notNull(),
    ticketType: varchar({ length: 16, enum: TICKET_TYPES }).notNull(),
    status: varchar({ length: 16, enum: TICKET_STATUSES }).notNull().default('Open'),
    shortDescription: varchar({ length: 300 }).notNull(),
    description: text(),
    /** The ticket's contact (ContactID): a User sees only tickets where this is their own contact. */
    contactId: integer()
      .notNull()
      .references(() => contacts.id),
    /** TargetName / TargetContactID: whom the work is for (may differ from the reporting contact). */
    targetName: varchar({ length: 200 }),
    targetContactId: integer().references(() => contacts.id),
    deviceId: integer().references(() => devices.id, { onDelete: 'set null' }),
    siteId: integer().references(() => sites.id),
    departmentId: integer().references(() => departments.id),
    /** BoardID: taken from the department unless its type is 'Client' (requirements §2.3); no boards table. */
    boardId: integer(),
    priorityId: integer().references(() => ticketPriorities.id),
    severityShort: varchar({ length: 16 }).references(() => ticketSeverities.short),
    classId: integer().references(() => ticketClasses.id),
    subclassId: integer().references(() => ticketSubclasses.id),
    /** AssignedUserID: the provider technician. */
    assignedStaffId: integer().references(() => providerStaff.id),
    /** AssignedToContactID: a customer's HD shared operator can be the assignee instead of staff. */
    assignedContactId: integer().references(() => contacts.id),
    /** AssignedToName, denormalised so the list sorts and searches on it without a join. */
    assignedToName: varchar({ length: 200 }),
    /** ReAssignmentTemplateID; negative values mean 'unassigned' in the spec's home grid rule. */
    reassignmentTemplateId: integer(),
    isVip: boolean().notNull().default(false),
    isShared: boolean().notNull().default(false),
    isRequestScheduled: boolean().notNull().default(false),
    requestedStartDate: timestamp({ withTimezone: true }),
    requestedEndDate: timestamp({ withTimezone: true }),
    openDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    closedDate: timestamp({ withTimezone: true }),
    /**
     * The first note by provider staff (the earliest ticket_actions.start_date with staff_id set): the
     * reports' first response (requirements §13.4). Kept by triggers on ticket_actions (migration 0018,
     * docs/decisions/026), so a report reads it from the covering index instead of probing the notes.
     */
    firstResponseAt: timestamp({ withTimezone: true }),
    disposition: varchar({ length: 60 }),
    /** Optimistic concurrency: an update must name the version it read and bumps it. */
    version: integer().notNull().default(1),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /**
     * The three searched columns lower-cased in one string, kept by PostgreSQL (generated, stored):
     * global search's cheap first test of a row in its newest-tickets window (modules/search/queries.ts).
     * A row whose number, short description or target name contains the term contains it here too; the
     * search then checks the columns themselves, so a match across the joins is never a result.
     */
    searchText: text().generatedAlwaysAs(sql`lower(coalesce(ticket_no, '') || ' ' || coalesce(short_description, '') || ' ' || coalesce(target_name, ''))`),
  },
  (t) => [
    uniqueIndex('tickets_ticket_no_uq').on(t.ticketNo),
    // Default list: IncidentID descending, with and without a status filter.
    index('tickets_cid_type_id_idx').on(t.cid, t.ticketType, t.id.desc()),
    // Global search's newest-tickets window, read index-only: each entry carries the row's search_text, so a
    // term is tested on the window without visiting the table (modules/search/queries.ts, decision 040).
    // search_text is a key column because drizzle has no INCLUDE; after the unique id it orders nothing. At
    // most 522 characters (the three columns' lengths), under a btree entry's limit even at 4 bytes each.
    index('tickets_cid_type_id_search_idx').on(t.cid, t.ticketType, t.id.desc(), t.searchText),
    index('tickets_cid_type_status_id_idx').on(t.cid, t.ticketType, t.status, t.id.desc()),
    // A User's own tickets ("My Tickets" and the User role's whole view).
    index('tickets_cid_contact_type_status_id_idx').on(t.cid, t.contactId, t.ticketType, t.status, t.id.desc()),
    index('tickets_cid_type_open_date_idx').on(t.cid, t.ticketType, t.openDate),
    index('tickets_cid_assigned_staff_idx').on(t.cid, t.assignedStaffId),
    // "My Assigned" on the home page (assigned=me); partial: most tickets are assigned to staff, not to a contact.
    index('tickets_cid_assigned_contact_idx')
      .on(t.cid, t.assignedContactId, t.ticketType, t.status, t.id.desc())
      .where(sql`${t.assignedContactId} is not null`),
    index('tickets_cid_department_idx').on(t.cid, t.departmentId),
    // The lists' class filter (requirements §2.1 criteria), alone or with an open-date range: only the class's
    // rows, in date order, id for an index-only page. Before it a class filter read the type's whole
    // date range from tickets_report_opened_idx and tested the class on each entry.
    index('tickets_cid_type_class_open_idx').on(t.cid, t.ticketType, t.classId, t.openDate, t.id),
    index('tickets_cid_device_idx').on(t.cid, t.deviceId),
    // The calendar's long events that started before the visible range (only requests with an end date).
    index('tickets_cid_type_requested_end_idx').on(t.cid, t.ticketType, t.requestedEndDate).where(sql`${t.requestedEndDate} is not null`),
    // Sortable columns of the grids. A list sorts by (column, id): where the column repeats (severity,
    // priority, assignee, requested start with its NULLs, short descriptions such as 'Printer jam')
    // the index carries id too, so it supplies the whole order; without it each sort read and sorted a
    // whole value's group (≈ 12,500 rows for one severity of the bench tenant, ≈ 25 ms).
    index('tickets_cid_type_requested_start_idx').on(t.cid, t.ticketType, t.requestedStartDate, t.id),
    index('tickets_cid_type_short_desc_idx').on(t.cid, t.ticketType, t.shortDescription, t.id),
    index('tickets_cid_type_assigned_name_idx').on(t.cid, t.ticketType, t.assignedToName, t.id),
    index('tickets_cid_type_priority_idx').on(t.cid, t.ticketType, t.priorityId, t.id),
    index('tickets_cid_type_severity_idx').on(t.cid, t.ticketType, t.severityShort, t.id),
    // Reports (requirements §13.4, docs/decisions/019): covering indexes, so each aggregate over a
    // period is an index-only scan of the customer's rows of that type and period.
    index('tickets_report_opened_idx').on(
      t.cid,
      t.ticketType,
      t.openDate,
      t.siteId,
      t.classId,
      t.subclassId,
      t.priorityId,
      t.departmentId,
      t.severityShort,
      t.deviceId,
      t.firstResponseAt,
      // and the lists' open-date ranges (list.queries.ts endsInThePast): status and id make their ids index-only
      t.status,
      t.id,
    ),
    index('tickets_report_closed_idx')
      .on(t.cid, t.ticketType, t.closedDate, t.openDate, t.siteId, t.classId, t.subclassId)
      .where(sql`${t.closedDate} is not null`),
    index('tickets_report_backlog_idx').on(t.cid, t.ticketType, t.openDate, t.siteId, t.classId, t.subclassId).where(sql`${t.status} <> 'Closed'`),
    // SearchValue and global search are contains-searches: one trigram index per column so
    // `col ILIKE '%v%' OR ...` becomes a BitmapOr without the query repeating an index expression.
    // One set per ticket type (partial on the type, which every list and search names as a literal:
    // ticketTypeIs), each leading with cid (btree_gin, migration 0003): a search reads only its
    // tenant's matches of its own type, so a word common in the other type costs nothing
    // (docs/decisions/011, 027). Global search and the lists rely on these names (db/search.ts).
    ...TICKET_TYPES.flatMap((type) => {
      const prefix = TRGM_PREFIX[type];
      return [
        index(`${prefix}_ticket_no_trgm`).using('gin', t.cid, sql`${t.ticketNo} gin_trgm_ops`).where(ticketTypeIs(type)),
        index(`${prefix}_short_desc_trgm`).using('gin', t.cid, sql`${t.shortDescription} gin_trgm_ops`).where(ticketTypeIs(type)),
        index(`${prefix}_target_name_trgm`).using('gin', t.cid, sql`${t.targetName} gin_trgm_ops`).where(ticketTypeIs(type)),
        // A ticket-number term of global search ('INC-10005') is a prefix match of the number: a range of
        // this btree, not the digit trigrams every ticket shares (requirements §17.6; modules/search/queries.ts).
        index(`${prefix}_ticket_no_prefix`).on(t.cid, t.ticketNo.op('text_pattern_ops')).where(ticketTypeIs(type)),
      ];
    }),
    // ...and the numbers of any other shape (none the application writes), still found as contains-matches.
    index('tickets_ticket_no_irregular_trgm').using('gin', t.cid, sql`${t.ticketNo} gin_trgm_ops`).where(ticketNoIrregular()),
  ],
);

/**
 * Actions, i.e. notes (requirements §2.2 'Action'). Written by provider staff or by a portal user; user_name
 * and display_name are copied at write time because the list shows them as they were.
 */
export const ticketActions = pgTable(
  'ticket_actions',
  {
    id: serial().primaryKey(),
    cid: cid(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    startDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    staffId: integer().references(() => providerStaff.id),
    webUserId: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    userName: varchar({ length: 254 }).notNull(),
    displayName: varchar({ length: 200 }),
    /** HTML, sanitised once when written (docs/requirements.md §18.3); served as stored when htmlClean. */
    actionDesc: text().notNull(),
    /** Whether actionDesc went through sanitizeNoteHtml; rows written before this column are cleaned at start. */
    htmlClean: boolean().notNull().default(false),
    actionContactId: integer().references(() => contacts.id),
    /** Ticket status recorded with the action (shown in the latest-action popup). */
    status: varchar({ length: 16 }),
    /** Internal notes are hidden from customer users. */
    isInternal: boolean().notNull().default(false),
  },
  // Actions by Incident ID: sorted by ActionID descending (requirements §2.6).
  (t) => [
    index('ticket_actions_cid_ticket_id_idx').on(t.cid, t.ticketId, t.id.desc()),
    // First response of the reports (requirements §13.4): the earliest staff note of a ticket, index-only.
    index('ticket_actions_report_first_staff_idx').on(t.cid, t.ticketId, t.startDate).where(sql`${t.staffId} is not null`),
  ],
);

/** Files attached to a ticket; the bytes live in storage under storage_key, not in the database. */
export const ticketAttachments = pgTable(
  'ticket_attachments',
  {
    id: serial().primaryKey(),
    cid: cid(),
    ticketId: integer()
      .notNull()
      .references(() => tickets.id, { onDelete: 'cascade' }),
    fileName: varchar({ length: 255 }).notNull(),
    contentType: varchar({ length: 120 }).notNull(),
    sizeBytes: integer().notNull(),
    storageKey: varchar({ length: 300 }).notNull(),
    uploadedBy: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
  },
  (t) => [index('ticket_attachments_cid_ticket_idx').on(t.cid, t.ticketId), uniqueIndex('ticket_attachments_storage_key_uq').on(t.storageKey)],
);

/** requirements §2.2 partitionKey of a saved filter. */
export const TICKET_FILTER_SEARCH_TYPES = ['Incidents', 'Requests'] as const;
export type TicketFilterSearchType = (typeof TICKET_FILTER_SEARCH_TYPES)[number];

/**
 * Saved ticket filters (requirements §2.2 'Saved ticket filter', container TicketFilters). The id is the MD5 hex
 * of SearchName, so saving under an existing name in the same customer and search type overwrites it.
 */
export const ticketFilters = pgTable(
  'ticket_filters',
  {
    id: varchar({ length: 32 }).notNull(),
    cid: cid(),
    searchType: varchar({ length: 16, enum: TICKET_FILTER_SEARCH_TYPES }).notNull(),
    searchName: varchar({ length: 200 }).notNull(),
    isPublic: boolean().notNull().default(false),
    /** UserId of the spec: the owner's CCWebUserID. */
    ownerWebUserId: integer()
      .notNull()
      .references(() => webUsers.id, { onDelete: 'cascade' }),
    ownerName: varchar({ length: 200 }).notNull(),
    /** The ticket search criteria as saved (requirements §2.2 'Ticket search criteria'). */
    criteria: jsonb().$type<Record<string, unknown>>().notNull().default(sql`'{}'::jsonb`),
    updatedDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    updatedBy: varchar({ length: 254 }),
  },
  (t) => [
    primaryKey({ name: 'ticket_filters_pk', columns: [t.cid, t.searchType, t.id] }),
    // 'public or owned by me' within one partition (requirements §2.5 query-ticket-filters).
    index('ticket_filters_cid_type_public_owner_idx').on(t.cid, t.searchType, t.isPublic, t.ownerWebUserId),
  ],
);
