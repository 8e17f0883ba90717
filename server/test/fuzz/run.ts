/**
 * npm run fuzz: 10,000 malformed requests per route of the OpenAPI document against the in-process app
 * (app.inject, no sockets), docs/requirements.md §18.4. Prints per route the runs, the status histogram,
 * the slowest answer and how many callers had to be restored, then "N requests, M ≥ 500"; exits 1 when
 * M > 0, each failure printed with its request and the command that replays it.
 *
 * Knobs (environment):
 *   FUZZ_RUNS=10000          requests per route
 *   FUZZ_ROUTES=<regex>      only the routes whose 'METHOD /path' matches
 *   FUZZ_SEED=1              base seed (each route's seed is derived from it and the route's name)
 *   FUZZ_ONLY=<n,n,…>        send only these request numbers (replay; set FUZZ_RUNS past the largest)
 *   FUZZ_CONCURRENCY=8       requests in flight per process
 *   FUZZ_WORKERS=1           processes; the routes are dealt round-robin between them
 *   FUZZ_DATABASE_URL=postgres://postgres@127.0.0.1:5432/postgres
 *                            run on a fresh PostgreSQL database created next to that one (and dropped
 *                            afterwards) instead of an embedded PGlite per process
 */
import { fork } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import { openPglite, openPostgres, type Database } from '../../src/db/client.ts';
import { fuzzRoute, fuzzWorld, type Route, type RouteResult } from './fuzz.ts';

const env = process.env;
const runs = Number(env.FUZZ_RUNS ?? 10_000);
const only = env.FUZZ_ROUTES ? new RegExp(env.FUZZ_ROUTES) : null;
const seed = Number(env.FUZZ_SEED ?? 1);
const onlyRuns = env.FUZZ_ONLY ? new Set(env.FUZZ_ONLY.split(',').map(Number)) : undefined;
const concurrency = Number(env.FUZZ_CONCURRENCY ?? 8);
const workers = Number(env.FUZZ_WORKERS ?? 1);
const shard = env.FUZZ_SHARD ? env.FUZZ_SHARD.split('/').map(Number) : null;
const RESULT = 'FUZZ_SHARD_RESULT ';

interface Totals {
  routes: number;
  requests: number;
  errors: number;
  failed: string[];
}

const picked = (routes: Route[]) => routes.filter((r) => !only || only.test(`${r.method} ${r.path}`));

function line(r: RouteResult, seconds: number): string {
  const statuses = Object.entries(r.byStatus)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  const restored = r.restored ? `  callers restored: ${r.restored}` : '';
  return `${r.route.padEnd(66)} ${String(r.runs).padStart(6)} runs  ≥500: ${r.errors}  (${statuses})  max ${r.maxMs.toFixed(0)} ms  ${seconds.toFixed(1)} s${restored}`;
}

/** A fresh PostgreSQL database next to FUZZ_DATABASE_URL, migrated; dropped by the returned function. */
async function createPostgres(url: string): Promise<{ url: string; drop: () => Promise<void> }> {
  const name = `fuzz_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const target = new URL(url);
  target.pathname = `/${name}`;
  const d = openPostgres(target.toString(), 2);
  await d.migrate();
  await d.close();
  return {
    url: target.toString(),
    drop: async () => {
      const a = new pg.Client({ connectionString: url });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/** Fuzzes this process's share of the routes on its own app; prints one line per route. */
async function fuzzHere(databaseUrl: string | undefined, part: [number, number] | null): Promise<Totals> {
  let database: Database;
  if (databaseUrl) database = openPostgres(databaseUrl, Math.max(4, concurrency));
  else {
    database = await openPglite(undefined);
    await database.migrate();
  }
  const attachmentsDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-fuzz-'));
  const app = await buildApp({ config: { ...testConfig({ loginRateLimit: 1_000_000 }), attachmentsDir }, db: database.db, webDist: '/nonexistent' });
  await app.ready();
  const world = await fuzzWorld(app, database.db);
  const routes = picked(world.routes).filter((_, i) => !part || i % part[1] === part[0]);
  const totals: Totals = { routes: routes.length, requests: 0, errors: 0, failed: [] };
  for (const route of routes) {
    const t0 = Date.now();
    const r = await fuzzRoute(world, route, { runs, seed, concurrency, ...(onlyRuns ? { only: onlyRuns } : {}) });
    totals.requests += r.runs;
    totals.errors += r.errors;
    if (r.errors) totals.failed.push(r.route);
    console.log(line(r, (Date.now() - t0) / 1000));
    for (const e of r.examples) console.log(`   ${e}`);
  }
  await app.close();
  await database.close();
  fs.rmSync(attachmentsDir, { recursive: true, force: true });
  return totals;
}

if (shard) {
  // A worker started below: its share, then its totals on one line for the parent.
  const totals = await fuzzHere(env.FUZZ_DB_OF_RUN, [shard[0]!, shard[1]!]);
  console.log(RESULT + JSON.stringify(totals));
  process.exit(0);
}

const started = Date.now();
const pgRun = env.FUZZ_DATABASE_URL ? await createPostgres(env.FUZZ_DATABASE_URL) : null;
let totals: Totals;
try {
  if (workers <= 1) {
    console.log(`fuzzing: ${runs} requests per route, ${concurrency} in flight, seed ${seed}, on ${pgRun ? 'PostgreSQL' : 'PGlite'}`);
    totals = await fuzzHere(pgRun?.url, null);
  } else {
    console.log(`fuzzing: ${runs} requests per route, ${workers} processes × ${concurrency} in flight, seed ${seed}, on ${pgRun ? 'PostgreSQL' : 'PGlite'}`);
    const self = fileURLToPath(import.meta.url);
    const parts = await Promise.all(
      Array.from(
        { length: workers },
        (_, i) =>
          new Promise<Totals>((resolve, reject) => {
            const child = fork(self, [], { env: { ...env, FUZZ_SHARD: `${i}/${workers}`, ...(pgRun ? { FUZZ_DB_OF_RUN: pgRun.url } : {}) }, stdio: ['ignore', 'pipe', 'inherit', 'ipc'] });
            let result: Totals | null = null;
            let rest = '';
            child.stdout!.setEncoding('utf8').on('data', (chunk: string) => {
              const lines = (rest + chunk).split('\n');
              rest = lines.pop()!;
              for (const l of lines) {
                if (l.startsWith(RESULT)) result = JSON.parse(l.slice(RESULT.length)) as Totals;
                else console.log(l);
              }
            });
            child.on('exit', (code) => (result ? resolve(result) : reject(new Error(`fuzz worker ${i} ended with ${code} before its totals`))));
          }),
      ),
    );
    totals = parts.reduce((a, b) => ({ routes: a.routes + b.routes, requests: a.requests + b.requests, errors: a.errors + b.errors, failed: [...a.failed, ...b.failed] }));
  }
} finally {
  await pgRun?.drop();
}
if (totals.failed.length) console.log(`routes with answers ≥ 500: ${totals.failed.join(', ')}`);
console.log(`fuzz done: ${totals.routes} routes, ${totals.requests} requests, ${totals.errors} ≥ 500, ${((Date.now() - started) / 1000).toFixed(0)} s`);
process.exit(totals.errors ? 1 : 0);

