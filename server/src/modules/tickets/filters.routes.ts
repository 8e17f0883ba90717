import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZTicketFilterListRequestSchema,
  ZTicketFilterListResponseSchema,
  ZTicketFilterParamsSchema,
  ZTicketFilterSaveRequestSchema,
  ZTicketFilterSchema,
} from '@sc/common';
import { z } from 'zod';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { deleteTicketFilter, getTicketFilter, listTicketFilters, saveTicketFilter } from './filters.service.ts';

/** Saved ticket filters (requirements §2.2 'Saved ticket filter', §2.5 upsert-ticket-filter / query-ticket-filters). */
export const ticketFilterRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/ticket-filters',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Saved filters of a search type: public ones of the customer and the caller’s own',
        querystring: ZTicketFilterListRequestSchema,
        response: { 200: ZTicketFilterListResponseSchema, ...signedInErrors },
      },
    },
    (req) => listTicketFilters(db, scopeOf(req), req.query),
  );

  app.get(
    '/ticket-filters/:searchType/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'One saved filter the caller may see',
        params: ZTicketFilterParamsSchema,
        response: { 200: ZTicketFilterSchema, ...signedInErrors },
      },
    },
    (req) => getTicketFilter(db, scopeOf(req), req.params.searchType, req.params.id),
  );

  app.put(
    '/ticket-filters',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Save a filter under md5(searchName); overwrites the caller’s own filter of that name',
        body: ZTicketFilterSaveRequestSchema,
        response: { 200: ZTicketFilterSchema, ...signedInErrors },
      },
    },
    (req) => saveTicketFilter(db, scopeOf(req), req.body),
  );

  app.delete(
    '/ticket-filters/:searchType/:id',
    {
      schema: {
        tags: ['tickets'],
        summary: 'Delete one of the caller’s own saved filters',
        params: ZTicketFilterParamsSchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (req, reply) => {
      await deleteTicketFilter(db, scopeOf(req), req.params.searchType, req.params.id);
      return reply.status(204).send(null);
    },
  );
};
