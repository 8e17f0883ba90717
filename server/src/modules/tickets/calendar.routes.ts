import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZTicketCalendarRequestSchema, ZTicketCalendarResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { listCalendarEvents } from './calendar.service.ts';

/** GET /service-requests/calendar (requirements §2.1: the request lists' calendar view). */
export const ticketCalendarRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/service-requests/calendar',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Service requests whose requested dates overlap [from, to), with the list’s filters (a User gets only its own contact’s)',
        querystring: ZTicketCalendarRequestSchema,
        response: { 200: ZTicketCalendarResponseSchema, ...signedInErrors },
      },
    },
    (req) => listCalendarEvents(db, scopeOf(req), req.query),
  );
};
