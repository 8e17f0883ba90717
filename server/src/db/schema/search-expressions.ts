import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TicketType } from '@sc/common';

// The one place of the contains-search expressions (docs/requirements.md §2.9). A trigram index is
// used only when the query's expression is the indexed one exactly; so the index definitions in this
// folder and the queries (server/src/db/search.ts) both build it here. server/test/search-indexes.test.ts
// fails when a search stops using its index.

/** `%term%` with LIKE's own wildcards (`%`, `_`, `\`) taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A contact's "first last email", as contacts_search_trgm indexes it. */
export const contactSearchTextOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL =>
  sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.email}, ''))`;

/**
 * `ticket_type = 'Incident'` with the type as a literal: the condition of the per-type trigram indexes
 * (tickets_incident_* / tickets_request_*) and of every query that should use them. A partial index
 * is chosen only when the planner can prove its WHERE from the query's, which a parameter of a
 * generic plan never proves; the type is one of two fixed values, never user text.
 */
export function ticketTypeIs(type: TicketType, alias?: string): SQL {
  if (type !== 'Incident' && type !== 'ServiceRequest') throw new Error(`not a ticket type: ${String(type)}`);
  return sql.raw(`${alias === undefined ? '"tickets"' : alias}."ticket_type" = '${type}'`);
}

/**
 * A ticket number not of the shape the application gives every ticket ('INC-' or 'SR-' and digits,
 * db/ids.ts ticketNumber): the condition of tickets_ticket_no_irregular_trgm (empty in practice) and
 * of global search's ticket-number arm, which reads such numbers as contains-matches and every other
 * number as a prefix (db/search.ts ticketSearchTextMatches, requirements §17.6).
 */
export function ticketNoIrregular(alias?: string): SQL {
  return sql.raw(`${alias === undefined ? '"tickets"' : alias}."ticket_no" !~ '^(INC|SR)-[0-9]+$'`);
}
