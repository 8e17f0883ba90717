import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZInvitationAcceptRequestSchema,
  ZInvitationLookupResponseSchema,
  ZPendingContactRequestSchema,
  ZPendingContactResponseSchema,
  ZPublicMessageResponseSchema,
  ZPublicPreferencesQuerySchema,
  ZPublicPreferencesResponseSchema,
  ZPublicPreferencesSaveRequestSchema,
  ZRegistrationLinkResponseSchema,
  ZRegistrationRequestSchema,
  ZResetLookupResponseSchema,
  ZResetRequestSchema,
  ZRetrieveRequestSchema,
  ZSessionResponseSchema,
  ZTokenRequestSchema,
} from '@sc/common';
import { setSessionCookie } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { publicErrors } from '../../http/errors.ts';
import { getEmailPreferences, saveEmailPreferences } from './email-preferences.service.ts';
import { acceptInvitation, lookupInvitation } from './invitation-accept.service.ts';
import { lookupReset, resetPassword, retrievePassword } from './password-reset.service.ts';
import { decideFromLink, register, registrationLink, verifyRegistration } from './registration.service.ts';

const tags = ['public'];
const tokenParams = z.object({ token: z.string().trim().min(16, 'The link is incomplete').max(200, 'The link is not valid') });

/**
 * The logged-out pages' API (requirements §12.1–§12.3; issue 13 items 5–8). No session: each call is
 * authorised by the e-mailed token it carries, or is an anonymous request with a rate limit.
 */
export const publicRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  const meta = (req: { ip: string; headers: { 'user-agent'?: string } }) => ({ ip: req.ip, userAgent: req.headers['user-agent'] ?? null });

  // The lookups take the token in the body, not the URL: a URL is kept by logs and proxies (issue 33 item 8).
  app.post(
    '/public/invitations/lookup',
    { schema: { tags, summary: 'An invitation link: who is invited, or why it no longer works', body: tokenParams, response: { 200: ZInvitationLookupResponseSchema, ...publicErrors } } },
    (req) => lookupInvitation(db, req.body.token),
  );

  app.post(
    '/public/invitations/accept',
    { schema: { tags, summary: 'user-registration-invite: choose a password, activate the account, sign in', body: ZInvitationAcceptRequestSchema, response: { 200: ZSessionResponseSchema, ...publicErrors } } },
    async (req, reply) => {
      const result = await acceptInvitation(db, config, req.body, meta(req));
      setSessionCookie(req, reply, config, result.token, result.maxAgeSeconds);
      return result.response;
    },
  );

  app.get(
    '/public/registration/:gid',
    { schema: { tags, summary: "A customer's registration link (self-register)", params: z.object({ gid: z.string().trim().min(1).max(64) }), response: { 200: ZRegistrationLinkResponseSchema, ...publicErrors } } },
    (req) => registrationLink(db, req.params.gid),
  );

  app.post(
    '/public/register',
    { schema: { tags, summary: 'user-registration / self-register: a pending contact and a verification e-mail', body: ZRegistrationRequestSchema, response: { 202: ZPublicMessageResponseSchema, ...publicErrors } } },
    async (req, reply) => reply.status(202).send(await register(db, config, req.body, req.ip)),
  );

  app.post(
    '/public/verify',
    { schema: { tags, summary: "verify-registration: the address is proven; the customer's Administrators are asked to approve", body: ZTokenRequestSchema, response: { 200: ZPublicMessageResponseSchema, ...publicErrors } } },
    (req) => verifyRegistration(db, config, req.body.token),
  );

  app.post(
    '/public/pending-contact',
    { schema: { tags, summary: "pending-contact-approval: an approver's e-mailed approve or disapprove link", body: ZPendingContactRequestSchema, response: { 200: ZPendingContactResponseSchema, ...publicErrors } } },
    (req) => decideFromLink(db, config, req.body, meta(req)),
  );

  app.post(
    '/public/password/retrieve',
    { schema: { tags, summary: 'lost-password: e-mail a reset link (same answer for any address)', body: ZRetrieveRequestSchema, response: { 202: ZPublicMessageResponseSchema, ...publicErrors } } },
    async (req, reply) => reply.status(202).send(await retrievePassword(db, config, req.body.email, req.ip)),
  );

  app.post(
    '/public/password/reset/lookup',
    { schema: { tags, summary: 'renew-password: does the reset link still work', body: tokenParams, response: { 200: ZResetLookupResponseSchema, ...publicErrors } } },
    (req) => lookupReset(db, req.body.token),
  );

  app.post(
    '/public/password/reset',
    { schema: { tags, summary: 'renew-password: set the new password; every session of the account ends', body: ZResetRequestSchema, response: { 200: ZPublicMessageResponseSchema, ...publicErrors } } },
    (req) => resetPassword(db, config, req.body, meta(req)),
  );

  app.post(
    '/public/email-preferences/lookup',
    { schema: { tags, summary: 'customer-care-email-preferences: the choices of the signed link\'s contact', body: ZPublicPreferencesQuerySchema, response: { 200: ZPublicPreferencesResponseSchema, ...publicErrors } } },
    (req) => getEmailPreferences(db, config, req.body.token),
  );

  app.put(
    '/public/email-preferences',
    { schema: { tags, summary: 'customer-care-email-preferences: save the four e-mail choices', body: ZPublicPreferencesSaveRequestSchema, response: { 200: ZPublicPreferencesResponseSchema, ...publicErrors } } },
    (req) => {
      const { token, ...choices } = req.body;
      return saveEmailPreferences(db, config, token, choices);
    },
  );
};
