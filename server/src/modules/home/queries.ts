import { and, eq } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { contacts, customers, providerStaff } from '../../db/schema/index.ts';

export interface StaffRecord {
  firstName: string;
  lastName: string;
  email: string;
  officePhone: string | null;
  mobilePhone: string | null;
}

interface AccountTeamRecord {
  accountManager: StaffRecord | null;
  itConsultant: StaffRecord | null;
  techManager: StaffRecord | null;
}

const manager = alias(providerStaff, 'account_manager');
const consultant = alias(providerStaff, 'it_consultant');
const techManager = alias(providerStaff, 'tech_manager');

const staffColumns = <T extends typeof manager | typeof consultant | typeof techManager>(t: T) => ({
  firstName: t.firstName,
  lastName: t.lastName,
  email: t.email,
  officePhone: t.officePhone,
  mobilePhone: t.mobilePhone,
});

/** The account team of customer `cid` (requirements §4.5 DPTeam): three optional provider staff members. */
export async function selectAccountTeam(db: Db, cid: number): Promise<AccountTeamRecord | null> {
  const [row] = await db
    .select({ accountManager: staffColumns(manager), itConsultant: staffColumns(consultant), techManager: staffColumns(techManager) })
    .from(customers)
    .leftJoin(manager, eq(manager.id, customers.accountManagerId))
    .leftJoin(consultant, eq(consultant.id, customers.itConsultantId))
    .leftJoin(techManager, eq(techManager.id, customers.techManagerId))
    .where(eq(customers.id, cid));
  if (!row) return null;
  // A left-joined member that is not set comes back as null (or as all-null columns): either way, no member.
  const member = (m: { [K in keyof StaffRecord]: StaffRecord[K] | null } | null): StaffRecord | null =>
    m && m.firstName !== null && m.lastName !== null && m.email !== null
      ? { firstName: m.firstName, lastName: m.lastName, email: m.email, officePhone: m.officePhone, mobilePhone: m.mobilePhone }
      : null;
  return { accountManager: member(row.accountManager), itConsultant: member(row.itConsultant), techManager: member(row.techManager) };
}

/** Whether the caller's contact (within its customer) has contact-center chat enabled. */
export async function selectContactCenterChat(db: Db, cid: number, contactId: number): Promise<boolean> {
  const [row] = await db
    .select({ enabled: contacts.contactCenterChatEnabled })
    .from(contacts)
    .where(and(eq(contacts.cid, cid), eq(contacts.id, contactId)));
  return row?.enabled ?? false;
}
