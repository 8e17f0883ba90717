import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  describeUserAgent,
  ZEndSessionsResponseSchema,
  ZSessionIdParamsSchema,
  ZSignedInDevicesResponseSchema,
  type SignedInDevicesResponse,
} from '@sc/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { notFound, signedInErrors } from '../http/errors.ts';
import { recordAudit } from '../audit/record.ts';
import { scopeOf } from './plugin.ts';
import * as q from './queries.ts';
import { forgetSession, forgetSessionsOfUser } from './session-cache.ts';

const tags = ['auth'];

/**
 * 'Signed-in devices' of User Preferences (requirements §19.3): the caller's own sessions only (by the
 * session's account, never an id from the input), any of which it may end.
 */
export const sessionRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/sessions',
    { schema: { tags, summary: "Signed-in devices: the caller's live sessions, this one marked", response: { 200: ZSignedInDevicesResponseSchema, ...signedInErrors } } },
    async (req): Promise<SignedInDevicesResponse> => {
      const scope = scopeOf(req);
      const rows = await q.selectSessionsOfUser(db, scope.webUserId, new Date());
      return {
        sessions: rows.map((r) => ({
          id: r.id,
          browser: describeUserAgent(r.userAgent),
          userAgent: r.userAgent,
          ip: r.ip,
          createdAt: r.createdAt.toISOString(),
          lastSeenAt: r.lastSeenAt.toISOString(),
          current: r.id === scope.sessionId,
        })),
      };
    },
  );

  app.delete(
    '/sessions/:id',
    { schema: { tags, summary: 'Ends one of the caller’s sessions (404 for any other)', params: ZSessionIdParamsSchema, response: { 200: ZEndSessionsResponseSchema, ...signedInErrors } } },
    async (req) => {
      const scope = scopeOf(req);
      const ended = await q.deleteSessionOfUser(db, scope.webUserId, req.params.id);
      if (!ended) throw notFound('Session not found');
      forgetSession(req.params.id);
      await recordAudit(db, scope, { action: 'session.end', entity: 'account', entityId: scope.webUserId, details: { sessions: 1, current: req.params.id === scope.sessionId } });
      return { ended };
    },
  );

  app.post(
    '/sessions/end-others',
    { schema: { tags, summary: 'Ends every session of the caller but this one', body: z.object({}).optional(), response: { 200: ZEndSessionsResponseSchema, ...signedInErrors } } },
    async (req) => {
      const scope = scopeOf(req);
      const ended = await q.deleteOtherSessionsOfUser(db, scope.webUserId, scope.sessionId);
      forgetSessionsOfUser(scope.webUserId);
      if (ended) await recordAudit(db, scope, { action: 'session.end', entity: 'account', entityId: scope.webUserId, details: { sessions: ended, others: true } });
      return { ended };
    },
  );
};
