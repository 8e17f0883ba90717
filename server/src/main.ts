import { buildApp } from './app.ts';
import { loadConfig, weakProductionSettings } from './config.ts';
import { listenForSessionChanges } from './auth/session-listener.ts';
import { openDatabase } from './db/client.ts';
import { seedDemo } from './db/seed/demo.ts';
import { deleteExpiredSessions } from './auth/queries.ts';
import { startMailRelay } from './mail/relay.ts';
import { cleanStoredNotes } from './modules/ticket-detail/note-html.ts';
import { moveLegacyAttachments } from './modules/ticket-detail/attachment-store.ts';

/** Reads config, opens and migrates the database, seeds the demo on first start, listens. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const weak = weakProductionSettings(config);
  if (weak.length) {
    console.error(`Refusing to start with a weak production configuration (NODE_ENV=production):\n${weak.map((w) => `  - ${w}`).join('\n')}`);
    process.exit(1);
  }
  const database = await openDatabase(config);
  await database.migrate();
  const cleanedNotes = await cleanStoredNotes(database.db);
  if (cleanedNotes) console.log(`Sanitised ${cleanedNotes} stored notes`);
  const movedAttachments = await moveLegacyAttachments(config);
  if (movedAttachments) console.log(`Moved attachments of ${movedAttachments} customers to ${config.attachmentsDir}`);
  // Demo accounts (published password) only in the embedded database, or when asked for: an empty
  // PostgreSQL server gets the schema and no account (npm run create-admin makes the first one).
  if (config.seedDemo === 'true' || (config.seedDemo === 'auto' && database.kind === 'pglite')) {
    const seeded = await seedDemo(database.db);
    if (seeded) console.log(`Seeded the demo data set (${Date.now() - started} ms since start)`);
  }
  const app = await buildApp({ config, db: database.db });
  // Several processes may share a PostgreSQL database: each forgets the sessions the others end.
  const listener = config.databaseUrl ? listenForSessionChanges(config.databaseUrl, app.log) : undefined;

  const sweep = setInterval(() => {
    const now = new Date();
    deleteExpiredSessions(database.db, now, new Date(now.getTime() - config.session.idleMinutes * 60_000)).catch((err: unknown) =>
      app.log.error({ err }, 'session sweep failed'),
    );
  }, 10 * 60_000);
  sweep.unref();

  // The outbox relay of this process: sends queued mail over SMTP_URL, or keeps it as preview.
  const relay = startMailRelay(database.db, config, {
    onError: (err, row) => app.log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'mail delivery failed'),
  });
  app.log.info({ smtp: config.smtpUrl ? 'on' : 'off (preview)', publicUrl: config.publicUrl }, 'mail relay started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    // Stop taking requests, let the mail in flight finish and give back the rows still claimed.
    await app.close();
    await relay.stop();
    await listener?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.pgliteDir : undefined, ms: Date.now() - started },
    `Support Center ready on http://localhost:${config.port}/app/spa/`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
