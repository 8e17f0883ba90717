import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZLatestActionsResponseSchema, ZTicketIdParamsSchema } from '@sc/common';
import { requireScope } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { latestActions } from './actions.service.ts';

/** GET /incidents/:id/latest-actions: the Last Action Taken popup. */
export const ticketActionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/incidents/:id/latest-actions',
    {
      schema: {
        tags: ['tickets'],
        summary: 'The five latest actions of a ticket, as plain text',
        params: ZTicketIdParamsSchema,
        response: { 200: ZLatestActionsResponseSchema },
      },
    },
    (req) => latestActions(db, requireScope(req), req.params.id),
  );
};
