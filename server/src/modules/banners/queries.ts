import { and, eq, gte, inArray, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { bannerMessages, GLOBAL_BANNER_PARTITION, customerBannerPartition } from '../../db/schema/index.ts';

export { GLOBAL_BANNER_PARTITION, customerBannerPartition };

const columns = {
  partitionKey: bannerMessages.partitionKey,
  message: bannerMessages.message,
  expirationDate: bannerMessages.expirationDate,
  updatedDate: bannerMessages.updatedDate,
  updatedBy: bannerMessages.updatedBy,
};

export async function selectBanner(db: Db, partitionKey: string) {
  const [row] = await db.select(columns).from(bannerMessages).where(eq(bannerMessages.partitionKey, partitionKey)).limit(1);
  return row;
}

/**
 * The banners of these partitions that are still showing on `today` (YYYY-MM-DD in the reader's
 * zone): a non-empty message whose expiration date is today or later, or has none.
 */
export async function selectActiveBanners(db: Db, partitionKeys: string[], today: string) {
  return db
    .select(columns)
    .from(bannerMessages)
    .where(
      and(
        inArray(bannerMessages.partitionKey, partitionKeys),
        ne(sql`btrim(${bannerMessages.message})`, ''),
        or(isNull(bannerMessages.expirationDate), gte(bannerMessages.expirationDate, today)),
      ),
    );
}

/** One statement whether the banner exists or not (the partition key is the primary key). */
export async function upsertBanner(
  db: Db,
  v: { partitionKey: string; cid: number | null; message: string; expirationDate: string; updatedBy: string; updatedDate: Date },
) {
  const set = { message: v.message, expirationDate: v.expirationDate, updatedBy: v.updatedBy, updatedDate: v.updatedDate };
  await db
    .insert(bannerMessages)
    .values(v)
    .onConflictDoUpdate({ target: bannerMessages.partitionKey, set });
}
