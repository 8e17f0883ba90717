import { integer, pgTable, primaryKey, varchar } from 'drizzle-orm/pg-core';
import { cid } from './columns.ts';
import { TICKET_TYPES } from '@sc/common';
import { TICKET_STATUSES } from './tickets.ts';

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

/**
 * How many tickets each block of 16,384 ids holds, per customer, type and status (block = id >> 14): a
 * list's deep OFFSET page skips whole blocks by their counts, then steps over the few rows left, where
 * the index walk stepped over every ticket before it (page 2,000 of 50,000 incidents: 30,000 index
 * entries, ≈ 3.5 ms of PostgreSQL). Kept by statement-level triggers on tickets in the writing
 * transaction, as report_open_counts (migration 0027; docs/decisions/036-list-offset-blocks.md).
 */
export const ticketIdBlocks = pgTable(
  'ticket_id_blocks',
  {
    cid: cid(),
    ticketType: varchar({ length: 16, enum: TICKET_TYPES }).notNull(),
    block: integer().notNull(),
    status: varchar({ length: 16, enum: TICKET_STATUSES }).notNull(),
    n: integer().notNull(),
  },
  // Block before status: a list of every status reads the blocks in order and sums each one's statuses.
  (t) => [primaryKey({ columns: [t.cid, t.ticketType, t.block, t.status] })],
);
