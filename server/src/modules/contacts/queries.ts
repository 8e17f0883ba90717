import { and, asc, count, eq, type SQL } from 'drizzle-orm';
import type { ContactSaveValues, ContactSortKey, SortDirection, TicketType } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contactMatches } from '../../db/search.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { contacts, customers, departments, emailPreferences, sessions, sites, tickets, webUsers } from '../../db/schema/index.ts';


interface ContactListFilter {
  cid: number;
  search?: string;
  isPending?: boolean;
  includeInactive?: boolean;
}

function contactWhere(f: ContactListFilter): SQL {
  const parts: (SQL | undefined)[] = [eq(contacts.cid, f.cid)];
  if (!f.includeInactive) parts.push(eq(contacts.isActive, true));
  if (f.isPending !== undefined) parts.push(eq(contacts.isPending, f.isPending));
  if (f.search) parts.push(contactMatches(f.search));
  return and(...parts)!;
}

const SORT_COLUMNS = {
  id: contacts.id,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  email: contacts.email,
  directPhone: contacts.directPhone,
  mobilePhone: contacts.mobilePhone,
  title: contacts.title,
} as const;

const rowColumns = {
  id: contacts.id,
  cid: contacts.cid,
  firstName: contacts.firstName,
  middleInitial: contacts.middleInitial,
  lastName: contacts.lastName,
  organizationName: customers.name,
  email: contacts.email,
  directPhone: contacts.directPhone,
  mobilePhone: contacts.mobilePhone,
  title: contacts.title,
  isVip: contacts.isVip,
  isPending: contacts.isPending,
  isActive: contacts.isActive,
};

interface ContactOrder {
  sort: ContactSortKey;
  direction: 'asc' | 'desc';
}

/** One page of contacts (ties broken by id in the same direction) plus the total of the filter. */
export async function selectContactPage(db: Db, f: ContactListFilter, o: ContactOrder, { limit, offset }: Slice) {
  const where = contactWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(rowColumns)
      .from(contacts)
      .innerJoin(customers, eq(customers.id, contacts.cid))
      .where(where)
      .orderBy(...sortOrder(o.direction, SORT_COLUMNS[o.sort], contacts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The contact's owner fields by id alone, so the service tells 'another customer' from 'missing'. */
export async function selectContactRef(db: Db, id: number) {
  const [row] = await db
    .select({ id: contacts.id, cid: contacts.cid, firstName: contacts.firstName, lastName: contacts.lastName, isPending: contacts.isPending, isActive: contacts.isActive })
    .from(contacts)
    .where(eq(contacts.id, id));
  return row;
}

export async function selectContactDetail(db: Db, cid: number, id: number) {
  const [row] = await db
    .select({
      ...rowColumns,
      siteId: contacts.siteId,
      siteName: sites.name,
      departmentId: contacts.departmentId,
      departmentName: departments.name,
      primaryContactId: contacts.primaryContactId,
      isPrimary: contacts.isPrimary,
      timeZone: contacts.timeZone,
      webUserId: webUsers.id,
      userName: webUsers.email,
      userType: webUsers.userType,
      accountActive: webUsers.isActive,
      isEmailVerified: webUsers.isEmailVerified,
      lastLoginAt: webUsers.lastLoginAt,
    })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.cid))
    .leftJoin(sites, eq(sites.id, contacts.siteId))
    .leftJoin(departments, eq(departments.id, contacts.departmentId))
    .leftJoin(webUsers, eq(webUsers.contactId, contacts.id))
    .where(and(eq(contacts.cid, cid), eq(contacts.id, id)));
  return row;
}

export async function selectLookups(db: Db, cid: number) {
  const [siteRows, deptRows] = await Promise.all([
    db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.cid, cid)).orderBy(asc(sites.name)),
    db.select({ id: departments.id, name: departments.name }).from(departments).where(eq(departments.cid, cid)).orderBy(asc(departments.name)),
  ]);
  return { sites: siteRows, departments: deptRows };
}

