import { canReadAuditLog, type AuditAction, type AuditListRequest, type AuditListResponse, type AuditRow } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import * as q from './queries.ts';

/** The export's row cap, as the other exports (first 2000 rows). */
export const AUDIT_EXPORT_LIMIT = 2000;

/**
 * Whose log the caller reads (requirements §19.4): the space admin every customer's (and the
 * provider-wide rows), a customer's Administrator its own organisation's, anyone else nothing (403).
 */
function scopeOf(scope: Scope): number | undefined {
  if (!canReadAuditLog(scope)) throw forbidden();
  return scope.spaceAdmin ? undefined : scope.cid;
}

type Row = Awaited<ReturnType<typeof q.selectAuditPage>>['rows'][number];
const toRow = (r: Row): AuditRow => ({ ...r, action: r.action as AuditAction, at: r.at.toISOString() });

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

export async function auditForExport(db: Db, scope: Scope, r: Omit<AuditListRequest, 'page' | 'pageSize'>): Promise<AuditRow[]> {
  const rows = await q.selectAuditForExport(db, filterOf(scope, r), r.direction, AUDIT_EXPORT_LIMIT);
  return rows.map(toRow);
}
