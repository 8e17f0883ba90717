import { and, asc, count, eq, gt, sql, type SQL } from 'drizzle-orm';
import type { SortDirection } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { providerStaff, ticketActions } from '../../db/schema/index.ts';
import type { Scope } from '../../auth/scope.ts';

const actionColumns = {
  id: ticketActions.id,
  ticketId: ticketActions.ticketId,
  startDate: ticketActions.startDate,
  userName: ticketActions.userName,
  displayName: ticketActions.displayName,
  actionDesc: ticketActions.actionDesc,
  htmlClean: ticketActions.htmlClean,
  status: ticketActions.status,
  isInternal: ticketActions.isInternal,
  staffFirstName: providerStaff.firstName,
  staffLastName: providerStaff.lastName,
};

function whereActions(scope: Scope, ticketId: number, includeInternal: boolean): SQL {
  const conditions = [eq(ticketActions.cid, scope.cid), eq(ticketActions.ticketId, ticketId)];
  if (!includeInternal) conditions.push(eq(ticketActions.isInternal, false));
  return and(...conditions)!;
}

/** Actions by Incident ID (requirements §3.5, §3.6): ActionID descending. */
export async function listActions(db: Db, scope: Scope, ticketId: number, opts: { includeInternal: boolean; direction?: SortDirection } & Slice) {
  return db
    .select(actionColumns)
    .from(ticketActions)
    .leftJoin(providerStaff, eq(providerStaff.id, ticketActions.staffId))
    .where(whereActions(scope, ticketId, opts.includeInternal))
    .orderBy(...sortOrder(opts.direction ?? 'desc', undefined, ticketActions.id))
    .limit(opts.limit)
    .offset(opts.offset);
}
export type ActionRow = Awaited<ReturnType<typeof listActions>>[number];

export async function countActions(db: Db, scope: Scope, ticketId: number, includeInternal: boolean): Promise<number> {
  const [row] = await db.select({ n: count() }).from(ticketActions).where(whereActions(scope, ticketId, includeInternal));
  return row?.n ?? 0;
}

export async function findAction(db: Db, scope: Scope, id: number): Promise<ActionRow | undefined> {
  const [row] = await db
    .select(actionColumns)
    .from(ticketActions)
    .leftJoin(providerStaff, eq(providerStaff.id, ticketActions.staffId))
    .where(and(eq(ticketActions.cid, scope.cid), eq(ticketActions.id, id)))
    .limit(1);
  return row;
}

/** A note written by the signed-in portal user. */
export async function insertAction(
  db: Db,
  scope: Scope,
  /** actionDesc: already sanitised (sanitizeNoteHtml) by the caller. */
  values: { ticketId: number; userName: string; displayName: string; actionDesc: string; status: string },
): Promise<number> {
  const [row] = await db
    .insert(ticketActions)
    .values({ ...values, cid: scope.cid, webUserId: scope.webUserId, actionContactId: scope.contactId, startDate: new Date(), isInternal: false, htmlClean: true })
    .returning({ id: ticketActions.id });
  return row!.id;
}

export async function findStaffEmail(db: Db, staffId: number): Promise<string | undefined> {
  const [row] = await db.select({ email: providerStaff.email }).from(providerStaff).where(eq(providerStaff.id, staffId)).limit(1);
  return row?.email;
}

// The start-up clean pass over notes stored unsanitised (note-html.ts cleanStoredNotes).

/** Marks notes without `<`, `>` or `&` clean in one statement (such text is its own sanitised form); answers how many. */
export async function markPlainNotesClean(db: Db): Promise<number> {
  const rows = await db
    .update(ticketActions)
    .set({ htmlClean: true })
    .where(and(eq(ticketActions.htmlClean, false), sql`${ticketActions.actionDesc} !~ '[<>&]'`))
    .returning({ id: ticketActions.id });
  return rows.length;
}

/** The next `batch` unclean notes after id `after`, in id order (keyset). */
export function selectUncleanNotes(db: Db, after: number, batch: number): Promise<{ id: number; html: string }[]> {
  return db
    .select({ id: ticketActions.id, html: ticketActions.actionDesc })
    .from(ticketActions)
    .where(and(eq(ticketActions.htmlClean, false), gt(ticketActions.id, after)))
    .orderBy(asc(ticketActions.id))
    .limit(batch);
}

/** Stores sanitised notes and marks them clean: one statement per batch, so the notes' report trigger runs once (decision 026). */
export async function storeCleanNotes(db: Db, notes: { id: number; html: string }[]): Promise<void> {
  await db.execute(sql`update ${ticketActions} a set action_desc = v.html, html_clean = true
    from json_to_recordset(${JSON.stringify(notes)}::json) as v(id int, html text) where a.id = v.id`);
}
