import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { apiKeys, contacts, webUsers } from '../../db/schema/index.ts';

export async function selectKeys(db: Db, cid: number) {
  return db
    .select({
      id: apiKeys.id,
      name: apiKeys.name,
      prefix: apiKeys.prefix,
      createdAt: apiKeys.createdAt,
      lastUsedAt: apiKeys.lastUsedAt,
      revokedAt: apiKeys.revokedAt,
      createdByEmail: webUsers.email,
      createdByFirst: contacts.firstName,
      createdByLast: contacts.lastName,
    })
    .from(apiKeys)
    .innerJoin(webUsers, eq(webUsers.id, apiKeys.createdByWebUserId))
    .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
    .where(eq(apiKeys.cid, cid))
    .orderBy(desc(apiKeys.id))
    .limit(500);
}
export type ApiKeyListRow = Awaited<ReturnType<typeof selectKeys>>[number];

export async function countActiveKeys(db: Db, cid: number): Promise<number> {
  const [r] = await db
    .select({ n: count() })
    .from(apiKeys)
    .where(and(eq(apiKeys.cid, cid), isNull(apiKeys.revokedAt)));
  return Number(r?.n ?? 0);
}

export async function insertKey(db: Db, v: typeof apiKeys.$inferInsert): Promise<number> {
  const [row] = await db.insert(apiKeys).values(v).returning({ id: apiKeys.id });
  return row!.id;
}

/** Revokes a key of the customer; returns whether the key exists there (revoking twice is harmless). */
export async function revokeKey(db: Db, cid: number, id: number): Promise<boolean> {
  await db
    .update(apiKeys)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(apiKeys.cid, cid), eq(apiKeys.id, id), isNull(apiKeys.revokedAt)));
  const [row] = await db.select({ id: apiKeys.id }).from(apiKeys).where(and(eq(apiKeys.cid, cid), eq(apiKeys.id, id)));
  return row !== undefined;
}
