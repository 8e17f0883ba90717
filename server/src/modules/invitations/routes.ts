import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZInvitationIdsRequestSchema,
  ZInvitationListRequestSchema,
  ZInvitationsResponseSchema,
  ZInviteCandidatesResponseSchema,
  ZInviteExportRequestSchema,
  ZInviteListRequestSchema,
  ZInviteRunResponseSchema,
  ZInviteSendRequestSchema,
  ZRegistrationUrlResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { sendCsv } from '../../exports/csv.ts';
import { ownRegistrationLink } from '../public/registration.service.ts';
import * as svc from './service.ts';

const tags = ['invitations'];

/** Invitations (requirements §9.1, §9): Administrator only. */
export const invitationRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/invitations/candidates',
    { schema: { tags, summary: 'Contacts2Invite: contacts that can be invited, with their flags', querystring: ZInviteListRequestSchema, response: { 200: ZInviteCandidatesResponseSchema, ...signedInErrors } } },
    (req) => svc.listCandidates(db, scopeOf(req), req.query),
  );
  app.get(
    '/invitations',
    { schema: { tags, summary: 'All Invited Contacts: open invitations, newest first', querystring: ZInvitationListRequestSchema, response: { 200: ZInvitationsResponseSchema, ...signedInErrors } } },
    (req) => svc.listInvitations(db, scopeOf(req), req.query),
  );
  app.get(
    '/invitations/export',
    { schema: { tags, summary: 'One page of open invitations as CSV (INVITES_CMS_{page}_{size}.csv)', querystring: ZInviteExportRequestSchema, response: signedInErrors } },
    async (req, reply) => sendCsv(reply, await svc.exportInvitations(db, scopeOf(req), req.query)),
  );
  app.get(
    '/invitations/registration-link',
    { schema: { tags, summary: "The caller's customer's registration link, to copy (Administrator)", response: { 200: ZRegistrationUrlResponseSchema, ...signedInErrors } } },
    (req) => ownRegistrationLink(db, config, scopeOf(req)),
  );
  app.post(
    '/invitations',
    { schema: { tags, summary: 'invite-send: invite contacts with a user type each', body: ZInviteSendRequestSchema, response: { 200: ZInviteRunResponseSchema, ...signedInErrors } } },
    (req) => svc.sendInvites(db, config, scopeOf(req), req.body),
  );
  app.post(
    '/invitations/resend',
    { schema: { tags, summary: 'Re-send open invitations (new links, old ones stop working)', body: ZInvitationIdsRequestSchema, response: { 200: ZInviteRunResponseSchema, ...signedInErrors } } },
    (req) => svc.resendInvites(db, config, scopeOf(req), req.body),
  );
  app.post(
    '/invitations/delete',
    { schema: { tags, summary: 'delete-invite: close open invitations', body: ZInvitationIdsRequestSchema, response: { 200: ZInviteRunResponseSchema, ...signedInErrors } } },
    (req) => svc.deleteInvites(db, scopeOf(req), req.body),
  );
};