/** Whether a site and a department belong to `cid` (null ids pass). */
export async function referencesBelongTo(db: Db, cid: number, siteId: number | null, departmentId: number | null) {
  const [site] = siteId === null ? [{ cid }] : await db.select({ cid: sites.cid }).from(sites).where(eq(sites.id, siteId));
  const [dept] = departmentId === null ? [{ cid }] : await db.select({ cid: departments.cid }).from(departments).where(eq(departments.id, departmentId));
  return { site: site ? site.cid === cid : null, department: dept ? dept.cid === cid : null };
}

export async function insertContact(db: Db, cid: number, primaryContactId: number | null, v: ContactSaveValues) {
  const [row] = await db.insert(contacts).values({ cid, primaryContactId, ...v }).returning({ id: contacts.id });
  return row!.id;
}

export async function updateContact(db: Db, cid: number, id: number, v: ContactSaveValues) {
  await db
    .update(contacts)
    .set({ ...v, updatedAt: new Date() })
    .where(and(eq(contacts.cid, cid), eq(contacts.id, id)));
}

export async function selectPrimaryContactId(db: Db, cid: number): Promise<number | null> {
  const [row] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.cid, cid), eq(contacts.isPrimary, true))).orderBy(contacts.id).limit(1);
  return row?.id ?? null;
}

/**
 * Disables a contact in one transaction: the contact and its portal account become inactive and
 * every session of the account ends, so the next API call of that person is a 401.
 */
export async function disableContact(db: Db, cid: number, id: number) {
  await db.transaction(async (tx) => {
    await tx.update(contacts).set({ isActive: false, updatedAt: new Date() }).where(and(eq(contacts.cid, cid), eq(contacts.id, id)));
    const accounts = await tx.update(webUsers).set({ isActive: false, updatedAt: new Date() }).where(and(eq(webUsers.cid, cid), eq(webUsers.contactId, id))).returning({ id: webUsers.id });
    for (const a of accounts) await tx.delete(sessions).where(eq(sessions.webUserId, a.id));
  });
}

/** Updates the contact's portal account; ending access (inactive) also ends its sessions. */
export async function updateAccess(db: Db, cid: number, contactId: number, userType: (typeof webUsers.$inferSelect)['userType'], isActive: boolean) {
  return db.transaction(async (tx) => {
    const [acc] = await tx
      .update(webUsers)
      .set({ userType, isActive, updatedAt: new Date() })
      .where(and(eq(webUsers.cid, cid), eq(webUsers.contactId, contactId)))
      .returning({ id: webUsers.id });
    if (acc && !isActive) await tx.delete(sessions).where(eq(sessions.webUserId, acc.id));
    return acc !== undefined;
  });
}

export async function selectEmailPreferences(db: Db, cid: number, contactId: number) {
  const [row] = await db
    .select()
    .from(emailPreferences)
    .where(and(eq(emailPreferences.cid, cid), eq(emailPreferences.contactId, contactId)));
  return row;
}

export async function selectContactTickets(
  db: Db,
  cid: number,
  contactId: number,
  ticketType: TicketType,
  direction: SortDirection,
  { limit, offset }: Slice,
) {
  const where = and(eq(tickets.cid, cid), eq(tickets.contactId, contactId), eq(tickets.ticketType, ticketType));
  const [rows, [total]] = await Promise.all([
    db
      .select({ id: tickets.id, ticketNo: tickets.ticketNo, shortDescription: tickets.shortDescription, status: tickets.status, openDate: tickets.openDate })
      .from(tickets)
      .where(where)
      .orderBy(...sortOrder(direction, tickets.id, tickets.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(tickets).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The export: the list's filter and order, first `limit` rows. */
export function selectContactsForExport(db: Db, f: ContactListFilter, o: ContactOrder, limit: number) {
  return selectContactPage(db, f, o, { limit, offset: 0 }).then((p) => p.rows);
}
