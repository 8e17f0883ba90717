import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, pgTable, serial, text, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cid, createdAt, updatedAt } from './columns.ts';
import { contacts, sites } from './identity.ts';

/**
 * Managed devices (requirements §10.2 Device). The spec's Device ID '-1' (none) is a null device_id on the
 * ticket, never a row here. External RMM ids are unique per customer when present.
 */
export const devices = pgTable(
  'devices',
  {
    id: serial().primaryKey(),
    cid: cid(),
    /** The device's user; null for shared or infrastructure devices. */
    contactId: integer().references(() => contacts.id, { onDelete: 'set null' }),
    siteId: integer().references(() => sites.id, { onDelete: 'set null' }),
    kaseyaMachineGroupId: varchar({ length: 120 }),
    ncentralDeviceId: varchar({ length: 64 }),
    deviceName: varchar({ length: 120 }).notNull(),
    deviceType: varchar({ length: 60 }),
    description: text(),
    serialNumber: varchar({ length: 100 }),
    operatingSystem: varchar({ length: 120 }),
    warrantyEnd: date(),
    isActive: boolean().notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // Default sort is DeviceName (requirements §10.6), for the whole customer and per contact.
    index('devices_cid_name_idx').on(t.cid, t.deviceName),
    index('devices_cid_contact_name_idx').on(t.cid, t.contactId, t.deviceName),
    index('devices_name_trgm').using('gin', sql`${t.deviceName} gin_trgm_ops`),
    uniqueIndex('devices_cid_kaseya_uq')
      .on(t.cid, t.kaseyaMachineGroupId)
      .where(sql`${t.kaseyaMachineGroupId} is not null`),
    uniqueIndex('devices_cid_ncentral_uq')
      .on(t.cid, t.ncentralDeviceId)
      .where(sql`${t.ncentralDeviceId} is not null`),
  ],
);
