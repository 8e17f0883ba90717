import type { FastifyPluginAsync } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateTicketQuerySchema,
  ZCreateTicketRequestSchema,
  ZNewTicketDraftResponseSchema,
  ZNewTicketQuerySchema,
  ZTicketActionSchema,
  ZTicketDetailParamsSchema,
  ZTicketDetailResponseSchema,
  ZTicketTimelineResponseSchema,
  ZUpdateTicketRequestSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { actionRoutes } from './actions.routes.ts';
import { attachmentRoutes } from './attachments.routes.ts';
import { createTicket, newTicketDraft } from './create-ticket.ts';
import { readTicket } from './read-ticket.ts';
import { requestStatusUpdate } from './status-update.ts';
import { ticketTimeline } from './timeline.ts';
import { updateTicket } from './update-ticket.ts';

const tags = ['ticket-detail'];

/** One ticket: read, prefilled new form, create, update, timeline, status-update request (requirements §3.1, §3.3). */
const ticketRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/tickets/new',
    {
      schema: {
        tags,
        summary: 'Prefilled form of a new ticket for a contact, a device or the primary contact (the add routes)',
        querystring: ZNewTicketQuerySchema,
        response: { 200: ZNewTicketDraftResponseSchema, ...signedInErrors },
      },
    },
    async (req) => newTicketDraft(db, scopeOf(req), req.query),
  );

  app.get(
    '/tickets/:id',
    {
      schema: { tags, summary: 'An incident or service request, with canEdit', params: ZTicketDetailParamsSchema, response: { 200: ZTicketDetailResponseSchema, ...signedInErrors } },
    },
    async (req) => readTicket(db, scopeOf(req), req.params.id),
  );

  app.post(
    '/tickets',
    {
      schema: {
        tags,
        summary: 'Create an incident or service request (?type=contact|device|primaryContact says who it is for)',
        querystring: ZCreateTicketQuerySchema,
        body: ZCreateTicketRequestSchema,
        response: { 201: ZTicketDetailResponseSchema, ...signedInErrors },
      },
    },
    async (req, reply) => {
      const ticket = await createTicket(db, scopeOf(req), req.query.type, req.body, { ip: req.ip, config });
      return reply.status(201).send(ticket);
    },
  );

  app.put(
    '/tickets/:id',
    {
      schema: {
        tags,
        summary: 'Update a ticket; a stale version answers 409',
        params: ZTicketDetailParamsSchema,
        body: ZUpdateTicketRequestSchema,
        response: { 200: ZTicketDetailResponseSchema, ...signedInErrors },
      },
    },
    async (req) => updateTicket(db, config, scopeOf(req), req.params.id, req.body, { ip: req.ip }),
  );

  app.get(
    '/tickets/:id/timeline',
    {
      schema: { tags, summary: 'Created, status changes, edits and notes in time order', params: ZTicketDetailParamsSchema, response: { 200: ZTicketTimelineResponseSchema, ...signedInErrors } },
    },
    async (req) => ticketTimeline(db, scopeOf(req), req.params.id),
  );

  app.post(
    '/tickets/:id/status-update-request',
    {
      schema: {
        tags,
        summary: 'Request a status update: records a note and e-mails the assignee (or the support address)',
        params: ZTicketDetailParamsSchema,
        response: { 201: ZTicketActionSchema, ...signedInErrors },
      },
    },
    async (req, reply) => {
      const action = await requestStatusUpdate(db, config, scopeOf(req), req.params.id);
      return reply.status(201).send(action);
    },
  );
};

/**
 * The ticket-detail module's REST routes under /api/v1, registered from app.ts with one line (its web APIs of
 * the original, requirements §3.5, are modules/compat/tickets.routes.ts).
 */
export const ticketDetailModule: FastifyPluginAsync<{ db: Db; config: Config }> = async (app, opts) => {
  const deps = { db: opts.db, config: opts.config };
  await app.register(ticketRoutes, { prefix: '/api/v1', ...deps });
  await app.register(actionRoutes, { prefix: '/api/v1', ...deps });
  await app.register(attachmentRoutes, { prefix: '/api/v1', ...deps });
};
