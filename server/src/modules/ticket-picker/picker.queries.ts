import { and, asc, eq, ilike, sql, type SQL } from 'drizzle-orm';
import type { Page, PickerContact, PickerDevice, PickerQuery } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, devices } from '../../db/schema/index.ts';

/** `%term%` with LIKE's own wildcards taken literally. */
const containsPattern = (term: string): string => `%${term.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/** The expression contacts_search_trgm indexes; it must stay identical for the index to be used. */
const contactSearchText = sql`(coalesce(${contacts.firstName}, '') || ' ' || coalesce(${contacts.lastName}, '') || ' ' || coalesce(${contacts.email}, ''))`;

/** Who the picker lists: the customer's active contacts, or only one contact (a User sees itself). */
export interface PickerFilter {
  cid: number;
  contactId?: number;
}

/** Contacts by LastName ascending (001 §9), then FirstName and id for a stable order. */
export async function findPickerContacts(db: Db, f: PickerFilter, q: PickerQuery): Promise<Page<PickerContact>> {
  const parts: (SQL | undefined)[] = [eq(contacts.cid, f.cid), eq(contacts.isActive, true)];
  if (f.contactId !== undefined) parts.push(eq(contacts.id, f.contactId));
  if (q.search) parts.push(ilike(contactSearchText, containsPattern(q.search)));
  const where = and(...parts);
  const [rows, [count]] = await Promise.all([
    db
      .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName, email: contacts.email })
      .from(contacts)
      .where(where)
      .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(contacts).where(where),
  ]);
  return { rows, total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
}

/** Devices by DeviceName (001 §9), with their user's name in one join. */
export async function findPickerDevices(db: Db, f: PickerFilter, q: PickerQuery): Promise<Page<PickerDevice>> {
  const parts: (SQL | undefined)[] = [eq(devices.cid, f.cid), eq(devices.isActive, true)];
  if (f.contactId !== undefined) parts.push(eq(devices.contactId, f.contactId));
  if (q.search) parts.push(ilike(devices.deviceName, containsPattern(q.search)));
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
      .orderBy(asc(devices.deviceName), asc(devices.id))
      .limit(q.pageSize)
      .offset((q.page - 1) * q.pageSize),
    db.select({ n: sql<number>`count(*)::int` }).from(devices).where(where),
  ]);
  return { rows, total: count?.n ?? 0, page: q.page, pageSize: q.pageSize };
}
