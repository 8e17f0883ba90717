import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
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
  await app.register(ticketListRoutes, opts);
  await app.register(ticketLookupRoutes, opts);
  await app.register(ticketFilterRoutes, opts);
  await app.register(ticketCalendarRoutes, opts);
};
