import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZCurrentSessionResponseSchema, ZErrorResponseSchema, ZLoginRequestSchema, ZSessionResponseSchema } from '@sc/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { isCrossOrigin } from '../http/origin.ts';
import { AppError } from '../http/errors.ts';
import { clearSessionCookie, requireScope, setSessionCookie } from './plugin.ts';
import * as auth from './service.ts';

const errors = { 400: ZErrorResponseSchema, 401: ZErrorResponseSchema, 403: ZErrorResponseSchema, 429: ZErrorResponseSchema };

export const authRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/login',
    {
      schema: { tags: ['auth'], summary: 'Sign in', body: ZLoginRequestSchema, response: { 200: ZSessionResponseSchema, ...errors } },
      config: {
        // Per address and account: guessing one password is slowed, an office behind one NAT is not locked out.
        rateLimit: {
          max: config.loginRateLimit,
          timeWindow: '1 minute',
          hook: 'preHandler',
          keyGenerator: (req) => {
            const email = (req.body as { email?: unknown } | undefined)?.email;
            return `${req.ip}|${typeof email === 'string' ? email.trim().toLowerCase() : ''}`;
          },
        },
      },
    },
    async (req, reply) => {
      // A cross-site form cannot sign a victim in to the attacker's account (login CSRF).
      if (isCrossOrigin(req.headers.origin, req.headers.host)) throw new AppError('FORBIDDEN', 'Cross-origin sign-in refused');
      const result = await auth.login(db, config, req.body, { ip: req.ip, userAgent: req.headers['user-agent'] ?? null });
      setSessionCookie(req, reply, config, result.token, result.maxAgeSeconds);
      return result.response;
    },
  );

  app.post(
    '/logout',
    { schema: { tags: ['auth'], summary: 'Sign out and end the session on the server', response: { 204: z.null(), ...errors } } },
    async (req, reply) => {
      await auth.logout(db, requireScope(req));
      clearSessionCookie(reply);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/me',
    { schema: { tags: ['auth'], summary: 'The signed-in user', response: { 200: ZSessionResponseSchema, 401: ZErrorResponseSchema } } },
    async (req) => {
      const scope = requireScope(req);
      return { user: scope.user, csrfToken: scope.csrfToken };
    },
  );

  app.get(
    '/session',
    { schema: { tags: ['auth'], summary: 'The signed-in user, or null when signed out (200 either way)', response: { 200: ZCurrentSessionResponseSchema } } },
    async (req) => ({ session: req.scope ? { user: req.scope.user, csrfToken: req.scope.csrfToken } : null }),
  );
};
