import { sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';

// The one rate-limit counter (requirements §15.4): sign-in throttling and the public pages' limits count here,
// in PostgreSQL, so every server process shares the same figures.

/**
 * Counts one request against a fixed window and says whether it is still within `max`. One
 * statement, so concurrent requests in several processes count exactly.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowMinutes: number): Promise<boolean> {
  const windowStart = sql`now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${windowStart} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  // Now and then the counters of past windows go (indexed by window_start), so the table stays small.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
  return (rows[0]?.hits ?? 1) <= max;
}
