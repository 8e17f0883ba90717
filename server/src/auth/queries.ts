import { and, eq, gt, isNull, lt, or, sql } from 'drizzle-orm';
import { DEFAULT_PAGE_SIZE, DEFAULT_THEME, type SignedInUser, type Theme } from '@sc/common';
import type { Db } from '../db/client.ts';
import { apiKeys, contacts, customers, departments, sessions, sites, userPreferences, webUsers } from '../db/schema/index.ts';

/** Columns that make the signed-in user of requirements §15.2. */
const userColumns = {
  webUserId: webUsers.id,
  email: webUsers.email,
  passwordHash: webUsers.passwordHash,
  userType: webUsers.userType,
  spaceAdmin: webUsers.spaceAdmin,
  lastLoginAt: webUsers.lastLoginAt,
  accountActive: webUsers.isActive,
  contactActive: contacts.isActive,
  customerActive: customers.isActive,
  contactId: contacts.id,
  primaryContactId: contacts.primaryContactId,
  isPrimary: contacts.isPrimary,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
  middleInitial: contacts.middleInitial,
  // User Preferences override the contact's zone; page size and theme default as the table does.
  timeZone: sql<string>`coalesce(${userPreferences.timeZone}, ${contacts.timeZone})`,
  pageSize: sql<number>`coalesce(${userPreferences.pageSize}, ${sql.raw(String(DEFAULT_PAGE_SIZE))})`.mapWith(Number),
  theme: sql<Theme>`coalesce(${userPreferences.theme}, ${sql.raw(`'${DEFAULT_THEME}'`)})`,
  cid: customers.id,
  customerCode: customers.code,
  organizationName: customers.name,
  department: departments.name,
  site: sites.name,
};

function accountQuery(db: Db) {
  return db
    .select(userColumns)
    .from(webUsers)
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .innerJoin(customers, eq(customers.id, webUsers.cid))
    .leftJoin(departments, eq(departments.id, contacts.departmentId))
    .leftJoin(sites, eq(sites.id, contacts.siteId))
    .leftJoin(userPreferences, eq(userPreferences.webUserId, webUsers.id));
}
type AccountRow = Awaited<ReturnType<ReturnType<typeof accountQuery>['execute']>>[number];

export function toSignedInUser(row: AccountRow, lastLoginDate: Date | null): SignedInUser {
  return {
    ccWebUserId: row.webUserId,
    contactId: row.contactId,
    primaryContactId: row.primaryContactId ?? row.contactId,
    isPrimary: row.isPrimary,
    userType: row.userType,
    userName: row.email,
    firstName: row.firstName,
    lastName: row.lastName,
    middleInitial: row.middleInitial,
    timeZone: row.timeZone,
    cid: row.cid,
    customerCode: row.customerCode,
    organizationName: row.organizationName,
    lastLoginDate: lastLoginDate ? lastLoginDate.toISOString() : null,
    spaceAdmin: row.spaceAdmin,
    department: row.department,
    site: row.site,
    pageSize: row.pageSize,
    theme: row.theme,
  };
}

export async function findAccountByEmail(db: Db, email: string) {
  const [row] = await accountQuery(db).where(eq(webUsers.email, email.trim().toLowerCase())).limit(1);
  return row;
}

/** The account of a web user id (an API key acts as the account that created it). */
export async function findAccountByWebUserId(db: Db, webUserId: number) {
  const [row] = await accountQuery(db).where(eq(webUsers.id, webUserId)).limit(1);
  return row;
}

export async function insertSession(
  db: Db,
  s: { id: string; webUserId: number; cid: number; csrfToken: string; expiresAt: Date; previousLoginAt: Date | null; ip: string; userAgent: string | null },
) {
  await db.insert(sessions).values(s);
}

export async function recordLogin(db: Db, webUserId: number, at: Date) {
  await db.update(webUsers).set({ lastLoginAt: at }).where(eq(webUsers.id, webUserId));
}

