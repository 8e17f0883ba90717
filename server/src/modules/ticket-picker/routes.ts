import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ZPickerContactsResponseSchema, ZPickerDevicesResponseSchema, ZPickerContactQuerySchema, ZPickerDeviceQuerySchema } from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { pickerContacts, pickerDevices } from './picker.service.ts';

const tags = ['ticket-picker'];

/** The contact/device picker of a new ticket (requirements §10.1), scoped to the caller's customer (a User: itself). */
export const ticketPickerRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/ticket-picker/contacts',
    {
      schema: { tags, summary: 'Contacts a new ticket may be raised for, by LastName', querystring: ZPickerContactQuerySchema, response: { 200: ZPickerContactsResponseSchema, ...signedInErrors } },
    },
    (req) => pickerContacts(db, scopeOf(req), req.query),
  );
  app.get(
    '/ticket-picker/devices',
    {
      schema: { tags, summary: 'Devices a new ticket may be raised for, by DeviceName', querystring: ZPickerDeviceQuerySchema, response: { 200: ZPickerDevicesResponseSchema, ...signedInErrors } },
    },
    (req) => pickerDevices(db, scopeOf(req), req.query),
  );
};
