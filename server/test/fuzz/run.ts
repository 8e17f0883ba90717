/**
 * npm run fuzz: 10,000 malformed requests per route (FUZZ_RUNS to change, FUZZ_ROUTES=<regex> to pick routes)
 * against the in-process app on a fresh embedded database. Prints the count per route and the number of
 * answers ≥ 500; exits 1 when there is any. docs/requirements.md §18.4.
 */
import { buildApp } from '../../src/app.ts';
import { testConfig } from '../../src/config.ts';
import { openPglite } from '../../src/db/client.ts';
import { fuzzRoute, fuzzWorld } from './fuzz.ts';

const runs = Number(process.env.FUZZ_RUNS ?? 10_000);
const only = process.env.FUZZ_ROUTES ? new RegExp(process.env.FUZZ_ROUTES) : null;

const database = await openPglite(undefined);
await database.migrate();
const app = await buildApp({ config: testConfig({ loginRateLimit: 1_000_000 }), db: database.db, webDist: '/nonexistent' });
await app.ready();
const world = await fuzzWorld(app, database.db);
const routes = world.routes.filter((r) => !only || only.test(`${r.method} ${r.path}`));
const started = Date.now();
let total = 0;
let errors = 0;
console.log(`fuzzing ${routes.length} routes, ${runs} requests each, callers: ${world.callers.map((c) => c.name).join(', ')}`);
for (const [i, route] of routes.entries()) {
  const t0 = Date.now();
  const r = await fuzzRoute(world, route, runs, 1000 + i);
  total += r.runs;
  errors += r.errors;
  const statuses = Object.entries(r.byStatus)
    .map(([s, n]) => `${s}×${n}`)
    .join(' ');
  console.log(`${r.route.padEnd(70)} ${String(r.runs).padStart(6)} runs  ≥500: ${r.errors}  (${statuses})  ${((Date.now() - t0) / 1000).toFixed(1)} s`);
  for (const e of r.examples) console.log(`   ${e}`);
}
console.log(`fuzz done: ${routes.length} routes, ${total} requests, ${errors} responses ≥ 500, ${((Date.now() - started) / 1000).toFixed(0)} s`);
await app.close();
await database.close();
process.exit(errors ? 1 : 0);
