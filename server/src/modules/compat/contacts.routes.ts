import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContactActionResponseSchema,
  ZContactIdCompatRequestSchema,
  ZInviteDeleteCompatRequestSchema,
  ZInviteRunResponseSchema,
  ZInviteSendCompatRequestSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { approveContact, disableContact } from '../contacts/service.ts';
import { deleteInvites, sendInvites } from '../invitations/service.ts';

const tags = ['compatibility'];

/**
 * The original's web APIs (requirements §9) invite-send (alias send-invite), delete-invite, delete-contact and
 * contact-approve-authenticated, over the same services and refusals as the REST routes.
 */
export const contactCompatRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  for (const path of ['/invite-send', '/send-invite']) {
    app.post(
      path,
      { schema: { tags, summary: 'Send invitations (web API of the original portal)', body: ZInviteSendCompatRequestSchema, response: { 200: ZInviteRunResponseSchema, ...signedInErrors } } },
      (req) => sendInvites(db, config, scopeOf(req), { contacts: req.body.map((c) => ({ contactId: c.ContactID, userType: c.UserType })) }),
    );
  }
  app.post(
    '/delete-invite',
    { schema: { tags, summary: 'Delete invitations by CCWebInvitationID (web API of the original portal)', body: ZInviteDeleteCompatRequestSchema, response: { 200: ZInviteRunResponseSchema, ...signedInErrors } } },
    (req) => deleteInvites(db, scopeOf(req), { invitationIds: req.body }),
  );
  app.post(
    '/delete-contact',
    { schema: { tags, summary: 'Disable a contact (web API of the original portal)', body: ZContactIdCompatRequestSchema, response: { 200: ZContactActionResponseSchema, ...signedInErrors } } },
    (req) => disableContact(db, scopeOf(req), req.body),
  );
  app.post(
    '/contact-approve-authenticated',
    { schema: { tags, summary: 'Approve a pending contact (web API of the original portal)', body: ZContactIdCompatRequestSchema, response: { 200: ZContactActionResponseSchema, ...signedInErrors } } },
    (req) => approveContact(db, config, scopeOf(req), req.body),
  );
};
