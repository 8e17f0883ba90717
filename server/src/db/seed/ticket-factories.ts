import type { Faker } from '@faker-js/faker';
import { eq } from 'drizzle-orm';
import type { TicketType } from '@sc/common';
import type { Db } from '../client.ts';
import {
  devices,
  ticketActions,
  ticketClasses,
  ticketPriorities,
  ticketSeverities,
  ticketSubclasses,
  tickets,
  type TicketStatus,
} from '../schema/index.ts';
import { ticketsChanged } from '../cache/ticket-counts.ts';
import { reserveIds, ticketNumber } from '../ids.ts';
import { testFaker } from './random.ts';

export type Ticket = typeof tickets.$inferSelect;
export type NewTicket = typeof tickets.$inferInsert;
type TicketAction = typeof ticketActions.$inferSelect;
export type NewTicketAction = typeof ticketActions.$inferInsert;
export type Device = typeof devices.$inferSelect;
type NewDevice = typeof devices.$inferInsert;

export { ticketNumber } from '../ids.ts';

const PRIORITIES = [
  { name: 'Critical', level: 1 },
  { name: 'High', level: 2 },
  { name: 'Medium', level: 3 },
  { name: 'Low', level: 4 },
] as const;
const SEVERITIES = [
  { short: 'S1', name: 'Severity 1 - Business down', sort: 1 },
  { short: 'S2', name: 'Severity 2 - Major impact', sort: 2 },
  { short: 'S3', name: 'Severity 3 - Minor impact', sort: 3 },
  { short: 'S4', name: 'Severity 4 - Question', sort: 4 },
] as const;
const CLASSES: Record<string, readonly string[]> = {
  Hardware: ['Desktop', 'Laptop', 'Printer', 'Server', 'Mobile Device'],
  Software: ['Microsoft 365', 'Line of Business App', 'Operating System', 'Antivirus'],
  Network: ['Internet', 'VPN', 'Wi-Fi', 'Firewall'],
  Account: ['Password Reset', 'New User', 'Permissions', 'Termination'],
  Security: ['Phishing', 'Malware', 'Backup', 'Patch Management'],
};

interface TicketLookups {
  priorityIds: number[];
  severityShorts: string[];
  /** Subclasses with their class. */
  subclasses: { id: number; classId: number; className: string; name: string }[];
}

/** The provider-wide lookups (priorities, severities, classes, subclasses); inserts them when empty. */
export async function ensureTicketLookups(db: Db): Promise<TicketLookups> {
  if ((await db.select({ id: ticketPriorities.id }).from(ticketPriorities).limit(1)).length === 0) {
    await db.insert(ticketPriorities).values([...PRIORITIES]);
    await db.insert(ticketSeverities).values([...SEVERITIES]).onConflictDoNothing();
    const classRows = await db
      .insert(ticketClasses)
      .values(Object.keys(CLASSES).map((name) => ({ name })))
      .onConflictDoNothing()
      .returning();
    const subs = classRows.flatMap((c) => (CLASSES[c.name] ?? []).map((name) => ({ classId: c.id, name })));
    if (subs.length) await db.insert(ticketSubclasses).values(subs).onConflictDoNothing();
  }
  const priorityRows = await db.select().from(ticketPriorities).orderBy(ticketPriorities.level, ticketPriorities.id);
  const severityRows = await db.select().from(ticketSeverities).orderBy(ticketSeverities.sort, ticketSeverities.id);
  const subRows = await db
    .select({ id: ticketSubclasses.id, classId: ticketSubclasses.classId, className: ticketClasses.name, name: ticketSubclasses.name })
    .from(ticketSubclasses)
    .innerJoin(ticketClasses, eq(ticketClasses.id, ticketSubclasses.classId))
    .orderBy(ticketSubclasses.id);
  return { priorityIds: priorityRows.map((r) => r.id), severityShorts: severityRows.map((r) => r.short), subclasses: subRows };
}

const INCIDENT_SUBJECTS = [
  'Outlook keeps asking for password',
  'Printer on 2nd floor shows offline',
  'VPN disconnects every few minutes',
  'Laptop will not boot past logo',
  'Shared drive not mapping at login',
  'Slow internet at branch office',
  'Teams calls dropping audio',
  'Suspicious e-mail received',
  'Server disk space warning',
  'Cannot open invoices in accounting app',
  'Wi-Fi not available in conference room',
  'Blue screen after Windows update',
  'Account locked out',
  'Backup job failed overnight',
  'Scanner sends blank pages',
] as const;
const REQUEST_SUBJECTS = [
  'New laptop for new hire',
  'Create mailbox for new employee',
  'Install Adobe Acrobat Pro',
  'Add user to Finance shared folder',
  'Set up second monitor',
  'Disable account of departing employee',
  'Move desk phone to new office',
  'Quote for firewall replacement',
  'Grant VPN access',
  'Schedule server maintenance window',
  'Replace toner in main printer',
  'Create distribution list',
  'Upgrade RAM in workstation',
  'Configure mobile device for e-mail',
] as const;

export const subjectFor = (f: Faker, type: TicketType): string =>
  f.helpers.arrayElement(type === 'Incident' ? INCIDENT_SUBJECTS : REQUEST_SUBJECTS);

interface BuildTicketOptions extends Partial<NewTicket> {
  cid: number;
  ticketType: TicketType;
  contactId: number;
}

