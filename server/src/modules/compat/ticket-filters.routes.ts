import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZErrorResponseSchema,
  ZTicketFilterQueryCompatRequestSchema,
  ZTicketFilterQueryCompatResponseSchema,
  ZTicketFilterUpsertCompatRequestSchema,
  ZTicketFilterUpsertCompatResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { queryTicketFilterDocuments, upsertTicketFilterDocument } from './ticket-filters.compat.ts';

const errors = { 400: ZErrorResponseSchema, 401: ZErrorResponseSchema, 403: ZErrorResponseSchema, 404: ZErrorResponseSchema } as const;
const tags = ['compatibility'];

/** upsert-ticket-filter and query-ticket-filters (requirements §16.4), under the web API prefix. */
export const ticketFilterCompatRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.post(
    '/upsert-ticket-filter',
    {
      schema: {
        tags,
        summary: 'Save a ticket filter under md5(SearchName) (web API of the original portal)',
        body: ZTicketFilterUpsertCompatRequestSchema,
        response: { 200: ZTicketFilterUpsertCompatResponseSchema, ...errors },
      },
    },
    (req) => upsertTicketFilterDocument(db, scopeOf(req), req.body),
  );
  app.post(
    '/query-ticket-filters',
    {
      schema: {
        tags,
        summary: "Saved ticket filters of a partition that are public or the caller's: the total and a page (web API of the original portal)",
        body: ZTicketFilterQueryCompatRequestSchema,
        response: { 200: ZTicketFilterQueryCompatResponseSchema, ...errors },
      },
    },
    (req) => queryTicketFilterDocuments(db, scopeOf(req), req.body),
  );
};

