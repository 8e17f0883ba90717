import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZReportEmbedTokenSchema, ZReportParamsSchema, ZReportQuerySchema, ZReportResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { errorResponses, signedInErrors } from '../../http/errors.ts';
import { compiledSerializerCompiler } from '../../http/compiled-serializer.ts';
import { getEmbedToken } from './embed.ts';
import { getReport } from './service.ts';

const tags = ['reports'];

/** Reports (requirements §13.2): Administrator only, the caller's customer only. */
export const reportRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/reports/:reportId',
    {
      schema: {
        tags,
        summary: 'A report: figures and charts of the period and site (or, when configured, that it is an external embed)',
        params: ZReportParamsSchema,
        querystring: ZReportQuerySchema,
        response: { 200: ZReportResponseSchema, ...signedInErrors },
      },
      // A report is tens of kilobytes of our own typed figures: fast-json-stringify, not a zod re-parse (decision 026).
      serializerCompiler: compiledSerializerCompiler,
    },
    (req) => getReport(db, config, scopeOf(req), req.params.reportId, req.query),
  );

  app.get(
    '/reports/:reportId/embed-token',
    {
      schema: {
        tags,
        summary: 'Report embed token of an external report (fetched by the server with its secret)',
        params: ZReportParamsSchema,
        response: { 200: ZReportEmbedTokenSchema, ...signedInErrors, 502: errorResponses[502] },
      },
    },
    async (req, reply) => {
      void reply.header('cache-control', 'no-store');
      return getEmbedToken(config, scopeOf(req), req.params.reportId);
    },
  );
};
