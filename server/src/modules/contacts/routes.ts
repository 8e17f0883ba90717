import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContactAccessUpdateSchema,
  ZContactActionResponseSchema,
  ZContactDetailSchema,
  ZContactEmailPreferencesSchema,
  ZContactExportRequestSchema,
  ZContactIdParamsSchema,
  ZContactListRequestSchema,
  ZContactListResponseSchema,
  ZContactLookupsResponseSchema,
  ZContactSaveRequestSchema,
  ZContactTicketsRequestSchema,
  ZContactTicketsResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { sendXlsx } from '../../exports/xlsx.ts';
import * as svc from './service.ts';

const tags = ['contacts'];

/** Contacts (requirements §8.1, §8): Administrator only, the caller's customer only. */
export const contactRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/contacts',
    { schema: { tags, summary: 'All Contacts: one page', querystring: ZContactListRequestSchema, response: { 200: ZContactListResponseSchema, ...signedInErrors } } },
    (req) => svc.listContacts(db, scopeOf(req), req.query),
  );

  app.get(
    '/contacts/export',
    { schema: { tags, summary: 'AllContactsExport: the first 2000 contacts as .xlsx (sheet Contacts)', querystring: ZContactExportRequestSchema, response: signedInErrors } },
    async (req, reply) => sendXlsx(reply, await svc.exportContacts(db, scopeOf(req), req.query)),
  );

  app.get(
    '/contacts/lookups',
    { schema: { tags, summary: 'Sites and departments for the contact form', response: { 200: ZContactLookupsResponseSchema, ...signedInErrors } } },
    (req) => svc.getLookups(db, scopeOf(req)),
  );

  app.post(
    '/contacts',
    { schema: { tags, summary: 'new-contact', body: ZContactSaveRequestSchema, response: { 201: ZContactDetailSchema, ...signedInErrors } } },
    async (req, reply) => reply.status(201).send(await svc.createContact(db, scopeOf(req), req.body)),
  );

  app.get(
    '/contacts/:id',
    { schema: { tags, summary: 'Contact by ID', params: ZContactIdParamsSchema, response: { 200: ZContactDetailSchema, ...signedInErrors } } },
    (req) => svc.getContact(db, scopeOf(req), req.params.id),
  );

  app.put(
    '/contacts/:id',
    { schema: { tags, summary: 'update-contact', params: ZContactIdParamsSchema, body: ZContactSaveRequestSchema, response: { 200: ZContactDetailSchema, ...signedInErrors } } },
    (req) => svc.updateContact(db, scopeOf(req), req.params.id, req.body),
  );

  app.post(
    '/contacts/:id/disable',
    { schema: { tags, summary: 'delete-contact: disable the contact and end its portal access', params: ZContactIdParamsSchema, response: { 200: ZContactActionResponseSchema, ...signedInErrors } } },
    (req) => svc.disableContact(db, scopeOf(req), req.params.id),
  );

  app.post(
    '/contacts/:id/approve',
    { schema: { tags, summary: 'contact-approve-authenticated', params: ZContactIdParamsSchema, response: { 200: ZContactActionResponseSchema, ...signedInErrors } } },
    (req) => svc.approveContact(db, config, scopeOf(req), req.params.id),
  );

  app.put(
    '/contacts/:id/access',
    { schema: { tags, summary: 'cms-access: user type and active flag of the contact’s account', params: ZContactIdParamsSchema, body: ZContactAccessUpdateSchema, response: { 200: ZContactDetailSchema, ...signedInErrors } } },
    (req) => svc.updateAccess(db, scopeOf(req), req.params.id, req.body),
  );

  app.get(
    '/contacts/:id/email-preferences',
    { schema: { tags, summary: 'The contact’s e-mail preferences', params: ZContactIdParamsSchema, response: { 200: ZContactEmailPreferencesSchema, ...signedInErrors } } },
    (req) => svc.getEmailPreferences(db, scopeOf(req), req.params.id),
  );

  app.get(
    '/contacts/:id/tickets',
    { schema: { tags, summary: 'The contact’s incidents or service requests', params: ZContactIdParamsSchema, querystring: ZContactTicketsRequestSchema, response: { 200: ZContactTicketsResponseSchema, ...signedInErrors } } },
    (req) => svc.listContactTickets(db, scopeOf(req), req.params.id, req.query),
  );

};
