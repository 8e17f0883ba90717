import { and, count, eq, type SQL } from 'drizzle-orm';
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
