import { Faker, base, en } from '@faker-js/faker';
import type { PgTable } from 'drizzle-orm/pg-core';
import type { Db } from '../client.ts';

/** Seed of the demo set: the same seed gives the same data on every machine. */
export const DEMO_SEED = 20261122;
/** "Today" of the demo set, so ticket dates do not move with the clock. */
export const REFERENCE_DATE = new Date('2026-11-01T00:00:00.000Z');
/** Banners must still be shown whatever the real date is. */
export const FAR_FUTURE = new Date('2099-12-31T23:59:59.000Z');

/**
 * A faker of our own (never the shared singleton): seeded for the demo and scale sets,
 * randomly seeded for tests so that parallel test files do not collide.
 */
export function createFaker(seed?: number): Faker {
  const f = new Faker({ locale: [en, base] });
  f.seed(seed ?? Math.floor(Math.random() * 2 ** 31));
  if (seed !== undefined) f.setDefaultRefDate(REFERENCE_DATE);
  return f;
}

/** The faker the factories use when a test passes none. */
export const testFaker: Faker = createFaker();

/** Inserts rows in chunks (one statement per chunk, well below the 65,535-parameter limit) and returns them in order. */
export async function insertMany<T extends PgTable>(db: Db, table: T, rows: T['$inferInsert'][], size = 500): Promise<T['$inferSelect'][]> {
  const out: T['$inferSelect'][] = [];
  for (let i = 0; i < rows.length; i += size) {
    const part = (await db
      .insert(table)
      .values(rows.slice(i, i + size))
      .returning()) as T['$inferSelect'][];
    out.push(...part);
  }
  return out;
}

export { reserveIds, rowsOf } from '../ids.ts';
