import { and, asc, eq, isNull, or } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { departments, providerStaff, sites, ticketClasses, ticketPriorities, ticketSeverities, ticketSubclasses } from '../../db/schema/index.ts';

/** Provider-wide lookups: every customer picks from the same priorities, severities, classes and subclasses. */
export async function selectProviderLookups(db: Db) {
  const [priorities, severities, classes, subclasses] = await Promise.all([
    db.select({ id: ticketPriorities.id, name: ticketPriorities.name, level: ticketPriorities.level }).from(ticketPriorities).orderBy(asc(ticketPriorities.level), asc(ticketPriorities.id)),
    db.select({ short: ticketSeverities.short, name: ticketSeverities.name }).from(ticketSeverities).orderBy(asc(ticketSeverities.sort), asc(ticketSeverities.short)),
    db.select({ id: ticketClasses.id, name: ticketClasses.name }).from(ticketClasses).orderBy(asc(ticketClasses.name)),
    db.select({ id: ticketSubclasses.id, classId: ticketSubclasses.classId, name: ticketSubclasses.name }).from(ticketSubclasses).orderBy(asc(ticketSubclasses.name)),
  ]);
  return { priorities, severities, classes, subclasses };
}

/** Active provider staff: the technicians a ticket can be assigned to. */
export const selectAssignees = (db: Db) =>
  db
    .select({ id: providerStaff.id, firstName: providerStaff.firstName, lastName: providerStaff.lastName })
    .from(providerStaff)
    .where(eq(providerStaff.isActive, true))
    .orderBy(asc(providerStaff.lastName), asc(providerStaff.firstName), asc(providerStaff.id));

/** The provider's cid-less boards and the customer's own 'Client' departments (requirements §2.2, §2.3). */
export const selectDepartments = (db: Db, cid: number) =>
  db
    .select({ id: departments.id, name: departments.name, boardId: departments.boardId, type: departments.type })
    .from(departments)
    .where(or(isNull(departments.cid), and(eq(departments.cid, cid), eq(departments.type, 'Client'))))
    .orderBy(asc(departments.name), asc(departments.id));

export const selectSites = (db: Db, cid: number) =>
  db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.cid, cid)).orderBy(asc(sites.name), asc(sites.id));
