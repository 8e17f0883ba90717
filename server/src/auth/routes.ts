import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCurrentSessionResponseSchema, ZLoginRequestSchema, ZSessionResponseSchema } from '@sc/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isCrossOrigin } from '../http/origin.ts';
import { AppError, errorResponses, publicErrors, signedInErrors } from '../http/errors.ts';
import { clearSessionCookie, requireSignIn, scopeOf, SESSION_COOKIE, setDeviceCookie, setSessionCookie } from './plugin.ts';
import { DEVICE_COOKIE } from './throttle.ts';
import * as auth from './service.ts';

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; now: () => Date }> = async (app, { db, config, now }) => {
  app.post(
    '/login',
    {
      schema: { tags: ['auth'], summary: 'Sign in', body: ZLoginRequestSchema, response: { 200: ZSessionResponseSchema, ...publicErrors, 401: errorResponses[401] } },
      // A sign-in does not act with the session in the cookie (it ends it): it needs no CSRF token from
      // it. Login CSRF is refused by the Origin check below.
      config: { skipCsrf: true },
    },
    async (req, reply) => {
      // A cross-site form cannot sign a victim in to the attacker's account (login CSRF).
      const origin = req.headers.origin;
      if (isCrossOrigin(origin, req.headers.host)) throw new AppError('FORBIDDEN', 'Cross-origin sign-in refused');
      // A RetryLater (429) gets its Retry-After from the error handler.
      const result = await auth.login(
        db,
        config,
        req.body,
        { ip: req.ip, userAgent: req.headers['user-agent'] ?? null, replacesToken: req.cookies[SESSION_COOKIE], deviceCookie: req.cookies[DEVICE_COOKIE] },
        now(),
      );
      setSessionCookie(req, reply, config, result.token, result.maxAgeSeconds);
      setDeviceCookie(req, reply, config, result.deviceCookie);
      return result.response;
    },
  );

  // Signing out and asking who is signed in need a session: the one guarded group of this plugin.
  await app.register(async (signedIn) => {
    requireSignIn(signedIn);
    signedIn.post(
      '/logout',
      { schema: { tags: ['auth'], summary: 'Sign out and end the session on the server', response: { 204: z.null(), ...signedInErrors } } },
      async (req, reply) => {
        await auth.logout(db, scopeOf(req));
        clearSessionCookie(reply);
        return reply.status(204).send(null);
      },
    );

    signedIn.get(
      '/me',
      { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: ZSessionResponseSchema, ...signedInErrors } } },
      async (req) => {
        const scope = scopeOf(req);
        return { user: scope.user, csrfToken: scope.csrfToken };
      },
    );
  });

  app.get(
    '/session',
    { schema: { tags: ['auth'], summary: 'The signed-in user, or null when signed out (200 either way)', response: { 200: ZCurrentSessionResponseSchema } } },
    async (req) => ({ session: req.scope ? { user: req.scope.user, csrfToken: req.scope.csrfToken } : null }),
  );
};
