import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { COMPAT_MESSAGES, CSRF_HEADER, ZXUserHeaderSchema } from '@sc/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError, badRequest, unauthenticated } from '../http/errors.ts';
import { apiKeyOf, resolveApiKey } from './api-key.ts';
import type { Scope } from './scope.ts';
import { csrfMatches, resolveSession } from './service.ts';
import { writeStarted } from './session-cache.ts';
import { DEVICE_COOKIE_MAX_AGE_SECONDS, DEVICE_COOKIE } from './throttle.ts';

export const SESSION_COOKIE = 'sc_session';

declare module 'fastify' {
  interface FastifyRequest {
    /** The signed-in caller, or null. Routes of the signed-in group read it through scopeOf(). */
    scope: Scope | null;
  }
}

const UNSAFE = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/**
 * The guard of a plugin group (fastify/demo's `routes/api/autohooks.ts`): every route registered in `group`
 * and its children answers 401 to a signed-out caller, before its body is read or validated, so no
 * handler can forget the check. app.ts puts every route but the public ones in one such group.
 */
export function requireSignIn(group: FastifyInstance): void {
  group.addHook('onRequest', async (req) => {
    if (!req.scope) throw unauthenticated();
  });
}

/**
 * The caller of a route in a signed-in group (requireSignIn): the guard has answered 401 before the
 * handler when there is none, so this does not check the sign-in again. Outside a group it is a bug (500).
 */
export function scopeOf(req: FastifyRequest): Scope {
  if (!req.scope) throw new Error(`${req.method} ${req.routeOptions.url ?? req.url}: scopeOf() outside a signed-in group (requireSignIn)`);
  return req.scope;
}

export function setSessionCookie(req: FastifyRequest, reply: FastifyReply, config: Config, token: string, maxAge: number) {
  const secure = config.session.cookieSecure === 'auto' ? req.protocol === 'https' : config.session.cookieSecure === 'true';
  reply.setCookie(SESSION_COOKIE, token, { httpOnly: true, sameSite: 'lax', path: '/', secure, maxAge });
}

/** The device cookie of a successful sign-in (auth/throttle.ts): sent only to the sign-in route. */
export function setDeviceCookie(req: FastifyRequest, reply: FastifyReply, config: Config, value: string) {
  const secure = config.session.cookieSecure === 'auto' ? req.protocol === 'https' : config.session.cookieSecure === 'true';
  reply.setCookie(DEVICE_COOKIE, value, { httpOnly: true, sameSite: 'strict', path: '/api/v1/auth/login', secure, maxAge: DEVICE_COOKIE_MAX_AGE_SECONDS });
}

export function clearSessionCookie(reply: FastifyReply) {
  reply.clearCookie(SESSION_COOKIE, { path: '/' });
}

/**
 * Resolves the session cookie on every /api request and checks the CSRF token on
 * cookie-authenticated writes (the SPA sends it in x-csrf-token).
 */
export const authPlugin = fp(async (app: FastifyInstance, opts: { db: Db; config: Config }) => {
  app.decorateRequest('scope', null);
  // Every unsafe request may change an account, contact, customer or session: the session cache is
  // emptied when it starts and ends, and remembers nothing while it runs (auth/session-cache.ts).
  const writeEnds = new WeakMap<FastifyRequest, (aborted?: boolean) => void>();
  app.addHook('onResponse', async (req) => writeEnds.get(req)?.());
  app.addHook('onRequestAbort', async (req) => writeEnds.get(req)?.(true));
  app.addHook('onRequest', async (req, reply) => {
    if (UNSAFE.has(req.method)) writeEnds.set(req, writeStarted());
    const acceptsApiKey = req.routeOptions.config.apiKey === true;
    if (!acceptsApiKey && !req.url.startsWith('/api/') && !req.url.startsWith('/app/kapps/')) return;
    // docs/decisions/022: an API key (compatibility routes only) replaces the cookie; X-User never identifies anyone.
    if (acceptsApiKey && req.headers['x-user'] !== undefined && !ZXUserHeaderSchema.safeParse(req.headers['x-user']).success) {
      throw badRequest({ 'X-User': COMPAT_MESSAGES.xUserShape });
    }
    const apiKey = apiKeyOf(req.headers);
    if (apiKey !== undefined) {
      if (!acceptsApiKey) throw new AppError('UNAUTHENTICATED', COMPAT_MESSAGES.apiKeyNotAllowed);
      req.scope = await resolveApiKey(opts.db, apiKey);
      if (!req.scope) throw new AppError('UNAUTHENTICATED', COMPAT_MESSAGES.invalidApiKey);
      return;
    }
    const token = req.cookies[SESSION_COOKIE];
    if (!token) return;
    const scope = await resolveSession(opts.db, opts.config, token);
    if (!scope) {
      clearSessionCookie(reply);
      return;
    }
    scope.ip = req.ip;
    scope.userAgent = req.headers['user-agent'] ?? null;
    req.scope = scope;
    if (UNSAFE.has(req.method) && !req.routeOptions.config.skipCsrf) {
      const header = req.headers[CSRF_HEADER];
      if (!csrfMatches(scope.csrfToken, Array.isArray(header) ? header[0] : header)) {
        throw new AppError('FORBIDDEN', 'Missing or invalid CSRF token');
      }
    }
  });
});

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Writes that cannot carry a header (sendBeacon) authenticate another way. */
    skipCsrf?: boolean;
    /** Compatibility routes: an API key (CmsApiKey or Authorization: Bearer) may identify the caller. */
    apiKey?: boolean;
  }
}
