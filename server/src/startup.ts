import type { Config } from './config.ts';
import type { Database } from './db/client.ts';
import { seedDemo } from './db/seed/demo.ts';
import { moveLegacyAttachments } from './modules/ticket-detail/attachment-store.ts';

/**
 * Whether this start seeds the demo data set (requirements §19.1). Its accounts have the password the README
 * publishes, so production never seeds them, whatever the database: the first administrator comes from
 * `npm run create-admin`. Elsewhere the embedded database is seeded by default (SEED_DEMO=auto) so that
 * `npm start` shows a working portal, and a PostgreSQL server only when SEED_DEMO=true.
 */
export function demoSeedWanted(config: Pick<Config, 'production' | 'seedDemo'>, kind: Database['kind']): boolean {
  if (config.production) return false;
  return config.seedDemo === 'true' || (config.seedDemo === 'auto' && kind === 'pglite');
}

/** Why `npm run seed` refuses to run, or null: it writes the published demo accounts. */
export function seedRefusal(config: Pick<Config, 'production'>): string | null {
  return config.production
    ? 'Refusing to seed with NODE_ENV=production: the demo accounts have a published password. Use npm run create-admin for the first administrator.'
    : null;
}

/** Once per start (the primary of a cluster, or the single process): migrations, one-off data fixes, demo seed. */
export async function prepareDatabase(config: Config, database: Database, log: (message: string) => void, started = Date.now()): Promise<void> {
  await database.migrate();
  const movedAttachments = await moveLegacyAttachments(config);
  if (movedAttachments) log(`Moved attachments of ${movedAttachments} customers to ${config.attachmentsDir}`);
  if (demoSeedWanted(config, database.kind)) {
    const seeded = await seedDemo(database.db);
    if (seeded) log(`Seeded the demo data set (${Date.now() - started} ms since start)`);
  }
}
