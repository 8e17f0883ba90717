import { and, count, eq, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SortDirection, UserType } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contactMatches } from '../../db/search.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { contacts, invitations, oneTimeTokens, webUsers } from '../../db/schema/index.ts';


/** The newest invitation of the contact still in status 'sent' (indexed by cid, contact, status). */
const openInvitationId = sql<number | null>`(select max(${invitations.id}) from ${invitations} where ${invitations.cid} = ${contacts.cid} and ${invitations.contactId} = ${contacts.id} and ${invitations.status} = 'sent')`;
const openInvitationType = sql<UserType | null>`(select ${invitations.userType} from ${invitations} where ${invitations.cid} = ${contacts.cid} and ${invitations.contactId} = ${contacts.id} and ${invitations.status} = 'sent' order by ${invitations.id} desc limit 1)`;

function candidateWhere(cid: number, search?: string): SQL {
  const parts: SQL[] = [eq(contacts.cid, cid), eq(contacts.isActive, true), eq(contacts.isPending, false)];
  if (search) parts.push(contactMatches(search));
  return and(...parts)!;
}

/** Contacts2Invite: active, approved contacts of `cid` with their account and open-invitation flags. */
export async function selectCandidates(db: Db, cid: number, search: string | undefined, direction: SortDirection, { limit, offset }: Slice) {
  const where = candidateWhere(cid, search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        contactId: contacts.id,
        primaryContactId: contacts.primaryContactId,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: contacts.email,
        isHdSharedOperator: contacts.isHdSharedOperator,
        accountType: webUsers.userType,
        accountActive: webUsers.isActive,
        isEmailVerified: webUsers.isEmailVerified,
        invitationId: openInvitationId,
        invitationType: openInvitationType,
      })
      .from(contacts)
      .leftJoin(webUsers, eq(webUsers.contactId, contacts.id))
      .where(where)
      .orderBy(...sortOrder(direction, [contacts.lastName, contacts.firstName], contacts.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(contacts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The contacts to invite, by id alone (the service checks customer, e-mail and flags). */
export function selectContactsForInvite(db: Db, ids: number[]) {
  return db
    .select({
      id: contacts.id,
      cid: contacts.cid,
      email: contacts.email,
      firstName: contacts.firstName,
      isActive: contacts.isActive,
      isPending: contacts.isPending,
      isHdSharedOperator: contacts.isHdSharedOperator,
      hasActiveAccount: sql<boolean>`coalesce(${webUsers.isActive}, false)`,
      invitationId: openInvitationId,
    })
    .from(contacts)
    .leftJoin(webUsers, eq(webUsers.contactId, contacts.id))
    .where(inArray(contacts.id, ids));
}

export function selectInvitationsByIds(db: Db, ids: number[]) {
  return db
    .select({ id: invitations.id, cid: invitations.cid, contactId: invitations.contactId, userType: invitations.userType, email: invitations.email, status: invitations.status, firstName: contacts.firstName })
    .from(invitations)
    .innerJoin(contacts, eq(contacts.id, invitations.contactId))
    .where(inArray(invitations.id, ids));
}

function invitationWhere(cid: number, search?: string): SQL {
  const parts: SQL[] = [eq(invitations.cid, cid), eq(invitations.status, 'sent')];
  if (search) parts.push(contactMatches(search));
  return and(...parts)!;
}

/** All Invited Contacts: open invitations of `cid`, CCWebInvitationID descending (requirements §9.6). */
export async function selectInvitations(db: Db, cid: number, search: string | undefined, direction: SortDirection, { limit, offset }: Slice) {
  const where = invitationWhere(cid, search);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: invitations.id,
        contactId: invitations.contactId,
        firstName: contacts.firstName,
        lastName: contacts.lastName,
        email: invitations.email,
        userType: invitations.userType,
        runId: invitations.runId,
        sentAt: invitations.sentAt,
      })
      .from(invitations)
      .innerJoin(contacts, eq(contacts.id, invitations.contactId))
      .where(where)
      .orderBy(...sortOrder(direction, undefined, invitations.id))
      .limit(limit)
      .offset(offset),
    db.select({ n: count() }).from(invitations).innerJoin(contacts, eq(contacts.id, invitations.contactId)).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

interface NewInvite {
  cid: number;
  contactId: number;
  userType: UserType;
  email: string;
  invitedByWebUserId: number;
  runId: string;
  tokenHash: string;
  expiresAt: Date;
}

/** One invitation: its row and its single-use token (hash only); the service queues the e-mail. */
export async function insertInvite(db: Db, i: NewInvite) {
  const [row] = await db
    .insert(invitations)
    .values({ cid: i.cid, contactId: i.contactId, userType: i.userType, email: i.email, invitedByWebUserId: i.invitedByWebUserId, runId: i.runId, status: 'sent' })
    .returning({ id: invitations.id });
  await db.insert(oneTimeTokens).values({ purpose: 'invite', tokenHash: i.tokenHash, contactId: i.contactId, invitationId: row!.id, cid: i.cid, expiresAt: i.expiresAt });
  return row!.id;
}

/** Closes invitations (deleted or superseded by a re-send) and voids their unused tokens. */
export async function closeInvitations(db: Db, cid: number, ids: number[]) {
  if (ids.length === 0) return;
  const now = new Date();
  await db
    .update(invitations)
    .set({ status: 'deleted', deletedAt: now })
    .where(and(eq(invitations.cid, cid), inArray(invitations.id, ids)));
  await db
    .update(oneTimeTokens)
    .set({ expiresAt: now })
    .where(and(eq(oneTimeTokens.cid, cid), inArray(oneTimeTokens.invitationId, ids), isNull(oneTimeTokens.usedAt)));
}
