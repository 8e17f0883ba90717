/* eslint-disable @typescript-eslint/no-unsafe-assignment, @typescript-eslint/no-unsafe-argument, @typescript-eslint/no-unsafe-member-access -- drizzle-kit/api types do not resolve for the lint project service (tsc resolves them). */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, it, expect } from 'vitest';
import { generateDrizzleJson, generateMigration, type DrizzleSnapshotJSON } from 'drizzle-kit/api';
import { is } from 'drizzle-orm';
import { getTableConfig, PgTable } from 'drizzle-orm/pg-core';
import * as schema from '../src/db/schema/index.ts';
import { openPglite } from '../src/db/client.ts';

const MIGRATIONS = fileURLToPath(new URL('../drizzle', import.meta.url));

/** The snapshot drizzle-kit wrote with the newest migration: what the committed SQL builds. */
function lastSnapshot(): DrizzleSnapshotJSON {
  const meta = path.join(MIGRATIONS, 'meta');
  const files = fs
    .readdirSync(meta)
    .filter((f) => /^\d+_snapshot\.json$/.test(f))
    .sort((a, b) => Number.parseInt(a, 10) - Number.parseInt(b, 10));
  const last = files.at(-1);
  if (!last) throw new Error(`no snapshot in ${meta}`);
  return JSON.parse(fs.readFileSync(path.join(meta, last), 'utf8')) as DrizzleSnapshotJSON;
}

const schemaTables = (Object.values(schema) as unknown[])
  .filter((v): v is PgTable => is(v, PgTable))
  .map((t) => getTableConfig(t).name)
  .sort();

describe('database schema vs committed migrations', () => {
  it('has no change that is missing a migration (run `npx drizzle-kit generate` in server/)', async () => {
    const prev = lastSnapshot();
    // Same casing as drizzle.config.ts, or every column would look renamed.
    const cur = generateDrizzleJson(schema, prev.id, undefined, 'snake_case');
    const statements = await generateMigration(prev, cur);
    expect(statements).toEqual([]);
  });

  it('applies every migration to a fresh PGlite, with pg_trgm, btree_gin and all tables', async () => {
    const d = await openPglite(undefined);
    try {
      await d.migrate();
      const ext = await d.pglite!.query<{ extname: string }>(`select extname from pg_extension where extname in ('pg_trgm', 'btree_gin') order by 1`);
      expect(ext.rows.map((r) => r.extname)).toEqual(['btree_gin', 'pg_trgm']);
      const res = await d.pglite!.query<{ table_name: string }>(
        `select table_name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE'`,
      );
      const inDb = res.rows.map((r) => r.table_name);
      expect(schemaTables.length).toBeGreaterThan(30);
      expect(inDb.sort()).toEqual(expect.arrayContaining(schemaTables));
      // The per-type, cid-leading trigram indexes exist (the lists and global search rely on these
      // names), i.e. both extensions were created before the indexes.
      const idx = await d.pglite!.query<{ indexname: string }>(
        `select indexname from pg_indexes where tablename = 'tickets' and indexname like '%trgm' order by 1`,
      );
      expect(idx.rows.map((r) => r.indexname)).toEqual([
        'tickets_incident_short_desc_trgm',
        'tickets_incident_target_name_trgm',
        'tickets_incident_ticket_no_trgm',
        'tickets_request_short_desc_trgm',
        'tickets_request_target_name_trgm',
        'tickets_request_ticket_no_trgm',
        // ticket numbers not shaped INC-/SR-<digits> (decision 032)
        'tickets_ticket_no_irregular_trgm',
      ]);
    } finally {
      await d.close();
    }
    // A fresh PGlite loading two extensions and running every migration took 12–38 s on the shared
    // two-core machine while other suites ran: more than the default 30 s at its worst.
  }, 90_000);
});
