import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZHomeResponseSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { homeFor } from './service.ts';

/** GET /home: the home page's counts, account team and chat settings (requirements §4.1 'Home page'). */
export const homeRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/home',
    {
      schema: {
        tags: ['home'],
        summary: 'Open incident and request counts, account team (not for User) and chat settings of the caller',
        response: { 200: ZHomeResponseSchema, ...signedInErrors },
      },
    },
    (req) => homeFor(db, config, scopeOf(req)),
  );
};
