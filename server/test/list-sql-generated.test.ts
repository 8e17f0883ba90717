import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import type { Database } from '../src/db/client.ts';
import { GENERATE_COMMAND, LIST_SQL_DIR, renderListSql } from '../scripts/list-sql.ts';
import { openTestDatabase } from './helpers.ts';

// The ticket-list engine's SQL is committed (modules/tickets/list.sql/, docs/conventions.md "The
// ticket-list engine"), as immich commits server/src/queries/*.sql: a change to the engine shows in review
// as a change of SQL. This fails when the committed files are not what the engine builds today.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  await database.close();
});

const rel = (name: string) => path.relative(process.cwd(), path.join(LIST_SQL_DIR, name));

describe('the ticket-list engine\'s generated SQL', () => {
  it('the committed files are the SQL the engine builds now (none missing, stale or extra)', () => {
    const rendered = renderListSql();
    const committed = fs.existsSync(LIST_SQL_DIR) ? fs.readdirSync(LIST_SQL_DIR) : [];
    const problems = [
      ...[...rendered].flatMap(([name, text]) => {
        const file = path.join(LIST_SQL_DIR, name);
        if (!fs.existsSync(file)) return [`${rel(name)} is missing`];
        return fs.readFileSync(file, 'utf8') === text ? [] : [`${rel(name)} is stale`];
      }),
      ...committed.filter((name) => !rendered.has(name)).map((name) => `${rel(name)} is not generated any more`),
    ];
    expect(problems, `The list engine's SQL changed: run \`${GENERATE_COMMAND}\` and commit server/src/modules/tickets/list.sql/`).toEqual([]);
  });

  it('the generator builds what the app\'s database builds (its SQL-only database is configured alike)', () => {
    expect(renderListSql(database.db)).toEqual(renderListSql());
  });

  it('every file is a statement PostgreSQL prepares as it is written', async () => {
    for (const [name, text] of renderListSql()) {
      const statement = text.trimEnd().replace(/;$/, '');
      await expect(database.db.execute(sql.raw(`prepare list_sql_generated as ${statement}`)), name).resolves.toBeDefined();
      await database.db.execute(sql.raw('deallocate list_sql_generated'));
    }
  });
});
