import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPublicConfigSchema } from '@sc/common';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';

/** Public settings the SPA needs before sign-in, and a health check. */
export const systemRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { config }) => {
  app.get('/config', { schema: { tags: ['system'], summary: 'Public settings of this portal', response: { 200: ZPublicConfigSchema } } }, () => ({
    providerName: config.provider.name,
    providerWebsite: config.provider.website,
    chatEnabled: !!config.chatUrl,
  }));
};
