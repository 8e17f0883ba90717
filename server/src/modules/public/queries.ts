import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import {
  contacts,
  customerEmailDomains,
  customers,
  invitations,
  oneTimeTokens,
  sessions,
  userPreferences,
  webUsers,
  type OneTimeTokenPurpose,
} from '../../db/schema/index.ts';

// SQL of the logged-out pages (issue 13 items 5–8). Tokens are looked up by their SHA-256 only.

export async function insertToken(
  db: Db,
  t: { purpose: OneTimeTokenPurpose; tokenHash: string; expiresAt: Date; cid: number; contactId: number; webUserId?: number | null; invitationId?: number | null },
) {
  await db.insert(oneTimeTokens).values({ ...t, webUserId: t.webUserId ?? null, invitationId: t.invitationId ?? null });
}

/** Uses a token once: only an unused, unexpired token of that purpose is marked, and returned. */
export async function consumeToken(db: Db, purpose: OneTimeTokenPurpose, tokenHash: string) {
  const [row] = await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt), gt(oneTimeTokens.expiresAt, sql`now()`)))
    .returning();
  return row;
}

export async function findToken(db: Db, purpose: OneTimeTokenPurpose, tokenHash: string) {
  const [row] = await db
    .select()
    .from(oneTimeTokens)
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, purpose)))
    .limit(1);
  return row;
}

/** Voids the unused tokens of a contact for a purpose (a newer link was sent, or the matter is decided). */
export async function voidTokens(db: Db, contactId: number, purpose: OneTimeTokenPurpose) {
  await db
    .update(oneTimeTokens)
    .set({ usedAt: sql`now()` })
    .where(and(eq(oneTimeTokens.contactId, contactId), eq(oneTimeTokens.purpose, purpose), isNull(oneTimeTokens.usedAt)));
}

// --- Invitations ---

/** The invitation behind an invite token, with the invitee, the customer and the inviter. */
export async function findInvitationByToken(db: Db, tokenHash: string) {
  const inviterContact = sql<string | null>`(select c.first_name || ' ' || c.last_name from ${webUsers} w join ${contacts} c on c.id = w.contact_id where w.id = ${invitations.invitedByWebUserId} and w.is_active)`;
  const inviterEmail = sql<string | null>`(select w.email from ${webUsers} w where w.id = ${invitations.invitedByWebUserId} and w.is_active)`;
  const [row] = await db
    .select({
      tokenId: oneTimeTokens.id,
      usedAt: oneTimeTokens.usedAt,
      expiresAt: oneTimeTokens.expiresAt,
      invitationId: invitations.id,
      status: invitations.status,
      userType: invitations.userType,
      email: invitations.email,
      cid: invitations.cid,
      contactId: contacts.id,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      contactActive: contacts.isActive,
      customerActive: customers.isActive,
      organizationName: customers.name,
      inviterName: inviterContact,
      inviterEmail,
    })
    .from(oneTimeTokens)
    .innerJoin(invitations, eq(invitations.id, oneTimeTokens.invitationId))
    .innerJoin(contacts, eq(contacts.id, invitations.contactId))
    .innerJoin(customers, eq(customers.id, invitations.cid))
    .where(and(eq(oneTimeTokens.tokenHash, tokenHash), eq(oneTimeTokens.purpose, 'invite')))
    .limit(1);
  return row;
}

export async function markInvitationAccepted(db: Db, invitationId: number) {
  await db.update(invitations).set({ status: 'accepted', acceptedAt: sql`now()` }).where(eq(invitations.id, invitationId));
}

export async function findWebUserByEmail(db: Db, email: string) {
  const [row] = await db.select().from(webUsers).where(eq(webUsers.email, email.toLowerCase())).limit(1);
  return row;
}

export async function findWebUserOfContact(db: Db, contactId: number) {
  const [row] = await db.select().from(webUsers).where(eq(webUsers.contactId, contactId)).limit(1);
  return row;
}

/** Creates or re-activates the contact's portal account with the invited type and the chosen password. */
export async function activateInvitedAccount(db: Db, a: { cid: number; contactId: number; email: string; userType: (typeof webUsers.$inferInsert)['userType']; passwordHash: string }) {
  const values = { email: a.email, passwordHash: a.passwordHash, userType: a.userType, isActive: true, isEmailVerified: true, updatedAt: new Date() };
  const [updated] = await db.update(webUsers).set(values).where(eq(webUsers.contactId, a.contactId)).returning({ id: webUsers.id });
  if (updated) return updated.id;
  const [inserted] = await db.insert(webUsers).values({ cid: a.cid, contactId: a.contactId, ...values }).returning({ id: webUsers.id });
  return inserted!.id;
}

