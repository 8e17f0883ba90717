import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ZOutboxIdParamsSchema, ZOutboxListRequestSchema, ZOutboxListResponseSchema, ZOutboxMessageSchema, ZUnsubscribeQuerySchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, publicErrors, signedInErrors } from '../../http/errors.ts';
import { emailPreferencesUrl, verifyEmailPreferencesToken } from '../../mail/links.ts';
import * as svc from './service.ts';
import { unsubscribeTicketMail } from './queries.ts';

const tags = ['mail'];

/** 'Outgoing mail' (space admin). */
export const mailRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/mail/outbox',
    { schema: { tags, summary: 'Outgoing mail: the e-mail outbox, newest first (space admin)', querystring: ZOutboxListRequestSchema, response: { 200: ZOutboxListResponseSchema, ...signedInErrors } } },
    (req) => svc.listOutbox(db, config, scopeOf(req), req.query),
  );
  app.get(
    '/mail/outbox/:id',
    { schema: { tags, summary: 'One outgoing message; its body only in preview mode (no SMTP_URL)', params: ZOutboxIdParamsSchema, response: { 200: ZOutboxMessageSchema, ...signedInErrors } } },
    (req) => svc.getOutboxMessage(db, config, scopeOf(req), req.params.id),
  );
  app.post(
    '/mail/outbox/:id/retry',
    { schema: { tags, summary: 'Retry a failed message', params: ZOutboxIdParamsSchema, response: { 200: ZOutboxMessageSchema, ...signedInErrors } } },
    (req) => svc.retryOutboxMessage(db, config, scopeOf(req), req.params.id),
  );
};

/** The RFC 8058 one-click unsubscribe target: public, authorised by the signed link's token. */
export const unsubscribeRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  // Mail clients post the one-click unsubscribe as a form ('List-Unsubscribe=One-Click'); the body carries nothing we need.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  const contactOf = (token: string) => {
    const contactId = verifyEmailPreferencesToken(config, token);
    if (contactId === null) throw badRequest({ token: 'Invalid or altered link' });
    return contactId;
  };
  app.post(
    '/mail/unsubscribe',
    {
      config: { skipCsrf: true },
      schema: { tags, summary: 'One-click unsubscribe from ticket e-mails (RFC 8058, List-Unsubscribe-Post)', querystring: ZUnsubscribeQuerySchema, response: { 200: z.object({ unsubscribed: z.boolean() }), ...publicErrors } },
    },
    async (req) => {
      const contactId = contactOf(req.query.token);
      return { unsubscribed: await unsubscribeTicketMail(db, contactId) };
    },
  );
  // A GET (a person opening the link) changes nothing: it leads to the preferences page.
  app.get('/mail/unsubscribe', { schema: { tags, summary: 'Opens the e-mail preferences page of the link', querystring: ZUnsubscribeQuerySchema } }, (req, reply) =>
    reply.redirect(emailPreferencesUrl(config, contactOf(req.query.token))),
  );
};
