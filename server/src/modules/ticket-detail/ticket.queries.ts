import { recordAudit } from '../../audit/record.ts';
import { and, eq, sql } from 'drizzle-orm';
import type { TicketType } from '@sc/common';
import type { Db } from '../../db/client.ts';
import {
  contacts,
  departments,
  devices,
  providerStaff,
  sites,
  ticketClasses,
  ticketPriorities,
  ticketSeverities,
  ticketSubclasses,
  tickets,
} from '../../db/schema/index.ts';
import { ticketsChanged } from '../../db/cache/ticket-counts.ts';
import { reserveIds, ticketNumber } from '../../db/ids.ts';
import type { Scope } from '../../auth/scope.ts';

export type TicketRow = typeof tickets.$inferSelect;
type TicketInsert = Omit<typeof tickets.$inferInsert, 'id' | 'ticketNo' | 'cid'>;
export type TicketChanges = Partial<Omit<typeof tickets.$inferInsert, 'id' | 'ticketNo' | 'cid' | 'ticketType' | 'version'>>;

/**
 * The owner of a ticket, looked up by id alone: the one read that does not filter by the caller's
 * cid, because another customer's ticket must answer 'Not Authorized' (requirements §3.3), not 'not found'.
 */
export async function findTicketOwner(db: Db, id: number) {
  const [row] = await db
    .select({ id: tickets.id, cid: tickets.cid, contactId: tickets.contactId, ticketType: tickets.ticketType, ticketNo: tickets.ticketNo })
    .from(tickets)
    .where(eq(tickets.id, id))
    .limit(1);
  return row;
}

export async function findTicketRow(db: Db, scope: Scope, id: number): Promise<TicketRow | undefined> {
  const [row] = await db
    .select()
    .from(tickets)
    .where(and(eq(tickets.id, id), eq(tickets.cid, scope.cid)))
    .limit(1);
  return row;
}

/** The ticket with the names of everything it points at. */
export async function findTicketDetail(db: Db, scope: Scope, id: number) {
  const [row] = await db
    .select({
      ticket: tickets,
      contactFirstName: contacts.firstName,
      contactLastName: contacts.lastName,
      deviceName: devices.deviceName,
      siteName: sites.name,
      departmentName: departments.name,
      priorityName: ticketPriorities.name,
      severityName: ticketSeverities.name,
      className: ticketClasses.name,
      subclassName: ticketSubclasses.name,
    })
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    .leftJoin(devices, eq(devices.id, tickets.deviceId))
    .leftJoin(sites, eq(sites.id, tickets.siteId))
    .leftJoin(departments, eq(departments.id, tickets.departmentId))
    .leftJoin(ticketPriorities, eq(ticketPriorities.id, tickets.priorityId))
    .leftJoin(ticketSeverities, eq(ticketSeverities.short, tickets.severityShort))
    .leftJoin(ticketClasses, eq(ticketClasses.id, tickets.classId))
    .leftJoin(ticketSubclasses, eq(ticketSubclasses.id, tickets.subclassId))
    .where(and(eq(tickets.id, id), eq(tickets.cid, scope.cid)))
    .limit(1);
  return row;
}
export type TicketDetailRow = NonNullable<Awaited<ReturnType<typeof findTicketDetail>>>;

// --- What a ticket points at (looked up by id; the service checks the cid) -----------------

export async function findContact(db: Db, id: number) {
  const [row] = await db
    .select({
      id: contacts.id,
      cid: contacts.cid,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      siteId: contacts.siteId,
      departmentId: contacts.departmentId,
      isVip: contacts.isVip,
    })
    .from(contacts)
    .where(eq(contacts.id, id))
    .limit(1);
  return row;
}
export type ContactRef = NonNullable<Awaited<ReturnType<typeof findContact>>>;

const deviceColumns = { id: devices.id, cid: devices.cid, contactId: devices.contactId, siteId: devices.siteId, deviceName: devices.deviceName };

export async function findDevice(db: Db, id: number) {
  const [row] = await db.select(deviceColumns).from(devices).where(eq(devices.id, id)).limit(1);
  return row;
}
export type DeviceRef = NonNullable<Awaited<ReturnType<typeof findDevice>>>;

