import { and, count, eq, or, sql } from 'drizzle-orm';
import type { SortDirection } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { ticketFilters, type TicketFilterSearchType } from '../../db/schema/index.ts';

export type TicketFilterRecord = typeof ticketFilters.$inferSelect;

/** requirements §2.5 query-ticket-filters: within the customer and search type, public or owned by the caller. */
const visibleTo = (cid: number, searchType: TicketFilterSearchType, webUserId: number) =>
  and(
    eq(ticketFilters.cid, cid),
    eq(ticketFilters.searchType, searchType),
    or(eq(ticketFilters.isPublic, true), eq(ticketFilters.ownerWebUserId, webUserId)),
  );

export async function selectVisibleFilters(
  db: Db,
  cid: number,
  searchType: TicketFilterSearchType,
  webUserId: number,
  direction: SortDirection,
  page: Slice,
): Promise<{ rows: TicketFilterRecord[]; total: number }> {
  const where = visibleTo(cid, searchType, webUserId);
  const [rows, [totalRow]] = await Promise.all([
    db.select().from(ticketFilters).where(where).orderBy(...sortOrder(direction, ticketFilters.searchName, ticketFilters.id)).limit(page.limit).offset(page.offset),
    db.select({ n: count() }).from(ticketFilters).where(where),
  ]);
  return { rows, total: Number(totalRow?.n ?? 0) };
}

export async function selectVisibleFilter(
  db: Db,
  cid: number,
  searchType: TicketFilterSearchType,
  webUserId: number,
  id: string,
): Promise<TicketFilterRecord | undefined> {
  const [row] = await db.select().from(ticketFilters).where(and(visibleTo(cid, searchType, webUserId), eq(ticketFilters.id, id)));
  return row;
}

/**
 * Inserts the filter or overwrites the caller's own filter of that name; returns undefined when the
 * name is taken by another account's filter (the conditional update touches no row).
 */
export async function upsertOwnFilter(db: Db, values: typeof ticketFilters.$inferInsert): Promise<TicketFilterRecord | undefined> {
  const [row] = await db
    .insert(ticketFilters)
    .values(values)
    .onConflictDoUpdate({
      target: [ticketFilters.cid, ticketFilters.searchType, ticketFilters.id],
      set: {
        searchName: values.searchName,
        isPublic: values.isPublic,
        ownerName: values.ownerName,
        criteria: values.criteria,
        updatedDate: sql`now()`,
        updatedBy: values.updatedBy,
      },
      setWhere: eq(ticketFilters.ownerWebUserId, values.ownerWebUserId),
    })
    .returning();
  return row;
}

/** Deletes the caller's own filter; returns whether a row went. */
export async function deleteOwnFilter(db: Db, cid: number, searchType: TicketFilterSearchType, webUserId: number, id: string): Promise<boolean> {
  const rows = await db
    .delete(ticketFilters)
    .where(and(eq(ticketFilters.cid, cid), eq(ticketFilters.searchType, searchType), eq(ticketFilters.id, id), eq(ticketFilters.ownerWebUserId, webUserId)))
    .returning({ id: ticketFilters.id });
  return rows.length > 0;
}
