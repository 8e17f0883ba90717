import { and, count, eq, gte, ilike, lt, lte, or, sql, type SQL } from 'drizzle-orm';
import type { AuditAction, SortDirection } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/search.ts';
import { auditLog, contacts, customers } from '../../db/schema/index.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';

export interface AuditFilter {
  /** The caller's customer; undefined: every customer (the space admin). */
  cid: number | undefined;
  action?: AuditAction | undefined;
  actor?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  search?: string | undefined;
}

const columns = {
  id: auditLog.id,
  at: auditLog.createdAt,
  action: auditLog.action,
  cid: auditLog.cid,
  organizationName: customers.name,
  actorEmail: auditLog.actorEmail,
  actorName: sql<string | null>`case when ${contacts.id} is null then null else ${contacts.firstName} || ' ' || ${contacts.lastName} end`,
  ip: auditLog.ip,
  userAgent: auditLog.userAgent,
  targetType: auditLog.entity,
  targetId: auditLog.entityId,
  details: auditLog.details,
};

/** The filter as SQL; a customer's reader never sees a row of another customer or a provider-wide row. */
function whereOf(f: AuditFilter): SQL | undefined {
  const parts: SQL[] = [];
  if (f.cid !== undefined) parts.push(eq(auditLog.cid, f.cid));
  if (f.action) parts.push(eq(auditLog.action, f.action));
  if (f.actor) parts.push(ilike(auditLog.actorEmail, containsPattern(f.actor)));
  if (f.from) parts.push(gte(auditLog.createdAt, new Date(f.from)));
  if (f.to) parts.push(lt(auditLog.createdAt, new Date(f.to)));
  if (f.search) {
    const p = containsPattern(f.search);
    parts.push(or(ilike(auditLog.actorEmail, p), ilike(auditLog.action, p), ilike(auditLog.entityId, p), ilike(auditLog.ip, p), sql`${auditLog.details}::text ilike ${p}`)!);
  }
  return parts.length ? and(...parts) : undefined;
}

const base = (db: Db) =>
  db.select(columns).from(auditLog).leftJoin(customers, eq(customers.id, auditLog.cid)).leftJoin(contacts, eq(contacts.id, auditLog.contactId));

/** One page, newest first (audit_log_cid_created_idx, or audit_log_created_idx for the space admin). */
export async function selectAuditPage(db: Db, f: AuditFilter, direction: SortDirection, slice: Slice) {
  const where = whereOf(f);
  const [rows, [total]] = await Promise.all([
    base(db)
      .where(where)
      .orderBy(...sortOrder(direction, auditLog.createdAt, auditLog.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(auditLog).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** Where a batch of the export ends: the last row's instant (as PostgreSQL's text, microseconds kept) and id. */
export interface AuditKey {
  at: string;
  id: number;
}

/**
 * One batch of the export in list order, after `after` (keyset on created_at, id: every batch is an
 * index range, however deep). The key is read as text because a JS Date drops the microseconds that
 * PostgreSQL keeps, and a truncated key would skip or repeat rows of the same millisecond.
 */
export async function selectAuditBatch(db: Db, f: AuditFilter, direction: SortDirection, after: AuditKey | undefined, limit: number) {
  const where = whereOf(f);
  const cmp = direction === 'asc' ? sql`>` : sql`<`;
  const bound = direction === 'asc' ? gte : lte;
  const keyset = after
    ? and(bound(auditLog.createdAt, sql`${after.at}::timestamptz`), sql`(${auditLog.createdAt}, ${auditLog.id}) ${cmp} (${after.at}::timestamptz, ${after.id})`)
    : undefined;
  return db
    .select({ ...columns, key: sql<string>`${auditLog.createdAt}::text` })
    .from(auditLog)
    .leftJoin(customers, eq(customers.id, auditLog.cid))
    .leftJoin(contacts, eq(contacts.id, auditLog.contactId))
    .where(and(where, keyset))
    .orderBy(...sortOrder(direction, auditLog.createdAt, auditLog.id))
    .limit(limit);
}
