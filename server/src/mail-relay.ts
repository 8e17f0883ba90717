import { loadConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { startMailRelay } from './mail/relay.ts';

/**
 * The outbox relay alone, without the HTTP server (server/dist/mail-relay.js): for a deployment
 * that runs delivery in its own process, and for bench/mail-faults.mjs, which kills it with SIGKILL.
 * Needs DATABASE_URL (a PostgreSQL server; the embedded database belongs to one process);
 * `--migrate` applies the migrations and exits.
 * RELAY_* variables tune it (RELAY_BACKOFF_BASE_MS, RELAY_BACKOFF_MAX_MS, RELAY_MAX_ATTEMPTS,
 * RELAY_POLL_MS, RELAY_LEASE_MS, RELAY_BATCH_SIZE).
 */
async function main() {
  const config = loadConfig();
  if (!config.databaseUrl) throw new Error('mail-relay needs DATABASE_URL');
  const database = await openDatabase(config);
  if (process.argv.includes('--migrate')) {
    // Applies the migrations and exits (the bench prepares its database so; `npm start` migrates itself).
    await database.migrate();
    await database.close();
    return;
  }
  const num = (name: string) => (process.env[name] ? Number(process.env[name]) : undefined);
  const opts = {
    backoffBaseMs: num('RELAY_BACKOFF_BASE_MS'),
    backoffMaxMs: num('RELAY_BACKOFF_MAX_MS'),
    maxAttempts: num('RELAY_MAX_ATTEMPTS'),
    pollMs: num('RELAY_POLL_MS'),
    leaseMs: num('RELAY_LEASE_MS'),
    batchSize: num('RELAY_BATCH_SIZE'),
  };
  const relay = startMailRelay(database.db, config, {
    ...Object.fromEntries(Object.entries(opts).filter(([, v]) => v !== undefined)),
    onError: (err, row) => {
      if (config.logLevel !== 'silent') console.error(`mail relay: outbox row ${row.id}, attempt ${row.attempts}: ${err instanceof Error ? err.message : String(err)}`);
    },
  });
  const shutdown = async () => {
    await relay.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
  console.log(`mail relay ${relay.instanceId} started`);
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
