import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZTicketFilterQueryCompatRequestSchema,
  ZTicketFilterQueryCompatResponseSchema,
  ZTicketFilterUpsertCompatRequestSchema,
  ZTicketFilterUpsertCompatResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { queryTicketFilterDocuments, upsertTicketFilterDocument } from './ticket-filters.compat.ts';

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
        response: { 200: ZTicketFilterUpsertCompatResponseSchema, ...signedInErrors },
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
        response: { 200: ZTicketFilterQueryCompatResponseSchema, ...signedInErrors },
      },
    },
    (req) => queryTicketFilterDocuments(db, scopeOf(req), req.body),
  );
};

