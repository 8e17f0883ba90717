import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { PickerContact, PickerContactQuery, PickerDevice, PickerDeviceQuery } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, devices } from '../../db/schema/index.ts';
import { contactMatches, deviceNameMatches } from '../../db/search.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';

/** Who the picker lists: the customer's active contacts, or only one contact (a User sees itself). */
export interface PickerFilter {
  cid: number;
  contactId?: number;
}

/** Contacts by LastName (requirements §3.6), then FirstName and id for a stable order. */
export async function findPickerContacts(db: Db, f: PickerFilter, q: PickerContactQuery, { limit, offset }: Slice): Promise<{ rows: PickerContact[]; total: number }> {
  const parts: (SQL | undefined)[] = [eq(contacts.cid, f.cid), eq(contacts.isActive, true)];
  if (f.contactId !== undefined) parts.push(eq(contacts.id, f.contactId));
  if (q.search) parts.push(contactMatches(q.search));
  const where = and(...parts);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
      .from(contacts)
      .where(where)
      .orderBy(...sortOrder(q.direction, [contacts.lastName, contacts.firstName], contacts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}

/** Devices by DeviceName (requirements §3.6), with their user's name in one join. */
export async function findPickerDevices(db: Db, f: PickerFilter, q: PickerDeviceQuery, { limit, offset }: Slice): Promise<{ rows: PickerDevice[]; total: number }> {
  const parts: (SQL | undefined)[] = [eq(devices.cid, f.cid), eq(devices.isActive, true)];
  if (f.contactId !== undefined) parts.push(eq(devices.contactId, f.contactId));
  if (q.search) parts.push(deviceNameMatches(q.search));
  const where = and(...parts);
  const [rows, [count]] = await Promise.all([
    db
      .select({
        id: devices.id,
        deviceName: devices.deviceName,
        deviceType: devices.deviceType,
        contactName: sql<string | null>`case when ${contacts.id} is null then null else ${contacts.firstName} || ' ' || ${contacts.lastName} end`,
      })
      .from(devices)
      .leftJoin(contacts, eq(contacts.id, devices.contactId))
      .where(where)
      .orderBy(...sortOrder(q.direction, devices.deviceName, devices.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: sql<number>`count(*)::int` }).from(devices).where(where),
  ]);
  return { rows, total: count?.n ?? 0 };
}
