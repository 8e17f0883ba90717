import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { count } from 'drizzle-orm';
import { loadConfig, weakProductionSettings } from '../src/config.ts';
import { openPglite } from '../src/db/client.ts';
import { customers, webUsers } from '../src/db/schema/index.ts';
import { demoSeedWanted, prepareDatabase, seedRefusal } from '../src/startup.ts';

// Issue 33 item 1: the demo accounts (published password) never reach a production instance.
const configOf = (env: Record<string, string>) => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-startup-'));
  return loadConfig({ DATA_DIR: dir, ATTACHMENTS_DIR: path.join(dir, 'attachments'), LOG_LEVEL: 'silent', ...env });
};

async function accountsAfterStart(env: Record<string, string>): Promise<{ accounts: number; customers: number }> {
  const config = configOf(env);
  const database = await openPglite(undefined);
  try {
    await prepareDatabase(config, database, () => {});
    const [a] = await database.db.select({ n: count() }).from(webUsers);
    const [c] = await database.db.select({ n: count() }).from(customers);
    return { accounts: a?.n ?? -1, customers: c?.n ?? -1 };
  } finally {
    await database.close();
  }
}

describe('demo data in production', () => {
  it('a production start on the embedded database migrates and seeds nothing: no account exists', async () => {
    expect(await accountsAfterStart({ NODE_ENV: 'production', PUBLIC_URL: 'https://support.example.com', TRUST_PROXY: '1' })).toEqual({ accounts: 0, customers: 0 });
  });

  it('outside production the embedded database gets the demo set by default', async () => {
    const after = await accountsAfterStart({});
    expect(after.accounts).toBeGreaterThan(0);
  });

  it('seeds only where asked, never in production, whatever the database and SEED_DEMO', () => {
    for (const seedDemo of ['auto', 'true', 'false'] as const) {
      for (const kind of ['pglite', 'postgres'] as const) expect(demoSeedWanted({ production: true, seedDemo }, kind)).toBe(false);
    }
    expect(demoSeedWanted({ production: false, seedDemo: 'auto' }, 'pglite')).toBe(true);
    expect(demoSeedWanted({ production: false, seedDemo: 'auto' }, 'postgres')).toBe(false);
    expect(demoSeedWanted({ production: false, seedDemo: 'true' }, 'postgres')).toBe(true);
    expect(demoSeedWanted({ production: false, seedDemo: 'false' }, 'pglite')).toBe(false);
  });

  it('asking for the demo in production is refused: SEED_DEMO=true at start, npm run seed at any time', () => {
    const config = configOf({ NODE_ENV: 'production', PUBLIC_URL: 'https://support.example.com', TRUST_PROXY: '1', SEED_DEMO: 'true' });
    expect(weakProductionSettings(config, { PUBLIC_URL: 'https://support.example.com' }).join('\n')).toMatch(/SEED_DEMO=true/);
    expect(seedRefusal(config)).toMatch(/NODE_ENV=production/);
    expect(seedRefusal(configOf({}))).toBeNull();
  });
});
