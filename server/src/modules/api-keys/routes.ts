import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZApiKeyCreatedResponseSchema,
  ZApiKeyCreateRequestSchema,
  ZApiKeyIdParamsSchema,
  ZApiKeySchema,
  ZApiKeysResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import * as svc from './service.ts';

const tags = ['api-keys'];

/** API keys of the caller's customer (requirements §16.1): its Administrator lists, creates and revokes them. */
export const apiKeyRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/api-keys',
    { schema: { tags, summary: "The customer's API keys (never the keys themselves)", response: { 200: ZApiKeysResponseSchema, ...signedInErrors } } },
    (req) => svc.listApiKeys(db, scopeOf(req)),
  );
  app.post(
    '/api-keys',
    { schema: { tags, summary: 'Create an API key; the answer holds the key, shown this once', body: ZApiKeyCreateRequestSchema, response: { 201: ZApiKeyCreatedResponseSchema, ...signedInErrors } } },
    async (req, reply) => reply.status(201).send(await svc.createApiKey(db, scopeOf(req), req.body)),
  );
  app.post(
    '/api-keys/:id/revoke',
    { schema: { tags, summary: 'Revoke an API key at once', params: ZApiKeyIdParamsSchema, response: { 200: ZApiKeySchema, ...signedInErrors } } },
    (req) => svc.revokeApiKey(db, scopeOf(req), req.params.id),
  );
};
