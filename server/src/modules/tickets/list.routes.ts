import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZIncidentListResponseSchema, ZServiceRequestListResponseSchema, ZTicketListRequestSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { sendXlsx } from '../../exports/xlsx.ts';
import { compiledSerializerCompiler } from '../../http/compiled-serializer.ts';
import { signedInErrors } from '../../http/errors.ts';
import { exportTickets } from './export.service.ts';
import { listTickets } from './list.service.ts';

/** GET /incidents, /service-requests and their /export (requirements §2.1 'Ticket list screens'). */
export const ticketListRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/incidents',
    {
      schema: {
        tags: ['tickets'],
        summary: 'A page of incidents (a User gets only its own contact’s)',
        querystring: ZTicketListRequestSchema,
        response: { 200: ZIncidentListResponseSchema, ...signedInErrors },
      },
      // The hot path of the list screens: rows serialised by the compiled schema, not re-parsed by zod.
      serializerCompiler: compiledSerializerCompiler,
    },
    (req) => listTickets(db, scopeOf(req), 'Incident', req.query),
  );

  app.get(
    '/service-requests',
    {
      schema: {
        tags: ['tickets'],
        summary: 'A page of service requests (a User gets only its own contact’s)',
        querystring: ZTicketListRequestSchema,
        response: { 200: ZServiceRequestListResponseSchema, ...signedInErrors },
      },
      serializerCompiler: compiledSerializerCompiler,
    },
    (req) => listTickets(db, scopeOf(req), 'ServiceRequest', req.query),
  );

  app.get(
    '/incidents/export',
    {
      schema: {
        tags: ['tickets'],
        summary: 'The first 2000 incidents as sorted and filtered, as INCIDENTS_CMS_{timestamp}.xlsx',
        querystring: ZTicketListRequestSchema,
      },
    },
    async (req, reply) => sendXlsx(reply, await exportTickets(db, scopeOf(req), 'Incident', req.query)),
  );

  app.get(
    '/service-requests/export',
    {
      schema: {
        tags: ['tickets'],
        summary: 'The first 2000 service requests as sorted and filtered, as SERVICE_REQUESTS_CMS_{timestamp}.xlsx',
        querystring: ZTicketListRequestSchema,
      },
    },
    async (req, reply) => sendXlsx(reply, await exportTickets(db, scopeOf(req), 'ServiceRequest', req.query)),
  );
};