/** Row values of a ticket with faker defaults; ticketNo is set by makeTicket (or by the caller) from the id. */
export function buildTicket(f: Faker, o: BuildTicketOptions): Omit<NewTicket, 'ticketNo'> & { ticketNo?: string } {
  const status: TicketStatus = o.status ?? 'Open';
  const openDate = o.openDate ?? f.date.recent({ days: 60 });
  return {
    status,
    shortDescription: subjectFor(f, o.ticketType),
    description: f.lorem.sentences({ min: 1, max: 3 }),
    targetContactId: o.contactId,
    openDate,
    createdAt: openDate,
    updatedAt: openDate,
    closedDate: status === 'Closed' ? new Date(openDate.getTime() + f.number.int({ min: 1, max: 240 }) * 3_600_000) : null,
    ...o,
  };
}

/** A ticket (incident or service request) of `cid`; ticketNo defaults to INC-/SR- plus its id. */
export async function makeTicket(db: Db, o: BuildTicketOptions, f: Faker = testFaker): Promise<Ticket> {
  const [id] = await reserveIds(db, 'tickets', 1);
  const values = buildTicket(f, o);
  const [row] = await db
    .insert(tickets)
    .values({ ...values, id: id!, ticketNo: values.ticketNo ?? ticketNumber(o.ticketType, id!) })
    .returning();
  ticketsChanged(row!.cid);
  return row!;
}

const NOTES = [
  '<p>Rebooted the <b>server</b> and confirmed services are running.</p>',
  '<p>Called the user, issue reproduced. Escalating to <i>network team</i>.</p>',
  '<p>Applied the latest patches; please test and let us know.</p>',
  '<p>Reset the password and unlocked the account.</p>',
  '<p>Waiting for the vendor to ship the replacement part.</p>',
  '<p>Remote session: cleared the print queue and reinstalled the driver.</p>',
  '<p>User confirmed the problem is <b>resolved</b>.</p>',
  '<ul><li>Checked event logs</li><li>Ran disk cleanup</li><li>Scheduled follow-up</li></ul>',
  '<p>Scheduled the work for the requested date.</p>',
  '<p>Thanks, this is still happening on my machine.</p>',
] as const;

export const noteHtml = (f: Faker): string => f.helpers.arrayElement(NOTES);

interface BuildActionOptions extends Partial<NewTicketAction> {
  cid: number;
  ticketId: number;
}

function buildAction(f: Faker, o: BuildActionOptions): NewTicketAction {
  return {
    startDate: f.date.recent({ days: 30 }),
    userName: 'tech@provider.example',
    displayName: 'Service Desk',
    actionDesc: noteHtml(f),
    ...o,
  };
}

/** An action (note) on a ticket. */
export async function makeAction(db: Db, o: BuildActionOptions, f: Faker = testFaker): Promise<TicketAction> {
  const [row] = await db.insert(ticketActions).values(buildAction(f, o)).returning();
  return row!;
}

const DEVICE_TYPES = ['Workstation', 'Laptop', 'Server', 'Printer', 'Firewall', 'Switch'] as const;
const OS_BY_TYPE: Record<string, readonly string[]> = {
  Workstation: ['Windows 11 Pro', 'Windows 10 Pro'],
  Laptop: ['Windows 11 Pro', 'macOS 15'],
  Server: ['Windows Server 2022', 'Ubuntu 24.04 LTS'],
};

interface BuildDeviceOptions extends Partial<NewDevice> {
  cid: number;
  /** Which external id the device has: 'kaseya', 'ncentral' or only our Device ID ('none'). */
  rmm?: 'kaseya' | 'ncentral' | 'none';
}

export function buildDevice(f: Faker, o: BuildDeviceOptions): NewDevice {
  const { rmm = f.helpers.arrayElement(['kaseya', 'ncentral', 'none'] as const), ...rest } = o;
  const deviceType = rest.deviceType ?? f.helpers.arrayElement(DEVICE_TYPES);
  const prefix = { Workstation: 'WS', Laptop: 'LT', Server: 'SRV', Printer: 'PRN', Firewall: 'FW', Switch: 'SW' }[deviceType] ?? 'DEV';
  const token = f.string.alphanumeric({ length: 6, casing: 'upper' });
  return {
    deviceName: `${prefix}-${token}`,
    deviceType,
    description: `${deviceType} ${f.commerce.productAdjective().toLowerCase()} ${f.company.buzzNoun()}`,
    kaseyaMachineGroupId: rmm === 'kaseya' ? `${token.toLowerCase()}.root.kaseya` : null,
    ncentralDeviceId: rmm === 'ncentral' ? String(f.number.int({ min: 100_000_000, max: 999_999_999 })) : null,
    serialNumber: f.string.alphanumeric({ length: 10, casing: 'upper' }),
    operatingSystem: OS_BY_TYPE[deviceType] ? f.helpers.arrayElement(OS_BY_TYPE[deviceType]) : null,
    warrantyEnd: f.date.future({ years: 3 }).toISOString().slice(0, 10),
    ...rest,
  };
}

export async function makeDevice(db: Db, o: BuildDeviceOptions, f: Faker = testFaker): Promise<Device> {
  const [row] = await db.insert(devices).values(buildDevice(f, o)).returning();
  return row!;
}
