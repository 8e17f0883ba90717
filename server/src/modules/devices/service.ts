import { isAdministrator, type Device, type DeviceListResponse, type DeviceLookupsResponse, type DeviceSaveValues } from '@sc/common';
import type { z } from 'zod';
import type { ZDeviceListRequestSchema } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import * as q from './queries.ts';

type ListRequest = z.output<typeof ZDeviceListRequestSchema>;

/** All Devices for everyone signed in; a User only ever gets its own contact's devices (requirements §10.4). */
export async function listDevices(db: Db, scope: Scope, r: ListRequest): Promise<DeviceListResponse> {
  const contactId = scope.userType === 'User' ? scope.contactId : r.contactId;
  return offsetPage(r, (slice) => q.selectDevicePage(db, { cid: scope.cid, contactId, search: r.search || undefined }, r.direction, slice));
}

/** One device: 404 when missing, 403 for another customer's, or another contact's for a User. */
export async function getDevice(db: Db, scope: Scope, id: number): Promise<Device> {
  const row = await q.selectDevice(db, id);
  if (!row) throw notFound('Device not found');
  if (row.cid !== scope.cid) throw forbidden();
  if (scope.userType === 'User' && row.contactId !== scope.contactId) throw forbidden();
  const { cid: _cid, ...device } = row;
  return device;
}

function requireDeviceAdmin(scope: Scope) {
  if (!isAdministrator(scope)) throw forbidden();
}

async function checkValues(db: Db, scope: Scope, v: DeviceSaveValues, exceptId?: number) {
  const owners = await q.ownerCids(db, v.contactId, v.siteId);
  if (v.contactId !== null && owners.contactCid === null) throw badRequest({ contactId: 'No such contact' });
  if (v.siteId !== null && owners.siteCid === null) throw badRequest({ siteId: 'No such site' });
  if ((owners.contactCid !== null && owners.contactCid !== scope.cid) || (owners.siteCid !== null && owners.siteCid !== scope.cid)) throw forbidden();
  const clash = await q.findRmmClash(db, scope.cid, v, exceptId);
  if (clash) throw new AppError('CONFLICT', `${clash}: another device already has this id`, { [clash]: 'Another device already has this id' });
}

export async function getLookups(db: Db, scope: Scope): Promise<DeviceLookupsResponse> {
  requireDeviceAdmin(scope);
  return q.selectLookups(db, scope.cid);
}

export async function createDevice(db: Db, scope: Scope, v: DeviceSaveValues): Promise<Device> {
  requireDeviceAdmin(scope);
  await checkValues(db, scope, v);
  return getDevice(db, scope, await q.insertDevice(db, scope.cid, v));
}

export async function updateDevice(db: Db, scope: Scope, id: number, v: DeviceSaveValues): Promise<Device> {
  requireDeviceAdmin(scope);
  await getDevice(db, scope, id);
  await checkValues(db, scope, v, id);
  await q.updateDevice(db, scope.cid, id, v);
  return getDevice(db, scope, id);
}
