import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPreferencesSaveRequestSchema, ZPreferencesSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import * as svc from './service.ts';

const tags = ['preferences'];

/** User Preferences (requirements §7.1): every signed-in user, its own account only. */
export const preferenceRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/preferences',
    { schema: { tags, summary: "The caller's own preferences", response: { 200: ZPreferencesSchema, ...signedInErrors } } },
    (req) => svc.getPreferences(db, scopeOf(req)),
  );
  app.put(
    '/preferences',
    { schema: { tags, summary: "Save the caller's own preferences", body: ZPreferencesSaveRequestSchema, response: { 200: ZPreferencesSchema, ...signedInErrors } } },
    (req) => svc.savePreferences(db, scopeOf(req), req.body),
  );
};
