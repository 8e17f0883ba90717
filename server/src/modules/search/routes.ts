import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZSearchQuerySchema, ZSearchResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { globalSearch } from './service.ts';

/** The top bar's look-ahead search (requirements §5.1, §5.3, §5.5 GlobalSearch). */
export const searchRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/search',
    {
      schema: {
        tags: ['search'],
        summary: 'Contacts, incidents, service requests and jobs of the caller\'s customer matching q, newest first',
        querystring: ZSearchQuerySchema,
        response: { 200: ZSearchResponseSchema, ...signedInErrors },
      },
    },
    (req) => globalSearch(db, scopeOf(req), req.query),
  );
};
