import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import cookie from '@fastify/cookie';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { Db } from './db/client.ts';
import { ensureAppSecret } from './mail/secret.ts';
import { authPlugin, requireSignIn } from './auth/plugin.ts';
import { authRoutes } from './auth/routes.ts';
import { sessionRoutes } from './auth/sessions.routes.ts';
import { auditRoutes } from './modules/audit/routes.ts';
import { registerErrorHandling } from './http/errors.ts';
import { requestLogSerializer } from './http/log-redaction.ts';
import { registerNulGuard } from './http/nul-guard.ts';
import { hstsFor, registerSecurityHeaders } from './http/security-headers.ts';
import { IMMUTABLE, staticFastPath } from './http/static-fast.ts';
import { systemRoutes } from './modules/system/routes.ts';
import { ticketDetailModule } from './modules/ticket-detail/routes.ts';
import { ticketRoutes } from './modules/tickets/routes.ts';
import { ticketPickerRoutes } from './modules/ticket-picker/routes.ts';
import { contactRoutes } from './modules/contacts/routes.ts';
import { jobRoutes } from './modules/jobs/routes.ts';
import { reportRoutes } from './modules/reports/routes.ts';
import { deviceRoutes } from './modules/devices/routes.ts';
import { invitationRoutes } from './modules/invitations/routes.ts';
import { searchRoutes } from './modules/search/routes.ts';
import { bannerRoutes } from './modules/banners/routes.ts';
import { preferenceRoutes } from './modules/preferences/routes.ts';
import { homeRoutes } from './modules/home/routes.ts';
import { publicRoutes } from './modules/public/routes.ts';
import { mailRoutes, unsubscribeRoutes } from './modules/mail/routes.ts';
import { publicSurveyRoutes, surveyRoutes } from './modules/surveys/routes.ts';
import { apiKeyRoutes } from './modules/api-keys/routes.ts';
import { compatRoutes, registerApiKeyMarking } from './modules/compat/routes.ts';
import { formRoutes } from './modules/forms/routes.ts';

interface AppDeps {
  config: Config;
  db: Db;
  /** Folder of the built SPA; defaults to web/dist. Missing folder: the API still works. */
  webDist?: string;
  /** The clock of the sign-in delays (auth/throttle.ts); tests move it instead of sleeping. */
  now?: () => Date;
  /** Where the log goes instead of stdout (tests read what the log keeps). */
  logStream?: { write: (line: string) => void };
}

const SPA_BASE = '/app/spa';

/** A hop count as proxy-addr reads it: the nearest `hops` addresses of the chain are proxies. */
const trustHops = (hops: number) => (_addr: string, i: number) => i < hops;

function defaultWebDist(): string {
  return fileURLToPath(new URL('../../web/dist', import.meta.url));
}

/** Builds the whole HTTP app; main.ts and the tests both call it. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const { config, db } = deps;
  // Signed links (e-mail preferences) need the key before the first request.
  await ensureAppSecret(db, config);
  const webDist = deps.webDist ?? defaultWebDist();
  // The SPA's built files are answered before Fastify (no logging, session, CSP): http/static-fast.ts.
  // app.inject() does not pass through here; the fastify-static route below serves the same files then.
  const fastStatic = staticFastPath(webDist, `${SPA_BASE}/`);
  const app = Fastify({
    serverFactory: (handler) => http.createServer((req, res) => fastStatic(req, res) || handler(req, res)),
    logger: {
      level: config.logLevel,
      ...(deps.logStream ? { stream: deps.logStream } : {}),
      redact: ['req.headers.cookie', 'req.headers["x-csrf-token"]', 'res.headers["set-cookie"]'],
      // Tokens in URLs (e-mailed links, one-click unsubscribe) are replaced in the log: http/log-redaction.ts.
      serializers: { req: requestLogSerializer },
    },
    // docs/requirements.md §18.3: a small body limit for every route (the upload route sets its own),
    // a whole-request timeout, an idle-connection timeout and a keep-alive timeout, all configurable.
    bodyLimit: config.limits.bodyLimitBytes,
    requestTimeout: config.limits.requestTimeoutMs,
    connectionTimeout: config.limits.connectionTimeoutMs,
    keepAliveTimeout: config.limits.keepAliveTimeoutMs,
    // A hop count or the proxies' addresses (config.ts parseTrustProxy), never every hop.
    trustProxy: typeof config.trustProxy === 'number' ? trustHops(config.trustProxy) : config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  registerNulGuard(app);

  await app.register(cookie);
  // docs/decisions/022: the original's web APIs accept an API key too (before any of them registers).
  registerApiKeyMarking(app);
  const frameSrc = [config.chatUrl, config.remoteControlUrl, ...Object.values(config.reportEmbeds).map((e) => e.embedUrl)]
    .filter((u): u is string => !!u)
    .map((u) => new URL(u).origin);
  // helmet's headers, computed once (http/security-headers.ts).
  registerSecurityHeaders(app, {
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
    strictTransportSecurity: hstsFor(config.publicUrl),
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
  // Public: sign-in, the portal's settings, the logged-out pages and the e-mailed links (each authorised
  // by its token or rate-limited). server/test/signed-in-guard.test.ts lists them.
  await app.register(authRoutes, { prefix: '/api/v1/auth', db, config, now: deps.now ?? (() => new Date()) });
  await app.register(systemRoutes, { prefix: '/api/v1', db, config });
  await app.register(publicRoutes, { prefix: '/api/v1', db, config });
  await app.register(publicSurveyRoutes, { prefix: '/api/v1', db, config });
  await app.register(unsubscribeRoutes, { prefix: '/api/v1', db, config });
  // Everything else: one guard for the whole group (a signed-out caller gets 401 before anything runs).
  await app.register(async (signedIn) => {
    requireSignIn(signedIn);
    await signedIn.register(sessionRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(auditRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(ticketDetailModule, { db, config });
    await signedIn.register(ticketRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(ticketPickerRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(contactRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(jobRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(reportRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(deviceRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(invitationRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(searchRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(bannerRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(preferenceRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(homeRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(formRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(mailRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(surveyRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(apiKeyRoutes, { prefix: '/api/v1', db, config });
    await signedIn.register(compatRoutes, { db, config });
  });

  registerSpa(app, webDist);
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
  void app.register(fastifyStatic, {
    root: webDist,
    prefix: `${SPA_BASE}/`,
    wildcard: false,
    index: false,
    maxAge: '1h',
    // The .br/.gz files scripts/build.mjs writes; hashed assets never change.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      if (filePath.includes(`${path.sep}assets${path.sep}`)) res.setHeader('cache-control', IMMUTABLE);
    },
  });
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
