import { and, asc, count, eq, sql, type SQL } from 'drizzle-orm';
import type { DeviceSaveValues, SortDirection } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { deviceNameMatches } from '../../db/search.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { contacts, devices, sites } from '../../db/schema/index.ts';

interface DeviceFilter {
  cid: number;
  contactId?: number;
  search?: string;
}

const columns = {
  id: devices.id,
  deviceName: devices.deviceName,
  deviceType: devices.deviceType,
  description: devices.description,
  contactId: devices.contactId,
  contactName: sql<string | null>`case when ${contacts.id} is null then null else ${contacts.firstName} || ' ' || ${contacts.lastName} end`,
  siteId: devices.siteId,
  siteName: sites.name,
  kaseyaMachineGroupId: devices.kaseyaMachineGroupId,
  ncentralDeviceId: devices.ncentralDeviceId,
  serialNumber: devices.serialNumber,
  operatingSystem: devices.operatingSystem,
  warrantyEnd: devices.warrantyEnd,
};

function deviceWhere(f: DeviceFilter): SQL {
  const parts: SQL[] = [eq(devices.cid, f.cid), eq(devices.isActive, true)];
  if (f.contactId !== undefined) parts.push(eq(devices.contactId, f.contactId));
  if (f.search) parts.push(deviceNameMatches(f.search));
  return and(...parts)!;
}

/** All Devices / Devices by ContactID: by DeviceName (requirements §10.6), one page plus the total. */
export async function selectDevicePage(db: Db, f: DeviceFilter, direction: SortDirection, { limit, offset }: Slice) {
  const where = deviceWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(columns)
      .from(devices)
      .leftJoin(contacts, eq(contacts.id, devices.contactId))
      .leftJoin(sites, eq(sites.id, devices.siteId))
      .where(where)
      .orderBy(...sortOrder(direction, devices.deviceName, devices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(devices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One device by id alone (the service tells another customer's from a missing one). */
export async function selectDevice(db: Db, id: number) {
  const [row] = await db
    .select({ ...columns, cid: devices.cid })
    .from(devices)
    .leftJoin(contacts, eq(contacts.id, devices.contactId))
    .leftJoin(sites, eq(sites.id, devices.siteId))
    .where(eq(devices.id, id));
  return row;
}

export async function ownerCids(db: Db, contactId: number | null, siteId: number | null) {
  const [c] = contactId === null ? [undefined] : await db.select({ cid: contacts.cid }).from(contacts).where(eq(contacts.id, contactId));
  const [s] = siteId === null ? [undefined] : await db.select({ cid: sites.cid }).from(sites).where(eq(sites.id, siteId));
  return { contactCid: c?.cid ?? null, siteCid: s?.cid ?? null };
}

/** Another device of `cid` already using this Kaseya or N-central id (they are unique per customer). */
export async function findRmmClash(db: Db, cid: number, v: DeviceSaveValues, exceptId?: number) {
  const checks: { field: 'kaseyaMachineGroupId' | 'ncentralDeviceId'; where: SQL }[] = [];
  if (v.kaseyaMachineGroupId) checks.push({ field: 'kaseyaMachineGroupId', where: eq(devices.kaseyaMachineGroupId, v.kaseyaMachineGroupId) });
  if (v.ncentralDeviceId) checks.push({ field: 'ncentralDeviceId', where: eq(devices.ncentralDeviceId, v.ncentralDeviceId) });
  for (const c of checks) {
    const [row] = await db.select({ id: devices.id }).from(devices).where(and(eq(devices.cid, cid), c.where));
    if (row && row.id !== exceptId) return c.field;
  }
  return null;
}

export async function insertDevice(db: Db, cid: number, v: DeviceSaveValues) {
  const [row] = await db.insert(devices).values({ cid, ...v }).returning({ id: devices.id });
  return row!.id;
}

export async function updateDevice(db: Db, cid: number, id: number, v: DeviceSaveValues) {
  await db
    .update(devices)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(devices.cid, cid), eq(devices.id, id)));
}

export async function selectLookups(db: Db, cid: number) {
  const [siteRows, contactRows] = await Promise.all([
    db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.cid, cid)).orderBy(asc(sites.name)),
    db
      .select({ id: contacts.id, name: sql<string>`${contacts.lastName} || ', ' || ${contacts.firstName}` })
      .from(contacts)
      .where(and(eq(contacts.cid, cid), eq(contacts.isActive, true)))
      .orderBy(asc(contacts.lastName), asc(contacts.firstName))
      .limit(2000),
  ]);
  return { sites: siteRows, contacts: contactRows };
}
