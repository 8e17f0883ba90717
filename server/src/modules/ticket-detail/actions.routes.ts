import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZCreateTicketActionRequestSchema,
  ZTicketActionSchema,
  ZTicketActionsQuerySchema,
  ZTicketActionsResponseSchema,
  ZLatestActionsResponseSchema,
  ZTicketDetailParamsSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { sendXlsx } from '../../exports/xlsx.ts';
import { createTicketAction, exportTicketActions, latestActions, listTicketActions } from './actions.service.ts';

const tags = ['ticket-detail'];

/** Notes of a ticket (requirements §3.1 /incident/actions/{id}). */
export const actionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/tickets/:id/actions',
    {
      schema: {
        tags,
        summary: 'Notes of a ticket, newest first (server paged)',
        params: ZTicketDetailParamsSchema,
        querystring: ZTicketActionsQuerySchema,
        response: { 200: ZTicketActionsResponseSchema, ...signedInErrors },
      },
    },
    async (req) => listTicketActions(db, scopeOf(req), req.params.id, req.query),
  );

  app.post(
    '/tickets/:id/actions',
    {
      schema: {
        tags,
        summary: 'Add a note (HTML, sanitised before it is stored)',
        params: ZTicketDetailParamsSchema,
        body: ZCreateTicketActionRequestSchema,
        response: { 201: ZTicketActionSchema, ...signedInErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await createTicketAction(db, config, scopeOf(req), req.params.id, req.body)),
  );

  app.get(
    '/tickets/:id/actions/export',
    {
      schema: {
        tags,
        summary: 'The first 2000 notes as {ticketNo}_ACTIONS_CMS_{timestamp}.xlsx',
        params: ZTicketDetailParamsSchema,
        produces: ['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: signedInErrors,
      },
    },
    async (req, reply) => sendXlsx(reply, await exportTicketActions(db, scopeOf(req), req.params.id)),
  );

  app.get(
    '/incidents/:id/latest-actions',
    {
      schema: {
        tags,
        summary: 'The five latest actions of a ticket, as plain text (Last Action Taken)',
        params: ZTicketDetailParamsSchema,
        response: { 200: ZLatestActionsResponseSchema, ...signedInErrors },
      },
    },
    async (req) => latestActions(db, scopeOf(req), req.params.id),
  );
};
