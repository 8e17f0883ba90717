import { and, eq, sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, DEFAULT_THEME, type PreferencesSaveValues, type Theme } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, userPreferences, webUsers } from '../../db/schema/index.ts';

/** The caller's preferences: names and phones from its contact, the rest from user_preferences (defaults when no row yet). */
export async function selectPreferences(db: Db, cid: number, webUserId: number) {
  const [row] = await db
    .select({
      firstName: contacts.firstName,
      lastName: contacts.lastName,
      officePhone: contacts.directPhone,
      mobilePhone: contacts.mobilePhone,
      timeZone: sql<string>`coalesce(${userPreferences.timeZone}, ${contacts.timeZone})`,
      pageSize: sql<number>`coalesce(${userPreferences.pageSize}, ${sql.raw(String(DEFAULT_PAGE_SIZE))})`.mapWith(Number),
      theme: sql<Theme>`coalesce(${userPreferences.theme}, ${sql.raw(`'${DEFAULT_THEME}'`)})`,
      emailOnTicketCreated: sql<boolean>`coalesce(${userPreferences.emailOnTicketCreated}, true)`,
      emailOnTicketUpdated: sql<boolean>`coalesce(${userPreferences.emailOnTicketUpdated}, true)`,
      emailOnTicketClosed: sql<boolean>`coalesce(${userPreferences.emailOnTicketClosed}, true)`,
      emailOnNewAction: sql<boolean>`coalesce(${userPreferences.emailOnNewAction}, true)`,
    })
    .from(webUsers)
    .innerJoin(contacts, and(eq(contacts.id, webUsers.contactId), eq(contacts.cid, webUsers.cid)))
    .leftJoin(userPreferences, eq(userPreferences.webUserId, webUsers.id))
    .where(and(eq(webUsers.id, webUserId), eq(webUsers.cid, cid)))
    .limit(1);
  return row;
}

/** Writes the contact's names and phones and the account's preferences in one transaction. */
export async function savePreferences(db: Db, who: { cid: number; webUserId: number; contactId: number }, v: PreferencesSaveValues) {
  await db.transaction(async (tx) => {
    await tx
      .update(contacts)
      .set({ firstName: v.firstName, lastName: v.lastName, directPhone: v.officePhone, mobilePhone: v.mobilePhone })
      .where(and(eq(contacts.id, who.contactId), eq(contacts.cid, who.cid)));
    const prefs = {
      timeZone: v.timeZone,
      pageSize: v.pageSize,
      theme: v.theme,
      emailOnTicketCreated: v.emailOnTicketCreated,
      emailOnTicketUpdated: v.emailOnTicketUpdated,
      emailOnTicketClosed: v.emailOnTicketClosed,
      emailOnNewAction: v.emailOnNewAction,
    };
    await tx
      .insert(userPreferences)
      .values({ webUserId: who.webUserId, cid: who.cid, ...prefs })
      .onConflictDoUpdate({ target: userPreferences.webUserId, set: { ...prefs, updatedAt: new Date() } });
  });
}
