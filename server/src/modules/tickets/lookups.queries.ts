import { and, asc, eq, exists, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { contacts, departments, providerStaff, sites, ticketClasses, ticketPriorities, ticketSeverities, ticketSubclasses, webUsers } from '../../db/schema/index.ts';

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

/**
 * The customer's contacts a ticket can be assigned to (AssignedToContactID): active HD shared
 * operators and active contacts with an active portal account of a staff type (Operator,
 * OperatorLimited, Administrator). The one source for the lookups and for the check on save, so
 * every contact assignee a list shows can be chosen again. `onlyId` narrows to one contact.
 */
export const selectAssignableContacts = (db: Db, cid: number, onlyId?: number) =>
  db
    .select({ id: contacts.id, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(contacts)
    .where(
      and(
        eq(contacts.cid, cid),
        eq(contacts.isActive, true),
        onlyId === undefined ? undefined : eq(contacts.id, onlyId),
        or(
          eq(contacts.isHdSharedOperator, true),
          exists(
            db
              .select({ one: sql`1` })
              .from(webUsers)
              .where(and(eq(webUsers.contactId, contacts.id), eq(webUsers.isActive, true), ne(webUsers.userType, 'User'))),
          ),
        ),
      ),
    )
    .orderBy(asc(contacts.lastName), asc(contacts.firstName), asc(contacts.id));

/** The provider's cid-less boards and the customer's own 'Client' departments (requirements §2.2, §2.3). */
export const selectDepartments = (db: Db, cid: number) =>
  db
    .select({ id: departments.id, name: departments.name, boardId: departments.boardId, type: departments.type })
    .from(departments)
    .where(or(isNull(departments.cid), and(eq(departments.cid, cid), eq(departments.type, 'Client'))))
    .orderBy(asc(departments.name), asc(departments.id));

export const selectSites = (db: Db, cid: number) =>
  db.select({ id: sites.id, name: sites.name }).from(sites).where(eq(sites.cid, cid)).orderBy(asc(sites.name), asc(sites.id));