function liveSessionQuery(db: Db) {
  return db
    .select({
      ...userColumns,
      csrfToken: sessions.csrfToken,
      expiresAt: sessions.expiresAt,
      lastSeenAt: sessions.lastSeenAt,
      previousLoginAt: sessions.previousLoginAt,
    })
    .from(sessions)
    .innerJoin(webUsers, eq(webUsers.id, sessions.webUserId))
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .innerJoin(customers, eq(customers.id, webUsers.cid))
    .leftJoin(departments, eq(departments.id, contacts.departmentId))
    .leftJoin(sites, eq(sites.id, contacts.siteId))
    .leftJoin(userPreferences, eq(userPreferences.webUserId, webUsers.id))
    .where(and(eq(sessions.id, sql.placeholder('id')), gt(sessions.expiresAt, sql.placeholder('now'))))
    .limit(1)
    .prepare('find_live_session');
}

/**
 * Every API call resolves its session, so the statement is prepared once per database: planning the
 * six-table join cost more than running it (docs/performance.md).
 */
const liveSessionStatements = new WeakMap<Db, ReturnType<typeof liveSessionQuery>>();

export type LiveSessionRow = NonNullable<Awaited<ReturnType<typeof findLiveSession>>>;

/** The live session with its account, or nothing when it has ended (absolute expiry checked here, idle by the caller). */
export async function findLiveSession(db: Db, id: string, now: Date) {
  let statement = liveSessionStatements.get(db);
  if (!statement) {
    statement = liveSessionQuery(db);
    liveSessionStatements.set(db, statement);
  }
  const [row] = await statement.execute({ id, now });
  return row;
}

export async function touchSession(db: Db, id: string, now: Date) {
  await db.update(sessions).set({ lastSeenAt: now }).where(eq(sessions.id, id));
}

export async function deleteSession(db: Db, id: string) {
  await db.delete(sessions).where(eq(sessions.id, id));
}

export async function deleteExpiredSessions(db: Db, now: Date, idleCutoff: Date) {
  await db.delete(sessions).where(sql`${sessions.expiresAt} <= ${now} or ${sessions.lastSeenAt} <= ${idleCutoff}`);
}


/** The live sessions of an account, last seen first (Signed-in devices). */
export async function selectSessionsOfUser(db: Db, webUserId: number, now: Date) {
  return db
    .select({ id: sessions.id, ip: sessions.ip, userAgent: sessions.userAgent, createdAt: sessions.createdAt, lastSeenAt: sessions.lastSeenAt })
    .from(sessions)
    .where(and(eq(sessions.webUserId, webUserId), gt(sessions.expiresAt, now)))
    .orderBy(sql`${sessions.lastSeenAt} desc`, sessions.id);
}

/** Ends one session of the account (none when it is another account's); answers how many ended. */
export async function deleteSessionOfUser(db: Db, webUserId: number, id: string): Promise<number> {
  const rows = await db.delete(sessions).where(and(eq(sessions.webUserId, webUserId), eq(sessions.id, id))).returning({ id: sessions.id });
  return rows.length;
}

/** Ends every session of the account but `keepId`; answers how many ended. */
export async function deleteOtherSessionsOfUser(db: Db, webUserId: number, keepId: string): Promise<number> {
  const rows = await db
    .delete(sessions)
    .where(and(eq(sessions.webUserId, webUserId), sql`${sessions.id} <> ${keepId}`))
    .returning({ id: sessions.id });
  return rows.length;
}

type ApiKeyRecord = typeof apiKeys.$inferSelect;

/** The key of this hash, whether revoked or not (the service decides). */
export async function findKeyByHash(db: Db, keyHash: string): Promise<ApiKeyRecord | undefined> {
  const [row] = await db.select().from(apiKeys).where(eq(apiKeys.keyHash, keyHash)).limit(1);
  return row;
}

/** Records a use at most once a minute per key, so a busy integration does not write on every call. */
export async function touchKey(db: Db, id: number): Promise<void> {
  await db
    .update(apiKeys)
    .set({ lastUsedAt: sql`now()` })
    .where(and(eq(apiKeys.id, id), or(isNull(apiKeys.lastUsedAt), lt(apiKeys.lastUsedAt, sql`now() - interval '1 minute'`))));
}
