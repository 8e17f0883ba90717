import { sql } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { rowsOf } from './random.ts';

/** Row count of every table of the current schema, by table name. */
export async function tableCounts(db: Db): Promise<Record<string, number>> {
  const tables = rowsOf<{ name: string }>(
    await db.execute(sql`select table_name as name from information_schema.tables
      where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`),
  );
  const out: Record<string, number> = {};
  for (const { name } of tables) {
    const [row] = rowsOf<{ n: number | string }>(await db.execute(sql`select count(*) as n from ${sql.identifier(name)}`));
    out[name] = Number(row?.n ?? 0);
  }
  return out;
}

/** Drops every table (and the migration journal), so the next migrate starts from scratch. */
export async function resetDatabase(db: Db): Promise<void> {
  await db.execute(sql`drop schema if exists drizzle cascade`);
  await db.execute(sql`drop schema public cascade`);
  await db.execute(sql`create schema public`);
}
