import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts, ticketAttachments, webUsers } from '../../db/schema/index.ts';
import type { Scope } from '../../auth/scope.ts';

const columns = {
  id: ticketAttachments.id,
  ticketId: ticketAttachments.ticketId,
  fileName: ticketAttachments.fileName,
  contentType: ticketAttachments.contentType,
  sizeBytes: ticketAttachments.sizeBytes,
  storageKey: ticketAttachments.storageKey,
  createdAt: ticketAttachments.createdAt,
  uploadedBy: ticketAttachments.uploadedBy,
  uploaderFirstName: contacts.firstName,
  uploaderLastName: contacts.lastName,
};

function selectAttachments(db: Db) {
  return db
    .select(columns)
    .from(ticketAttachments)
    .leftJoin(webUsers, eq(webUsers.id, ticketAttachments.uploadedBy))
    .leftJoin(contacts, eq(contacts.id, webUsers.contactId));
}

export async function listAttachments(db: Db, scope: Scope, ticketId: number) {
  return selectAttachments(db)
    .where(and(eq(ticketAttachments.cid, scope.cid), eq(ticketAttachments.ticketId, ticketId)))
    .orderBy(asc(ticketAttachments.id));
}
export type AttachmentRow = Awaited<ReturnType<typeof listAttachments>>[number];

export async function findAttachment(db: Db, scope: Scope, ticketId: number, id: number): Promise<AttachmentRow | undefined> {
  const [row] = await selectAttachments(db)
    .where(and(eq(ticketAttachments.cid, scope.cid), eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, id)))
    .limit(1);
  return row;
}

export async function insertAttachment(
  db: Db,
  scope: Scope,
  values: { ticketId: number; fileName: string; contentType: string; sizeBytes: number; storageKey: string },
): Promise<number> {
  const [row] = await db
    .insert(ticketAttachments)
    .values({ ...values, cid: scope.cid, uploadedBy: scope.webUserId })
    .returning({ id: ticketAttachments.id });
  return row!.id;
}

/** Removes one attachment row of the caller's customer; answers whether a row went. */
export async function deleteAttachment(db: Db, scope: Scope, ticketId: number, id: number): Promise<boolean> {
  const rows = await db
    .delete(ticketAttachments)
    .where(and(eq(ticketAttachments.cid, scope.cid), eq(ticketAttachments.ticketId, ticketId), eq(ticketAttachments.id, id)))
    .returning({ id: ticketAttachments.id });
  return rows.length > 0;
}

/** First key of the transaction-scoped advisory lock that serialises one customer's quota checks (second key: the cid). */
const QUOTA_LOCK = 18_003;

/**
 * Holds the customer's quota lock until the transaction ends: two uploads of the same customer check
 * and insert one after the other, in every server process, so both cannot pass when only one fits.
 */
export async function lockCustomerQuota(tx: Db, cid: number): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(${QUOTA_LOCK}, ${cid})`);
}

/** Bytes of all of a customer's attachments (the quota, docs/requirements.md §18.3). */
export async function customerAttachmentBytes(db: Db, cid: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${ticketAttachments.sizeBytes}), 0)::text` })
    .from(ticketAttachments)
    .where(eq(ticketAttachments.cid, cid));
  return Number(row?.total ?? 0);
}