// --- Registration ---

export async function findCustomerByRegistrationKey(db: Db, key: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customers)
    .where(and(eq(customers.registrationKey, key), eq(customers.isActive, true), eq(customers.isProvider, false)))
    .limit(1);
  return row;
}

export async function findCustomerByEmailDomain(db: Db, domain: string) {
  const [row] = await db
    .select({ id: customers.id, name: customers.name })
    .from(customerEmailDomains)
    .innerJoin(customers, eq(customers.id, customerEmailDomains.cid))
    .where(and(eq(customerEmailDomains.domain, domain.toLowerCase()), eq(customers.isActive, true), eq(customers.isProvider, false)))
    .limit(1);
  return row;
}

/** The account of an address with the state of its contact, to tell a pending registration from a real account. */
export async function findRegistrationState(db: Db, email: string) {
  const [row] = await db
    .select({
      webUserId: webUsers.id,
      cid: webUsers.cid,
      contactId: webUsers.contactId,
      accountActive: webUsers.isActive,
      isEmailVerified: webUsers.isEmailVerified,
      contactPending: contacts.isPending,
      contactActive: contacts.isActive,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(webUsers)
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .where(eq(webUsers.email, email.toLowerCase()))
    .limit(1);
  return row;
}

/** A registrant: a pending contact of the customer and an inactive, unverified User account. */
export async function insertRegistrant(
  db: Db,
  r: { cid: number; firstName: string; lastName: string; email: string; phone: string | null; passwordHash: string },
) {
  const [primary] = await db.select({ id: contacts.id }).from(contacts).where(and(eq(contacts.cid, r.cid), eq(contacts.isPrimary, true))).orderBy(contacts.id).limit(1);
  const [contact] = await db
    .insert(contacts)
    .values({ cid: r.cid, firstName: r.firstName, lastName: r.lastName, email: r.email, directPhone: r.phone, isPending: true, isActive: true, primaryContactId: primary?.id ?? null })
    .returning({ id: contacts.id });
  const [user] = await db
    .insert(webUsers)
    .values({ cid: r.cid, contactId: contact!.id, email: r.email, passwordHash: r.passwordHash, userType: 'User', isActive: false, isEmailVerified: false })
    .returning({ id: webUsers.id });
  return { contactId: contact!.id, webUserId: user!.id };
}

export async function markEmailVerified(db: Db, webUserId: number) {
  await db.update(webUsers).set({ isEmailVerified: true, updatedAt: new Date() }).where(eq(webUsers.id, webUserId));
}

export async function findRegistrant(db: Db, contactId: number) {
  const [row] = await db
    .select({
      contactId: contacts.id,
      cid: contacts.cid,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      email: contacts.email,
      phone: contacts.directPhone,
      isPending: contacts.isPending,
      isActive: contacts.isActive,
      organizationName: customers.name,
    })
    .from(contacts)
    .innerJoin(customers, eq(customers.id, contacts.cid))
    .where(eq(contacts.id, contactId))
    .limit(1);
  return row;
}

/**
 * Who approves a customer's registrations: its active Administrators; when it has none, the
 * provider's space admins, so a registration never waits for nobody.
 */
export async function selectApprovers(db: Db, cid: number) {
  const base = () =>
    db
      .select({ webUserId: webUsers.id, contactId: contacts.id, email: webUsers.email, firstName: contacts.firstName })
      .from(webUsers)
      .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
      .$dynamic();
  const admins = await base().where(
    and(eq(webUsers.cid, cid), eq(webUsers.userType, 'Administrator'), eq(webUsers.isActive, true), eq(contacts.isActive, true), eq(contacts.isPending, false)),
  );
  if (admins.length > 0) return admins;
  return base().where(and(eq(webUsers.spaceAdmin, true), eq(webUsers.isActive, true), eq(contacts.isActive, true)));
}

/** The approver of an approval token, if still an active Administrator of that customer or a space admin. */
export async function findApprover(db: Db, webUserId: number, cid: number) {
  const [row] = await db
    .select({ webUserId: webUsers.id, contactId: webUsers.contactId })
    .from(webUsers)
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .where(
      and(
        eq(webUsers.id, webUserId),
        eq(webUsers.isActive, true),
        eq(contacts.isActive, true),
        sql`((${webUsers.cid} = ${cid} and ${webUsers.userType} = 'Administrator') or ${webUsers.spaceAdmin})`,
      ),
    )
    .limit(1);
  return row;
}

// --- Password reset ---

/** An account that may reset its password: active, with an active contact and customer. */
export async function findResettableAccount(db: Db, email: string) {
  const [row] = await db
    .select({ webUserId: webUsers.id, cid: webUsers.cid, contactId: webUsers.contactId, email: webUsers.email, firstName: contacts.firstName, lastName: contacts.lastName })
    .from(webUsers)
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .innerJoin(customers, eq(customers.id, webUsers.cid))
    .where(and(eq(webUsers.email, email.toLowerCase()), eq(webUsers.isActive, true), eq(contacts.isActive, true), eq(customers.isActive, true)))
    .limit(1);
  return row;
}

export async function findAccountById(db: Db, webUserId: number) {
  const [row] = await db
    .select({
      webUserId: webUsers.id,
      cid: webUsers.cid,
      contactId: webUsers.contactId,
      email: webUsers.email,
      isActive: webUsers.isActive,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      organizationName: customers.name,
    })
    .from(webUsers)
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .innerJoin(customers, eq(customers.id, webUsers.cid))
    .where(eq(webUsers.id, webUserId))
    .limit(1);
  return row;
}

/** Sets the new password and ends every session of the account (issue 13 item 7). */
export async function setPassword(db: Db, webUserId: number, passwordHash: string) {
  await db.update(webUsers).set({ passwordHash, isEmailVerified: true, updatedAt: new Date() }).where(eq(webUsers.id, webUserId));
  await db.delete(sessions).where(eq(sessions.webUserId, webUserId));
}

/** Approved: no longer pending, the account an active User. Disapproved: the contact is disabled, the account stays off. */
export async function decidePendingContact(db: Db, cid: number, contactId: number, approved: boolean) {
  const now = new Date();
  await db
    .update(contacts)
    .set(approved ? { isPending: false, updatedAt: now } : { isPending: false, isActive: false, updatedAt: now })
    .where(and(eq(contacts.cid, cid), eq(contacts.id, contactId)));
  if (approved) {
    await db.update(webUsers).set({ isActive: true, updatedAt: now }).where(and(eq(webUsers.cid, cid), eq(webUsers.contactId, contactId)));
  } else {
    await db.update(webUsers).set({ isActive: false, updatedAt: now }).where(and(eq(webUsers.cid, cid), eq(webUsers.contactId, contactId)));
    await db.execute(sql`delete from ${sessions} where ${sessions.webUserId} in (select ${webUsers.id} from ${webUsers} where ${webUsers.contactId} = ${contactId})`);
  }
}

/** The four e-mail choices of the contact's portal account (defaults when it has no row yet). */
export async function findPreferencesOfContact(db: Db, contactId: number) {
  const [row] = await db
    .select({
      webUserId: webUsers.id,
      cid: webUsers.cid,
      firstName: contacts.firstName,
      email: webUsers.email,
      emailOnTicketCreated: sql<boolean>`coalesce(${userPreferences.emailOnTicketCreated}, true)`,
      emailOnTicketUpdated: sql<boolean>`coalesce(${userPreferences.emailOnTicketUpdated}, true)`,
      emailOnTicketClosed: sql<boolean>`coalesce(${userPreferences.emailOnTicketClosed}, true)`,
      emailOnNewAction: sql<boolean>`coalesce(${userPreferences.emailOnNewAction}, true)`,
    })
    .from(webUsers)
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .leftJoin(userPreferences, eq(userPreferences.webUserId, webUsers.id))
    .where(and(eq(webUsers.contactId, contactId), eq(contacts.isActive, true)))
    .limit(1);
  return row;
}

export async function saveEmailChoices(
  db: Db,
  cid: number,
  webUserId: number,
  v: { emailOnTicketCreated: boolean; emailOnTicketUpdated: boolean; emailOnTicketClosed: boolean; emailOnNewAction: boolean },
) {
  await db
    .insert(userPreferences)
    .values({ webUserId, cid, ...v })
    .onConflictDoUpdate({ target: userPreferences.webUserId, set: { ...v, updatedAt: new Date() } });
}

export async function selectRegistrationKey(db: Db, cid: number) {
  const [row] = await db.select({ key: customers.registrationKey }).from(customers).where(and(eq(customers.id, cid), eq(customers.isProvider, false)));
  return row?.key;
}
