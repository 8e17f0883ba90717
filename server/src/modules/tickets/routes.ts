import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireScope } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { ticketCalendarRoutes } from './calendar.routes.ts';
import { ticketFilterRoutes } from './filters.routes.ts';
import { ticketListRoutes } from './list.routes.ts';
import { ticketLookupRoutes } from './lookups.routes.ts';

/** Every ticket-list route (issue 3), registered under /api/v1 by app.ts. */
export const ticketRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Not `opts` itself: it carries the prefix, which the children would add a second time.
  const opts = { db, config };
  // Signed out is a 401 before any validation, as on every other route of the module.
  app.addHook('preValidation', async (req) => {
    requireScope(req);
  });
  await app.register(ticketListRoutes, opts);
  await app.register(ticketLookupRoutes, opts);
  await app.register(ticketFilterRoutes, opts);
  await app.register(ticketCalendarRoutes, opts);
};
