/**
 * The access matrix (docs/requirements.md §18, issue 17 item 5): every route of the OpenAPI document
 * × every kind of caller → the expected status, refusals written out as rows too.
 *
 * How to add rows for a module
 * 1. Create server/test/access/<module>.ts exporting `export const rows: AccessRow[] = [...]` (one file per
 *    module, so branches adding modules do not touch each other's files; files starting with `_` are helpers).
 * 2. One row per route ('METHOD /path/{param}' exactly as in /api/docs/json), more rows with a `case` label
 *    when a route answers differently per record (e.g. the User's own ticket and a colleague's).
 * 3. `request(fx, who)` builds the URL/body from the fixture (server/test/access/_fixture.ts): the home
 *    customer's records; writes that use up their target (disable, delete, logout) take a fresh record
 *    (`fx.freshContact()`, ...) or a fresh session (`fresh: true`) so the order of callers does not matter.
 * 4. `expect` names the status for all eight callers: anon (signed out), User, OperatorLimited, Operator,
 *    Administrator (home customer), spaceAdmin (the provider's), otherAdmin and otherUser (another customer).
 *    Another customer's callers aim at the home customer's records, so they must get 403/404, never 200.
 * A route without a row fails 'every route has rows' naming the route; a row for a route that no longer
 * exists fails too. MATRIX_RECORD=<file> writes the statuses seen (a start for new rows; check every one).
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PRINCIPALS, buildFixture, type AccessRow, type Expect, type Fixture } from './access/_fixture.ts';
import { createTestApp, type TestApp } from './helpers.ts';

const dir = path.join(import.meta.dirname, 'access');
const files = fs
  .readdirSync(dir)
  .filter((f) => f.endsWith('.ts') && !f.startsWith('_'))
  .sort();
const rows: (AccessRow & { file: string })[] = [];
for (const file of files) {
  const mod = (await import(path.join(dir, file))) as { rows?: AccessRow[] };
  if (!Array.isArray(mod.rows)) throw new Error(`server/test/access/${file} must export rows: AccessRow[]`);
  for (const r of mod.rows) rows.push({ ...r, file });
}

let t: TestApp;
let fx: Fixture;
let routes: string[];
const recorded: Record<string, Expect> = {};
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  routes = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
  fx = await buildFixture(t.app, t.database.db);
});
afterAll(async () => {
  if (process.env.MATRIX_RECORD) fs.writeFileSync(process.env.MATRIX_RECORD, JSON.stringify(recorded, null, 1));
  await t?.close();
});

describe('access matrix', () => {
  it('every route has rows, and every row names a route', () => {
    const covered = new Set(rows.map((r) => r.route));
    const missing = routes.filter((r) => !covered.has(r));
    expect(missing, `routes without access-matrix rows (add them to server/test/access/<module>.ts): ${missing.join(', ')}`).toEqual([]);
    const unknown = [...covered].filter((r) => !routes.includes(r));
    expect(unknown, `access-matrix rows for routes that do not exist: ${unknown.join(', ')}`).toEqual([]);
  });

  it.each(rows.map((r) => [`${r.route}${r.case ? ` (${r.case})` : ''}`, r] as const))('%s', async (name, row) => {
    const method = row.route.split(' ')[0]!;
    const seen = {} as Expect;
    for (const who of PRINCIPALS) {
      const res = await fx.send(who, method, await row.request(fx, who));
      seen[who] = res.statusCode;
    }
    recorded[name] = seen;
    expect(seen, `${name} (server/test/access/${row.file})`).toEqual(row.expect);
  });
});
