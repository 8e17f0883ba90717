import { parseArgs } from 'node:util';
import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { resetDatabase, tableCounts } from './db/seed/counts.ts';
import { seedDemo } from './db/seed/demo.ts';
import { seedScale } from './db/seed/scale.ts';
import { seedScaleBilling } from './db/seed/scale-billing.ts';
import { seedRefusal } from './startup.ts';

const USAGE = 'usage: node server/dist/seed.js [--scale N] [--reset] [--billing]';

/** npm run seed -- [--scale N] [--reset] [--billing]: migrate, seed the demo set if empty, then the scale set. */
async function main(): Promise<void> {
  const { values } = parseArgs({
    options: { scale: { type: 'string' }, billing: { type: 'boolean', default: false }, reset: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
  });
  if (values.help) {
    console.log(USAGE);
    return;
  }
  const scale = values.scale === undefined ? undefined : Number(values.scale);
  if (scale !== undefined && !(Number.isFinite(scale) && scale > 0)) throw new Error(`--scale must be a positive number\n${USAGE}`);

  const started = performance.now();
  const elapsed = (from = started) => `${((performance.now() - from) / 1000).toFixed(1)} s`;
  const config = loadConfig();
  const refusal = seedRefusal(config);
  if (refusal) throw new Error(refusal);
  // A batch job, not a request: the scale seed's set-based inserts run longer than the request statement timeout.
  const database = await openDatabase({ ...config, limits: { ...config.limits, statementTimeoutMs: 0 } });
  console.log(`database: ${database.kind === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite at ${config.pgliteDir}`}`);
  try {
    if (values.reset) {
      await resetDatabase(database.db);
      console.log('reset: all tables dropped');
    }
    await database.migrate();
    let t = performance.now();
    const seeded = await seedDemo(database.db);
    console.log(seeded ? `demo data set seeded in ${elapsed(t)}` : 'demo data set already present (customers exist): skipped');
    if (scale !== undefined) {
      t = performance.now();
      const r = await seedScale(database.db, { scale, log: (m) => console.log(`  scale: ${m} (${elapsed(t)})`) });
      console.log(`scale ${scale}: ${r.tickets} tickets, ${r.customers} customers from ${r.firstCode}, in ${elapsed(t)}`);
    }
    if (values.billing && scale === undefined) {
      // --billing: add the billing rows to SCALE customers seeded before they existed (npm run bench).
      t = performance.now();
      const n = await seedScaleBilling(database.db, (m) => console.log(`  ${m} (${elapsed(t)})`));
      console.log(`billing rows added for ${n} scale customers in ${elapsed(t)}`);
    }
    const counts = await tableCounts(database.db);
    const width = Math.max(...Object.keys(counts).map((k) => k.length));
    for (const [table, n] of Object.entries(counts)) console.log(`  ${table.padEnd(width)}  ${n.toLocaleString('en-US')}`);
    console.log(`done in ${elapsed()}`);
  } finally {
    await database.close();
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
});
