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
import { escapeCellText } from '../../exports/xlsx.ts';
import { ownRegistrationLink } from '../public/registration.service.ts';
import * as svc from './service.ts';

const tags = ['invitations'];

/** A CSV cell: formula-looking text neutralised, then quoted. */
export const csvCell = (v: string | number): string => `"${escapeCellText(String(v)).replace(/"/g, '""')}"`;

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
    { schema: { tags, summary: 'One page of open invitations as CSV (INVITES_CMS_{page}_{size}.csv)', querystring: ZInviteExportRequestSchema } },
    async (req, reply) => {
      const r = req.query;
      const data = await svc.listInvitations(db, scopeOf(req), r);
      const lines = [
        ['Invitation ID', 'First Name', 'Last Name', 'Email Address', 'User Type', 'Sent', 'Run ID'].map(csvCell).join(','),
        ...data.rows.map((x) => [x.id, x.firstName, x.lastName, x.email, x.userType, x.sentAt, x.runId].map(csvCell).join(',')),
      ];
      return reply
        .header('content-type', 'text/csv; charset=utf-8')
        .header('content-disposition', `attachment; filename="INVITES_CMS_${r.page}_${r.pageSize}.csv"`)
        .header('cache-control', 'no-store')
        .send(`\uFEFF${lines.join('\r\n')}\r\n`);
    },
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
