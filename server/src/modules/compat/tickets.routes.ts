import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZStatusUpdateCompatRequestSchema, ZTicketActionSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { requestStatusUpdate } from '../ticket-detail/status-update.ts';

/**
 * The original's web APIs request-status-update-inc and -req (requirements §3.5): the body is the ticket id
 * (a JSON number, a numeric string, or { id }); same service and refusals as the REST route.
 */
export const ticketCompatRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  for (const [suffix, ticketType] of [
    ['inc', 'Incident'],
    ['req', 'ServiceRequest'],
  ] as const) {
    app.post(
      `/request-status-update-${suffix}`,
      {
        schema: {
          tags: ['compatibility'],
          summary: `Request a status update on ${ticketType === 'Incident' ? 'an incident' : 'a service request'} (web API of the original portal)`,
          body: ZStatusUpdateCompatRequestSchema,
          response: { 200: ZTicketActionSchema, ...signedInErrors },
        },
      },
      async (req) => {
        const id = typeof req.body === 'number' ? req.body : req.body.id;
        return requestStatusUpdate(db, config, scopeOf(req), id, ticketType);
      },
    );
  }
};
