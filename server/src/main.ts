import cluster from 'node:cluster';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from './app.ts';
import { clusterPlan, mayRestart } from './cluster.ts';
import { loadConfig, weakProductionSettings } from './config.ts';
import { listenForSessionChanges } from './auth/session-listener.ts';
import { openDatabase } from './db/client.ts';
import { deleteExpiredSessions } from './auth/queries.ts';
import { startMailRelay } from './mail/relay.ts';
import { cleanStoredNotes } from './modules/ticket-detail/note-html.ts';
import { prepareDatabase } from './startup.ts';

/**
 * The primary process with PostgreSQL: migrates and seeds once, then forks the workers (server/src/cluster.ts),
 * which share the port; a worker that dies is replaced. Only worker 1 runs the mail relay (the relay
 * is safe in several processes, its claims are leases taken FOR UPDATE SKIP LOCKED, but one poller
 * per machine is enough).
 */
async function primary(workers: number, reason: string) {
  const config = loadConfig();
  const database = await openDatabase(config);
  await prepareDatabase(config, database, (m) => console.log(m));
  await database.close();
  console.log(`Support Center: ${reason}, forking ${workers} workers`);
  const restarts: number[] = [];
  const fork = (index: number) => {
    const w = cluster.fork({ SC_WORKER_INDEX: String(index), SC_WORKERS: String(workers), SC_MIGRATED: '1' });
    w.on('exit', (code, signal) => {
      if (stopping) return;
      if (!mayRestart(restarts)) {
        console.error(`worker ${index} exited (${signal ?? code}); too many restarts, giving up`);
        process.exit(1);
      }
      restarts.push(Date.now());
      console.error(`worker ${index} exited (${signal ?? code}), starting another`);
      fork(index);
    });
  };
  let stopping = false;
  for (let i = 1; i <= workers; i++) fork(i);
  const stop = (signal: NodeJS.Signals) => {
    stopping = true;
    for (const w of Object.values(cluster.workers ?? {})) w?.process.kill(signal);
    setTimeout(() => process.exit(0), 10_000).unref();
    cluster.on('exit', () => Object.keys(cluster.workers ?? {}).length === 0 && process.exit(0));
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}

/** Reads config, opens and migrates the database, seeds the demo on first start, listens. */
async function main() {
  const started = Date.now();
  const config = loadConfig();
  const weak = weakProductionSettings(config);
  if (weak.length) {
    console.error(`Refusing to start with a weak production configuration (NODE_ENV=production):\n${weak.map((w) => `  - ${w}`).join('\n')}`);
    process.exit(1);
  }
  if (cluster.isPrimary) {
    const plan = clusterPlan(process.env, !!config.databaseUrl);
    if (plan.workers > 0) return primary(plan.workers, plan.reason);
  }
  const workerIndex = Number(process.env.SC_WORKER_INDEX ?? 0);
  const database = await openDatabase(config);
  // Workers: the primary migrated and seeded before forking them.
  if (process.env.SC_MIGRATED !== '1') await prepareDatabase(config, database, (m) => console.log(m), started);
  const app = await buildApp({ config, db: database.db });
  // Several processes may share a PostgreSQL database: each forgets the sessions the others end.
  const listener = config.databaseUrl ? listenForSessionChanges(config.databaseUrl, app.log) : undefined;
  // npm run bench (BENCH=1): the event-loop delay of this process, printed as one line when it stops.
  // The histogram records the time between its timer's runs, i.e. the resolution plus the delay (an idle
  // loop reads 10.1 ms at resolution 10): the delay printed is the recorded value minus the resolution.
  const LOOP_RESOLUTION_MS = 10;
  const loopDelay = process.env.BENCH === '1' ? monitorEventLoopDelay({ resolution: LOOP_RESOLUTION_MS }) : null;
  loopDelay?.enable();

  const sweep = setInterval(() => {
    const now = new Date();
    deleteExpiredSessions(database.db, now, new Date(now.getTime() - config.session.idleMinutes * 60_000)).catch((err: unknown) =>
      app.log.error({ err }, 'session sweep failed'),
    );
  }, 10 * 60_000);
  sweep.unref();

  // The outbox relay of this process: sends queued mail over SMTP_URL, or keeps it as preview.
  const relay =
    workerIndex <= 1
      ? startMailRelay(database.db, config, {
          onError: (err, row) => app.log.warn({ err, outboxId: row.id, attempts: row.attempts }, 'mail delivery failed'),
        })
      : null;
  if (relay) app.log.info({ smtp: config.smtpUrl ? 'on' : 'off (preview)', publicUrl: config.publicUrl }, 'mail relay started');

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    clearInterval(sweep);
    if (loopDelay) {
      const ms = (ns: number) => Math.max(0, Math.round(ns / 1e4 - LOOP_RESOLUTION_MS * 100) / 100);
      console.error(`bench-event-loop ${JSON.stringify({ pid: process.pid, p50: ms(loopDelay.percentile(50)), p99: ms(loopDelay.percentile(99)), max: ms(loopDelay.max) })}`);
    }
    // Stop taking requests, let the mail in flight finish and give back the rows still claimed.
    await app.close();
    await relay?.stop();
    await listener?.stop();
    await database.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));

  await app.listen({ port: config.port, host: config.host });
  // requirements §18.3: notes stored before sanitising moved to write time, cleaned in the background by one process.
  if (workerIndex <= 1)
    void cleanStoredNotes(database.db).then(
      (n) => n && app.log.info({ notes: n }, 'stored notes sanitised'),
      (err: unknown) => app.log.warn({ err }, 'cleaning stored notes stopped'),
    );
  app.log.info(
    { database: database.kind, dataDir: database.kind === 'pglite' ? config.pgliteDir : undefined, ms: Date.now() - started },
    `Support Center ready on http://localhost:${config.port}/app/spa/`,
  );
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
