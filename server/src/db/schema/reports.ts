import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { cid } from './columns.ts';
import { TICKET_TYPES } from './tickets.ts';

/**
 * The open backlog of the reports (requirements §13.4, docs/decisions/026): how many tickets are not
 * Closed, per customer, type, site, class and subclass (0 where the ticket has none). Kept by
 * statement-level triggers on tickets in the same transaction as every ticket write (migration 0018),
 * so a report reads a few rows instead of every open ticket; only the open tickets younger than the
 * oldest age bucket are read from the tickets themselves.
 */
export const reportOpenCounts = pgTable(
  'report_open_counts',
  {
    cid: cid(),
    ticketType: varchar({ length: 16, enum: TICKET_TYPES }).notNull(),
    siteId: integer().notNull(),
    classId: integer().notNull(),
    subclassId: integer().notNull(),
    n: integer().notNull(),
  },
  (t) => [primaryKey({ columns: [t.cid, t.ticketType, t.siteId, t.classId, t.subclassId] })],
);
