import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZDataApiParamsSchema, ZDataApiQuerySchema, ZDataApiResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { dataApi } from './data-api.ts';

const tags = ['compatibility'];

/** The Data API (requirements §16.5) under /api/data: the session or an API key (CmsApiKey). */
export const dataApiRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/:cmstype',
    {
      config: { apiKey: true },
      schema: {
        tags,
        summary: 'Data API of the original: a page of contact, job, device, incident, product, jobreport or action records',
        params: ZDataApiParamsSchema,
        querystring: ZDataApiQuerySchema,
        response: { 200: ZDataApiResponseSchema, ...signedInErrors },
      },
    },
    (req) => dataApi(db, config, scopeOf(req), req.params.cmstype, req.query),
  );
};
