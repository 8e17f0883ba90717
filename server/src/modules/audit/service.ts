import { AUDIT_ACTION_LABELS, AUDIT_EXPORT_MAX_ROWS, canReadAuditLog, type AuditAction, type AuditListRequest, type AuditListResponse, type AuditRow } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import { excelLocalDate, exportTimestamp, type XlsxExport } from '../../exports/xlsx.ts';
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

/** The audit log spreadsheet: AUDIT_LOG_{timestamp}.xlsx, times in the caller's zone, streamed from auditForExport. */
export function exportAudit(db: Db, scope: Scope, r: Omit<AuditListRequest, 'page' | 'pageSize'>): XlsxExport<AuditRow> {
  const timeZone = scope.user.timeZone;
  return {
    fileName: `AUDIT_LOG_${exportTimestamp(new Date(), timeZone)}.xlsx`,
    sheetName: 'Audit log',
    rows: auditForExport(db, scope, r),
    columns: [
      { header: 'When', width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss', value: (x) => excelLocalDate(new Date(x.at), timeZone) },
      { header: 'Action', width: 22, value: (x) => AUDIT_ACTION_LABELS[x.action] },
      { header: 'Organisation', width: 26, value: (x) => x.organizationName ?? 'Provider-wide' },
      { header: 'Actor', width: 30, value: (x) => x.actorEmail },
      { header: 'Actor Name', width: 22, value: (x) => x.actorName },
      { header: 'Address', width: 16, value: (x) => x.ip },
      { header: 'Browser', width: 40, value: (x) => x.userAgent },
      { header: 'Target', width: 14, value: (x) => x.targetType },
      { header: 'Target ID', width: 12, value: (x) => x.targetId },
      { header: 'Details', width: 60, value: (x) => (x.details ? JSON.stringify(x.details) : null) },
    ],
  };
}
