import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fuzzRoute, fuzzWorld, type FuzzWorld } from './fuzz/fuzz.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// docs/requirements.md §18.4: a sample of `npm run fuzz` (which sends 10,000 per route): malformed params,
// queries, bodies and headers to every route as every kind of caller; no answer is 500 or more.
const RUNS = Number(process.env.FUZZ_RUNS ?? 20);

let t: TestApp;
let world: FuzzWorld;
beforeAll(async () => {
  t = await createTestApp({ loginRateLimit: 1_000_000 });
  world = await fuzzWorld(t.app, t.database.db);
});
afterAll(async () => {
  await t?.close();
});

describe(`fuzzing every route (${RUNS} malformed requests each)`, () => {
  it('reaches every route of the OpenAPI document', () => {
    expect(world.routes.length).toBeGreaterThan(90);
  });

  it('no route answers 500 or more', { timeout: 600_000 }, async () => {
    const failures: string[] = [];
    const onlyRefused: string[] = [];
    let total = 0;
    for (const route of world.routes) {
      const r = await fuzzRoute(world, route, { runs: RUNS, seed: 1, concurrency: 4 });
      total += r.runs;
      if (r.errors) failures.push(`${r.route}: ${r.errors} × ≥500, e.g. ${r.examples.join('\n   ')}`);
      // A route that answered nothing but 401 was never fuzzed past the session check (callers lost).
      if (r.byStatus[401] === r.runs) onlyRefused.push(r.route);
    }
    expect(total).toBe(RUNS * world.routes.length);
    expect(failures, failures.join('\n')).toEqual([]);
    expect(onlyRefused, 'routes that only ever answered 401').toEqual([]);
  });
});
