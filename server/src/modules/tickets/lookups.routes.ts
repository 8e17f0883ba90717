import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTicketLookupsResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { getTicketLookups } from './lookups.service.ts';

/** GET /tickets/lookups: every list of the filter dialog in one call. */
export const ticketLookupRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/tickets/lookups',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Priorities, severities, classes, subclasses, assignees, departments and sites for the ticket filter',
        response: { 200: ZTicketLookupsResponseSchema, ...signedInErrors },
      },
    },
    (req) => getTicketLookups(db, scopeOf(req)),
  );
};
