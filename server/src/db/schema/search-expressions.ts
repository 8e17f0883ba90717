import { sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';

// The one place of the contains-search expressions (docs/requirements.md §2.9). A trigram index is
// used only when the query's expression is the indexed one exactly; so the index definitions in this
// folder and the queries (server/src/db/search.ts) both build it here. server/test/search-indexes.test.ts
// fails when a search stops using its index.

/** `%term%` with LIKE's own wildcards (`%`, `_`, `\`) taken literally. */
export const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** A contact's "first last email", as contacts_search_trgm indexes it. */
export const contactSearchTextOf = (t: { firstName: AnyPgColumn; lastName: AnyPgColumn; email: AnyPgColumn }): SQL =>
  sql`(coalesce(${t.firstName}, '') || ' ' || coalesce(${t.lastName}, '') || ' ' || coalesce(${t.email}, ''))`;
