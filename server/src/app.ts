import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import helmet from '@fastify/helmet';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { ensureAppSecret } from './mail/secret.ts';
import { authPlugin } from './auth/plugin.ts';
import { authRoutes } from './auth/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { ticketDetailModule } from './modules/ticket-detail/routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { ticketPickerRoutes } from './modules/ticket-picker/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { contactCompatRoutes } from './modules/invitations/compat.routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { bannerCompatRoutes, bannerRoutes } from './modules/banners/routes.ts';
import { preferenceRoutes } from './modules/preferences/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { chatCompatRoutes } from './modules/home/chat.routes.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { mailRoutes } from './modules/mail/routes.ts';
import { formRoutes } from './modules/forms/routes.ts';

export interface AppDeps {
  config: Config;
  db: Db;
  /** Folder of the built SPA; defaults to web/dist. Missing folder: the API still works. */
  webDist?: string;
}

const SPA_BASE = '/app/spa';

export function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** Builds the whole HTTP app; main.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // Signed links (e-mail preferences) need the key before the first request.
  await ensureAppSecret(db, config);
  const app = Fastify({
    logger: {
      level: config.logLevel,
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
    },
    bodyLimit: 1_048_576,
    trustProxy: process.env.TRUST_PROXY === 'true',
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);

  await app.register(cookie);
  const frameSrc = [config.chatUrl, config.remoteControlUrl].filter((u): u is string => !!u).map((u) => new URL(u).origin);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        // MUI/emotion inject <style> elements at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        frameSrc: frameSrc.length ? frameSrc : ["'none'"],
        frameAncestors: ["'none'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
  });
  await app.register(rateLimit, { global: false });

  await app.register(swagger, {
    openapi: {
      info: { title: 'Support Center API', version: '1.0.0', description: 'REST API of the Support Center customer portal.' },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  await app.register(authPlugin, { db, config });
  await app.register(authRoutes, { prefix: '/api/v1/auth', db, config });
  await app.register(systemRoutes, { prefix: '/api/v1', db, config });
  await app.register(ticketDetailModule, { db, config });
  await app.register(ticketRoutes, { prefix: '/api/v1', db, config });
  await app.register(ticketPickerRoutes, { prefix: '/api/v1', db, config });
  await app.register(contactRoutes, { prefix: '/api/v1', db, config });
  await app.register(jobRoutes, { prefix: '/api/v1', db, config });
  await app.register(deviceRoutes, { prefix: '/api/v1', db, config });
  await app.register(invitationRoutes, { prefix: '/api/v1', db, config });
  await app.register(searchRoutes, { prefix: '/api/v1', db, config });
  await app.register(contactCompatRoutes, { prefix: '/app/kapps/customer-portal/webApis', db, config });
  await app.register(bannerRoutes, { prefix: '/api/v1', db, config });
  await app.register(bannerCompatRoutes, { prefix: '/app/kapps/customer-portal/webApis', db, config });
  await app.register(preferenceRoutes, { prefix: '/api/v1', db, config });
  await app.register(homeRoutes, { prefix: '/api/v1', db, config });
  await app.register(formRoutes, { prefix: '/api/v1', db, config });
  await app.register(chatCompatRoutes, { prefix: '/app/kapps/customer-portal/webApis', db, config });
  await app.register(publicRoutes, { prefix: '/api/v1', db, config });
  await app.register(mailRoutes, { prefix: '/api/v1', db, config });

  registerSpa(app, deps.webDist ?? defaultWebDist());
  return app;
}

/** Serves the built SPA under /app/spa with index.html for every client-side route. */
function registerSpa(app: FastifyInstance, webDist: string) {
  const hasSpa = fs.existsSync(`${webDist}/index.html`);
  app.get('/', (req, reply) => reply.redirect(`${SPA_BASE}/${req.url.slice(1)}`));
  if (!hasSpa) {
    app.log.warn({ webDist }, 'SPA build not found: run npm run build');
    return;
  }
  void app.register(fastifyStatic, { root: webDist, prefix: `${SPA_BASE}/`, wildcard: false, index: false, maxAge: '1h' });
  const indexHtml = fs.readFileSync(`${webDist}/index.html`, 'utf8');
  const sendIndex = (_req: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(indexHtml);
  app.get(SPA_BASE, sendIndex);
  app.get(`${SPA_BASE}/*`, (req, reply) => {
    // Hashed assets that do not exist are real 404s, not the SPA.
    if (req.url.startsWith(`${SPA_BASE}/assets/`)) return reply.callNotFound();
    return sendIndex(req, reply);
  });
}
