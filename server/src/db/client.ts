import fs from 'node:fs';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { btree_gin } from '@electric-sql/pglite/contrib/btree_gin';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import pg from 'pg';
import { pgTypes } from './pg-timestamps.ts';
import * as schema from './schema/index.ts';

type Schema = typeof schema;
/** The one database type every query function takes: PGlite and node-postgres both satisfy it. */
export type Db = PgDatabase<PgQueryResultHKT, Schema>;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  migrate(): Promise<void>;
  close(): Promise<void>;
  /** The PGlite instance, for tests that dump or clone it. */
  pglite?: PGlite;
}

/** Finds the committed migrations from src/ (dev, tests) and from dist/ (npm start). */
function migrationsFolder(): string {
  const candidates = ['../../drizzle', '../drizzle'].map((p) => fileURLToPath(new URL(p, import.meta.url)));
  const found = candidates.find((p) => fs.existsSync(`${p}/meta/_journal.json`));
  if (!found) throw new Error(`migrations folder not found (looked in ${candidates.join(', ')})`);
  return found;
}

export async function openPglite(dataDir: string | undefined, loadDataDir?: Blob): Promise<Database> {
  if (dataDir) fs.mkdirSync(dataDir, { recursive: true });
  const client = await PGlite.create({
    ...(dataDir ? { dataDir } : {}),
    ...(loadDataDir ? { loadDataDir } : {}),
    // btree_gin: the cid-leading trigram indexes of tickets (migration 0003).
    extensions: { pg_trgm, btree_gin },
  });
  return wrapPglite(client);
}

/** How the schema's camelCase names map to columns; also for SQL rendered outside a db (modules/search/queries.ts). */
export const DB_CASING = 'snake_case';

function wrapPglite(client: PGlite): Database {
  const db = drizzlePglite(client, { schema, casing: DB_CASING }) as unknown as Db;
  return {
    db,
    kind: 'pglite',
    pglite: client,
    migrate: () => migratePglite(drizzlePglite(client, { schema, casing: DB_CASING }), { migrationsFolder: migrationsFolder() }),
    close: () => client.close(),
  };
}

/**
 * statementTimeoutMs: PostgreSQL's statement_timeout on every pooled connection (docs/requirements.md §18.3);
 * a query past it fails with 57014, which the error handler answers with a 503. PGlite runs in this process
 * and cannot cancel a statement, so the embedded database has no statement timeout.
 */
export function openPostgres(url: string, max = 10, statementTimeoutMs = 0): Database {
  const pool = new pg.Pool({ connectionString: url, max, types: pgTypes, ...(statementTimeoutMs > 0 ? { statement_timeout: statementTimeoutMs } : {}) });
  let closing = false;
  // An idle connection the server ends (restart, failover, a dropped database) must not crash the
  // process: the pool replaces it on the next query. Without a listener the error would be thrown.
  pool.on('error', (err) => {
    if (!closing) console.error(`PostgreSQL connection lost: ${err.message}`);
  });
  const db = drizzlePg(pool, { schema, casing: DB_CASING });
  return {
    db,
    kind: 'postgres',
    // Migrations (index builds and backfills over millions of rows) are not requests: they run on their own
    // connection without the statement timeout.
    migrate: async () => {
      const client = new pg.Client({ connectionString: url });
      await client.connect();
      try {
        await migratePg(drizzlePg(client, { schema, casing: DB_CASING }), { migrationsFolder: migrationsFolder() });
      } finally {
        await client.end();
      }
    },
    close: () => {
      closing = true;
      return pool.end();
    },
  };
}

export async function openDatabase(opts: {
  databaseUrl?: string | undefined;
  pgliteDir: string;
  limits?: { statementTimeoutMs: number; databasePoolSize?: number };
}): Promise<Database> {
  return opts.databaseUrl ? openPostgres(opts.databaseUrl, opts.limits?.databasePoolSize ?? 10, opts.limits?.statementTimeoutMs ?? 0) : openPglite(opts.pgliteDir);
}
