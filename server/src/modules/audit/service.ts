import { AUDIT_EXPORT_MAX_ROWS, canReadAuditLog, type AuditAction, type AuditListRequest, type AuditListResponse, type AuditRow } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import * as q from './queries.ts';

/** Rows per query of the export: a batch in memory at a time, and other requests run between batches. */
const AUDIT_EXPORT_BATCH = 1000;

/**
 * Whose log the caller reads (requirements §19.4): the space admin every customer's (and the
 * provider-wide rows), a customer's Administrator its own organisation's, anyone else nothing (403).
 */
function scopeOf(scope: Scope): number | undefined {
  if (!canReadAuditLog(scope)) throw forbidden();
  return scope.spaceAdmin ? undefined : scope.cid;
}

type Row = Awaited<ReturnType<typeof q.selectAuditPage>>['rows'][number];
const toRow = (r: Row): AuditRow => ({
  id: r.id,
  at: r.at.toISOString(),
  action: r.action as AuditAction,
  cid: r.cid,
  organizationName: r.organizationName,
  actorEmail: r.actorEmail,
  actorName: r.actorName,
  ip: r.ip,
  userAgent: r.userAgent,
  targetType: r.targetType,
  targetId: r.targetId,
  details: r.details,
});

const filterOf = (scope: Scope, r: Omit<AuditListRequest, 'page' | 'pageSize'>): q.AuditFilter => ({
  cid: scopeOf(scope),
  action: r.action,
  actor: r.actor || undefined,
  from: r.from,
  to: r.to,
  search: r.search || undefined,
});

export async function listAudit(db: Db, scope: Scope, r: AuditListRequest): Promise<AuditListResponse> {
  const filter = filterOf(scope, r);
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectAuditPage(db, filter, r.direction, slice);
    return { rows: rows.map(toRow), total };
  });
}

/**
 * The export (requirements §19.4): up to AUDIT_EXPORT_MAX_ROWS rows of the filter in list order, read
 * in keyset batches as the writer asks for them, never as one array. Refused (403) at the call, before
 * the first batch, so the route can still answer with an error.
 */
export function auditForExport(
  db: Db,
  scope: Scope,
  r: Omit<AuditListRequest, 'page' | 'pageSize'>,
  { maxRows = AUDIT_EXPORT_MAX_ROWS, batch = AUDIT_EXPORT_BATCH }: { maxRows?: number; batch?: number } = {},
): AsyncIterable<AuditRow> {
  const filter = filterOf(scope, r);
  return {
    async *[Symbol.asyncIterator]() {
      let after: q.AuditKey | undefined;
      for (let left = maxRows; left > 0; ) {
        const rows = await q.selectAuditBatch(db, filter, r.direction, after, Math.min(batch, left));
        for (const row of rows) yield toRow(row);
        const last = rows.at(-1);
        if (!last || rows.length < Math.min(batch, left)) return;
        after = { at: last.key, id: last.id };
        left -= rows.length;
      }
    },
  };
}
