import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZChatEndRequestSchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, signedInErrors } from '../../http/errors.ts';
import { recordChatEnd } from '../home/service.ts';

function isSameOrigin(origin: string | undefined, host: string | undefined): boolean {
  if (!origin || !host) return false;
  try {
    return new URL(origin).host === host;
  } catch {
    return false;
  }
}

/** A beacon is tiny (the chat id and the user JSON); browsers cap beacons at 64 KB anyway. */
const BEACON_BODY_LIMIT = 16_384;

/**
 * POST /chat-end-by-chatid (requirements §4.5), under /app/kapps/customer-portal/webApis. navigator.sendBeacon cannot
 * send the x-csrf-token header, so the CSRF check is replaced by a same-origin Origin header (a beacon always
 * sends one); the session cookie still authenticates.
 */
export const chatCompatRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Beacons are sent as text/plain (a CORS-safelisted type every browser accepts); read it as JSON here only.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_req, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(badRequest({ body: 'invalid JSON' }), undefined);
    }
  });

  app.post(
    '/chat-end-by-chatid',
    {
      config: { skipCsrf: true },
      bodyLimit: BEACON_BODY_LIMIT,
      // Before the body is read (and after the group's sign-in guard): a foreign page learns nothing, not even
      // what a valid body looks like.
      onRequest: async (req) => {
        if (!isSameOrigin(req.headers.origin, req.headers.host)) throw new AppError('FORBIDDEN', 'Cross-origin request refused');
      },
      schema: {
        tags: ['compatibility'],
        summary: 'Record the end of a chat (beacon of the original portal; same-origin only)',
        body: ZChatEndRequestSchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (req, reply) => {
      await recordChatEnd(db, config, scopeOf(req), req.body);
      return reply.status(204).send(null);
    },
  );
};
