import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZActiveBannersResponseSchema,
  ZBannerSaveRequestSchema,
  ZBannerSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import * as svc from './service.ts';

/** Banner messages (requirements §6.1, §6.4): read by everyone signed in, written by the owner of the partition. */
export const bannerRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  const tags = ['banners'];
  app.get(
    '/banners/active',
    { schema: { tags, summary: 'The global and the customer banner, while not expired', response: { 200: ZActiveBannersResponseSchema, ...signedInErrors } } },
    (req) => svc.listActiveBanners(db, scopeOf(req)),
  );
  app.get(
    '/banner',
    { schema: { tags, summary: "The editor's own banner (space admin: global; Administrator: its customer's)", response: { 200: ZBannerSchema, ...signedInErrors } } },
    (req) => svc.getBanner(db, scopeOf(req)),
  );
  app.put(
    '/banner',
    { schema: { tags, summary: "Save the editor's own banner", body: ZBannerSaveRequestSchema, response: { 200: ZBannerSchema, ...signedInErrors } } },
    (req) => svc.saveBanner(db, scopeOf(req), req.body),
  );
};
