import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZBannerCompatRequestSchema, ZBannerDocumentSchema, ZBannerUpsertCompatRequestSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import * as svc from '../banners/service.ts';

/** The original's web APIs get-banner-message and upsert-banner-message (requirements §6); `auth` is ignored. */
export const bannerCompatRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  const tags = ['compatibility'];
  app.post(
    '/get-banner-message',
    { schema: { tags, summary: 'Read a banner document (web API of the original portal)', body: ZBannerCompatRequestSchema, response: { 200: ZBannerDocumentSchema, ...signedInErrors } } },
    (req) => svc.getBannerDocument(db, scopeOf(req), req.body.partitionKey),
  );
  app.post(
    '/upsert-banner-message',
    { schema: { tags, summary: 'Save a banner document (web API of the original portal)', body: ZBannerUpsertCompatRequestSchema, response: { 200: ZBannerDocumentSchema, ...signedInErrors } } },
    (req) => svc.upsertBannerDocument(db, scopeOf(req), req.body.partitionKey, req.body.documentJson),
  );
};