/** A device of the caller's customer by its Kaseya or N-central id (those are unique per customer only). */
export async function findDeviceByExternalId(db: Db, scope: Scope, kind: 'kaseya' | 'ncentral', key: string) {
  const column = kind === 'kaseya' ? devices.kaseyaMachineGroupId : devices.ncentralDeviceId;
  const [row] = await db
    .select(deviceColumns)
    .from(devices)
    .where(and(eq(devices.cid, scope.cid), eq(column, key)))
    .limit(1);
  return row;
}

export async function findSite(db: Db, id: number) {
  const [row] = await db.select({ id: sites.id, cid: sites.cid, name: sites.name }).from(sites).where(eq(sites.id, id)).limit(1);
  return row;
}

export async function findDepartment(db: Db, id: number) {
  const [row] = await db
    .select({ id: departments.id, cid: departments.cid, name: departments.name, boardId: departments.boardId, type: departments.type })
    .from(departments)
    .where(eq(departments.id, id))
    .limit(1);
  return row;
}

export async function findPriority(db: Db, id: number) {
  const [row] = await db.select({ id: ticketPriorities.id }).from(ticketPriorities).where(eq(ticketPriorities.id, id)).limit(1);
  return row;
}

export async function findSeverity(db: Db, short: string) {
  const [row] = await db.select({ short: ticketSeverities.short }).from(ticketSeverities).where(eq(ticketSeverities.short, short)).limit(1);
  return row;
}

export async function findClass(db: Db, id: number) {
  const [row] = await db.select({ id: ticketClasses.id }).from(ticketClasses).where(eq(ticketClasses.id, id)).limit(1);
  return row;
}

export async function findSubclass(db: Db, id: number) {
  const [row] = await db
    .select({ id: ticketSubclasses.id, classId: ticketSubclasses.classId })
    .from(ticketSubclasses)
    .where(eq(ticketSubclasses.id, id))
    .limit(1);
  return row;
}

export async function findStaff(db: Db, id: number) {
  const [row] = await db
    .select({ id: providerStaff.id, firstName: providerStaff.firstName, lastName: providerStaff.lastName, email: providerStaff.email, isActive: providerStaff.isActive })
    .from(providerStaff)
    .where(eq(providerStaff.id, id))
    .limit(1);
  return row;
}

// --- Writes -------------------------------------------------------------------------------------

/** Inserts a ticket of the caller's customer; its number is derived from the id (INC-000123 / SR-000456). */
export async function insertTicket(db: Db, scope: Scope, values: TicketInsert & { ticketType: TicketType }): Promise<TicketRow> {
  const [id] = await reserveIds(db, 'tickets', 1);
  const [row] = await db
    .insert(tickets)
    .values({ ...values, id: id!, cid: scope.cid, ticketNo: ticketNumber(values.ticketType, id!) })
    .returning();
  ticketsChanged(scope.cid);
  return row!;
}

/**
 * Optimistic concurrency: writes only when the row still has the version the caller read, and bumps it.
 * @returns the updated row, or undefined when the version was stale.
 */
export async function updateTicketAtVersion(db: Db, scope: Scope, id: number, version: number, changes: TicketChanges): Promise<TicketRow | undefined> {
  const [row] = await db
    .update(tickets)
    .set({ ...changes, version: sql`${tickets.version} + 1`, updatedAt: new Date() })
    .where(and(eq(tickets.id, id), eq(tickets.cid, scope.cid), eq(tickets.version, version)))
    .returning();
  if (row) ticketsChanged(scope.cid);
  return row;
}

/** The ticket's audit row, through the one audit helper (audit/record.ts). */
export async function insertTicketAudit(
  db: Db,
  scope: Scope,
  entry: { action: 'ticket.create' | 'ticket.update'; ticketId: number; details: Record<string, unknown>; ip: string | null },
) {
  await recordAudit(db, { ...scope, ip: entry.ip ?? scope.ip ?? null }, { action: entry.action, entity: 'ticket', entityId: entry.ticketId, details: entry.details });
}
