import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_ACTION_LABELS, AUDIT_EXPORT_MAX_ROWS, withoutPaging, ZAuditListRequestSchema, ZAuditListResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { excelLocalDate, exportTimestamp, sendXlsx } from '../../exports/xlsx.ts';
import * as svc from './service.ts';

const tags = ['audit'];

/** The audit log (requirements §19.4): a customer's Administrator reads its own, the space admin all. */
export const auditRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/audit-log',
    { schema: { tags, summary: 'Audit log: one page, newest first', querystring: ZAuditListRequestSchema, response: { 200: ZAuditListResponseSchema, ...signedInErrors } } },
    (req) => svc.listAudit(db, scopeOf(req), req.query),
  );

  app.get(
    '/audit-log/export',
    { schema: { tags, summary: `Audit log export: up to ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows of the filter as .xlsx, streamed`, querystring: withoutPaging(ZAuditListRequestSchema) } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const rows = svc.auditForExport(db, scope, req.query);
      return sendXlsx(reply, {
        fileName: `AUDIT_LOG_${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
        sheetName: 'Audit log',
        rows,
        columns: [
          { header: 'When', width: 20, numFmt: 'yyyy-mm-dd hh:mm:ss', value: (r) => excelLocalDate(new Date(r.at), scope.user.timeZone) },
          { header: 'Action', width: 22, value: (r) => AUDIT_ACTION_LABELS[r.action] },
          { header: 'Organisation', width: 26, value: (r) => r.organizationName ?? 'Provider-wide' },
          { header: 'Actor', width: 30, value: (r) => r.actorEmail },
          { header: 'Actor Name', width: 22, value: (r) => r.actorName },
          { header: 'Address', width: 16, value: (r) => r.ip },
          { header: 'Browser', width: 40, value: (r) => r.userAgent },
          { header: 'Target', width: 14, value: (r) => r.targetType },
          { header: 'Target ID', width: 12, value: (r) => r.targetId },
          { header: 'Details', width: 60, value: (r) => (r.details ? JSON.stringify(r.details) : null) },
        ],
      });
    },
  );
};
