import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDataApiParamsSchema,
  ZDataApiQuerySchema,
  ZDataApiResponseSchema,
  ZErrorResponseSchema,
  ZTicketFilterQueryCompatRequestSchema,
  ZTicketFilterQueryCompatResponseSchema,
  ZTicketFilterUpsertCompatRequestSchema,
  ZTicketFilterUpsertCompatResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { dataApi } from './data-api.ts';
import { queryTicketFilterDocuments, upsertTicketFilterDocument } from './ticket-filters.compat.ts';

const errors = { 400: ZErrorResponseSchema, 401: ZErrorResponseSchema, 403: ZErrorResponseSchema, 404: ZErrorResponseSchema } as const;
const tags = ['compatibility'];

/** Where the original's web APIs live (requirements §16.4). */
export const WEB_API_PREFIX = '/app/kapps/customer-portal/webApis';

/**
 * docs/decisions/022: every web API of the original accepts an API key as well as the session, except the
 * beacons (skipCsrf: browser-only, same-origin). Added as an onRoute hook in app.ts before the web APIs register.
 */
export function acceptApiKeysOnWebApis(route: RouteOptions): void {
  if (!route.url.startsWith(`${WEB_API_PREFIX}/`)) return;
  const config = (route.config ?? {}) as { skipCsrf?: boolean; apiKey?: boolean };
  if (config.skipCsrf || config.apiKey !== undefined) return;
  route.config = { ...config, apiKey: true };
}

export function registerApiKeyMarking(app: FastifyInstance): void {
  app.addHook('onRoute', acceptApiKeysOnWebApis);
}

/** upsert-ticket-filter and query-ticket-filters (requirements §16.4), under WEB_API_PREFIX. */
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

/** The Data API (requirements §16.5) under /api/data: the session or an API key (CmsApiKey). */
export const dataApiRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/:cmstype',
    {
      config: { apiKey: true },
      schema: {
        tags,
        summary: 'Data API of the original: a page of contact, job, device, incident, product, jobreport or action records',
        params: ZDataApiParamsSchema,
        querystring: ZDataApiQuerySchema,
        response: { 200: ZDataApiResponseSchema, ...errors },
      },
    },
    (req) => dataApi(db, config, scopeOf(req), req.params.cmstype, req.query),
  );
};
