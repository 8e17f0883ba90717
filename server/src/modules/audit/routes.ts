import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { AUDIT_EXPORT_MAX_ROWS, withoutPaging, ZAuditListRequestSchema, ZAuditListResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { sendXlsx } from '../../exports/xlsx.ts';
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
    { schema: { tags, summary: `Audit log export: up to ${AUDIT_EXPORT_MAX_ROWS.toLocaleString('en-US')} rows of the filter as .xlsx, streamed`, querystring: withoutPaging(ZAuditListRequestSchema), response: signedInErrors } },
    // exportAudit refuses (403) before sendXlsx sends the headers; its rows are read as the file is written.
    async (req, reply) => sendXlsx(reply, svc.exportAudit(db, scopeOf(req), req.query)),
  );
};
