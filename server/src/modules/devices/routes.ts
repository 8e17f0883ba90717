import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZDeviceIdParamsSchema,
  ZDeviceListRequestSchema,
  ZDeviceListResponseSchema,
  ZDeviceLookupsResponseSchema,
  ZDeviceSaveRequestSchema,
  ZDeviceSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import * as svc from './service.ts';

const tags = ['devices'];

/** Devices (requirements §10.1): read by everyone (a User its own contact's), written by Administrator. */
export const deviceRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/devices',
    { schema: { tags, summary: 'All Devices / Devices by ContactID, by DeviceName', querystring: ZDeviceListRequestSchema, response: { 200: ZDeviceListResponseSchema, ...signedInErrors } } },
    (req) => svc.listDevices(db, scopeOf(req), req.query),
  );
  app.get(
    '/devices/lookups',
    { schema: { tags, summary: 'Sites and contacts for the device form', response: { 200: ZDeviceLookupsResponseSchema, ...signedInErrors } } },
    (req) => svc.getLookups(db, scopeOf(req)),
  );
  app.get(
    '/devices/:id',
    { schema: { tags, summary: 'One device', params: ZDeviceIdParamsSchema, response: { 200: ZDeviceSchema, ...signedInErrors } } },
    (req) => svc.getDevice(db, scopeOf(req), req.params.id),
  );
  app.post(
    '/devices',
    { schema: { tags, summary: 'Add a device', body: ZDeviceSaveRequestSchema, response: { 201: ZDeviceSchema, ...signedInErrors } } },
    async (req, reply) => reply.status(201).send(await svc.createDevice(db, scopeOf(req), req.body)),
  );
  app.put(
    '/devices/:id',
    { schema: { tags, summary: 'Edit a device', params: ZDeviceIdParamsSchema, body: ZDeviceSaveRequestSchema, response: { 200: ZDeviceSchema, ...signedInErrors } } },
    (req) => svc.updateDevice(db, scopeOf(req), req.params.id, req.body),
  );
};
