import type { FastifyInstance, RouteOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { bannerCompatRoutes } from './banners.routes.ts';
import { bridgedRoutes } from './bridged.routes.ts';
import { chatCompatRoutes } from './chat.routes.ts';
import { contactCompatRoutes } from './contacts.routes.ts';
import { dataApiRoutes } from './data-api.routes.ts';
import { ticketFilterCompatRoutes } from './ticket-filters.routes.ts';
import { ticketCompatRoutes } from './tickets.routes.ts';

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

/**
 * Every compatibility route of the original portal, registered from app.ts with one line (inside the signed-in
 * group): its web APIs under WEB_API_PREFIX (requirements §16.4), the Data API under /api/data (§16.5) and
 * the bridged resources (§16.3). The routes live here; the rules stay in the owning module's service.
 */
export const compatRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const deps = { db, config };
  await app.register(contactCompatRoutes, { prefix: WEB_API_PREFIX, ...deps });
  await app.register(bannerCompatRoutes, { prefix: WEB_API_PREFIX, ...deps });
  await app.register(ticketCompatRoutes, { prefix: WEB_API_PREFIX, ...deps });
  await app.register(chatCompatRoutes, { prefix: WEB_API_PREFIX, ...deps });
  await app.register(ticketFilterCompatRoutes, { prefix: WEB_API_PREFIX, ...deps });
  await app.register(dataApiRoutes, { prefix: '/api/data', ...deps });
  await app.register(bridgedRoutes, deps);
};
