// npm run bench:mail: the outbox relay under faults (issue 13). Prints figures; exits non-zero when
// a message is lost or a delivery carries another row's Message-ID.
//
// 1. Crashes: N messages are queued, two relay processes (server/dist/mail-relay.js) deliver them to
//    an smtp-server sink while one of them is killed with SIGKILL at random moments and restarted.
//    Expected: every message arrives; a message that arrives twice (killed between the SMTP
//    server's acceptance and the 'sent' update) carries its row's Message-ID both times.
// 2. Outage: N more messages while the SMTP server refuses every recipient (421) for a while, then
//    accepts. Expected: everything is delivered after it recovers, within the back-off cap.
//
// Environment:
//   DATABASE_URL        admin connection (default postgres://postgres@127.0.0.1:5432/postgres)
//   MAIL_BENCH_DB       database to create and use (default sc_mail_bench; dropped and re-created)
//   MAIL_BENCH_COUNT    messages per phase (default 1000)
//   MAIL_BENCH_REFUSE_S seconds the SMTP server refuses in phase 2 (default 60)
//   MAIL_BENCH_SINK_MS  milliseconds the sink takes per message (default 15), so that phase 1 lasts
//                       long enough for kills to land while messages are in flight
import { spawn, spawnSync } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import pg from 'pg';
import { SMTPServer } from 'smtp-server';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const relayJs = path.join(root, 'server/dist/mail-relay.js');

const adminUrl = process.env.DATABASE_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const dbName = process.env.MAIL_BENCH_DB || 'sc_mail_bench';
if (!/^[a-z_][a-z0-9_]*$/.test(dbName)) throw new Error(`MAIL_BENCH_DB must be a plain identifier: ${dbName}`);
const COUNT = Number(process.env.MAIL_BENCH_COUNT || 1000);
const REFUSE_S = Number(process.env.MAIL_BENCH_REFUSE_S || 60);
/** Every relay process started, killed on exit whatever ends the bench. */
const children = new Set();
const SINK_MS = Number(process.env.MAIL_BENCH_SINK_MS ?? 15);

/** The sink: keeps, per Subject ('bench <phase> #<n>'), the Message-IDs it accepted. */
function startSink() {
  const got = new Map();
  let accepted = 0;
  let refused = 0;
  let refusing = false;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    disableReverseLookup: true,
    logger: false,
    size: 1024 * 1024,
    onRcptTo(_a, _s, cb) {
      if (refusing) {
        refused++;
        return cb(Object.assign(new Error('Service not available, try again later'), { responseCode: 421 }));
      }
      cb();
    },
    onData(stream, _s, cb) {
      const chunks = [];
      stream.on('data', (c) => chunks.push(c));
      stream.on('end', () => {
        const head = Buffer.concat(chunks).toString('utf8').split(/\r?\n\r?\n/)[0].replace(/\r?\n[ \t]+/g, ' ');
        const subject = /^Subject: (.*)$/im.exec(head)?.[1]?.trim();
        const messageId = /^Message-ID: (.*)$/im.exec(head)?.[1]?.trim();
        if (!got.has(subject)) got.set(subject, []);
        got.get(subject).push(messageId);
        accepted++;
        setTimeout(cb, SINK_MS);
      });
    },
  });
  // A relay killed mid-conversation resets its connection: expected here, not a sink failure.
  server.on('error', () => undefined);
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () =>
      resolve({
        url: `smtp://127.0.0.1:${server.server.address().port}`,
        got,
        counts: () => ({ accepted, refused }),
        refuse: (v) => {
          refusing = v;
        },
        close: () => new Promise((r) => server.close(r)),
      }),
    ),
  );
}

function relayEnv(dbUrl, smtpUrl) {
  return {
    ...process.env,
    DATABASE_URL: dbUrl,
    SMTP_URL: smtpUrl,
    MAIL_FROM: 'Bench <bench@bench.example>',
    APP_SECRET: 'bench-secret-bench-secret-bench-secret-1234',
    LOG_LEVEL: 'warn',
    // Short lease and poll so a killed relay's rows come back within seconds; a low back-off cap so
    // recovery after an outage shows within seconds; attempts enough never to give up in the bench.
    RELAY_LEASE_MS: '3000',
    RELAY_POLL_MS: '200',
    RELAY_BATCH_SIZE: '20',
    RELAY_BACKOFF_BASE_MS: '1000',
    RELAY_BACKOFF_MAX_MS: '8000',
    RELAY_MAX_ATTEMPTS: '1000',
  };
}

/** A relay process; `ready` resolves once it has connected and started (its 'started' line). */
function startRelay(env) {
  const child = spawn(process.execPath, [relayJs], { env, stdio: ['ignore', 'pipe', 'inherit'] });
  children.add(child);
  child.ready = new Promise((resolve) => {
    child.stdout.on('data', (d) => {
      if (String(d).includes('started')) resolve();
    });
    child.once('exit', resolve);
  });
  return child;
}

const exited = (child) => new Promise((r) => (child.exitCode !== null || child.signalCode !== null ? r() : child.once('exit', r)));

async function queue(db, phase) {
  const ids = new Map();
  const values = [];
  const params = [];
  for (let i = 0; i < COUNT; i++) {
    const messageId = `<${randomUUID()}@bench.example>`;
    ids.set(`bench ${phase} #${i}`, messageId);
    params.push(`rcpt${i}@sink.example`, `bench ${phase} #${i}`, `Message ${i} of the ${phase} phase.`, messageId);
    const o = i * 4;
    values.push(`($${o + 1}, $${o + 2}, $${o + 3}, $${o + 4}, 'bench')`);
  }
  await db.query(`insert into email_outbox (to_address, subject, text_body, message_id, template) values ${values.join(',')}`, params);
  return ids;
}

async function waitAllSent(db, phase, timeoutMs) {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const { rows } = await db.query(`select count(*)::int as n from email_outbox where status = 'sent' and subject like $1`, [`bench ${phase} #%`]);
    if (rows[0].n >= COUNT) return;
    if (Date.now() > deadline) throw new Error(`phase ${phase}: only ${rows[0].n} of ${COUNT} sent after ${timeoutMs / 1000} s`);
    await sleep(200);
  }
}

/** Lost: queued, never received. Foreign: received with another Message-ID than its row's. */
function check(ids, got) {
  let lost = 0;
  let duplicates = 0;
  let foreign = 0;
  for (const [subject, messageId] of ids) {
    const ms = got.get(subject) ?? [];
    if (ms.length === 0) lost++;
    if (ms.length > 1) duplicates += ms.length - 1;
    foreign += ms.filter((m) => m !== messageId).length;
  }
  return { lost, duplicates, foreign };
}

async function main() {
  const build = spawnSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], { stdio: 'inherit' });
  if (build.status !== 0) throw new Error('build failed');
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`drop database if exists ${dbName} with (force)`);
  await admin.query(`create database ${dbName}`);
  await admin.end();
  const dbUrl = new URL(adminUrl);
  dbUrl.pathname = `/${dbName}`;
  const sink = await startSink();
  const env = relayEnv(dbUrl.toString(), sink.url);
  const mig = spawnSync(process.execPath, [relayJs, '--migrate'], { env, stdio: 'inherit' });
  if (mig.status !== 0) throw new Error('migration failed');
  const db = new pg.Client({ connectionString: dbUrl.toString() });
  await db.connect();
  let failed = false;

  // Phase 1: SIGKILL at random moments.
  const ids1 = await queue(db, 'crash');
  const t1 = Date.now();
  const relays = [startRelay(env), startRelay(env)];
  let kills = 0;
  let killing = true;
  const killer = (async () => {
    while (killing) {
      // Kill a relay at a random moment 0.2 to 2 s after both are up and delivering (a relay
      // process may need seconds to start on a busy machine; killing it then would prove nothing).
      await Promise.all(relays.map((r) => r.ready));
      await sleep(200 + Math.random() * 1800);
      if (!killing) break;
      const i = Math.floor(Math.random() * relays.length);
      relays[i].kill('SIGKILL');
      kills++;
      await exited(relays[i]);
      relays[i] = startRelay(env);
    }
  })();
  await waitAllSent(db, 'crash', 30 * 60_000);
  killing = false;
  await killer;
  const ms1 = Date.now() - t1;
  await sleep(500);
  const r1 = check(ids1, sink.got);
  const { rows: att1 } = await db.query(`select max(attempts)::int as max, sum(attempts)::int as sum from email_outbox where subject like 'bench crash #%'`);
  console.log(`\nPhase 1, crashes: ${COUNT} messages, 2 relay processes, ${kills} SIGKILLs (a restart after each) in ${(ms1 / 1000).toFixed(1)} s`);
  console.log(`  received ${[...ids1.keys()].reduce((n, s) => n + (sink.got.get(s)?.length ?? 0), 0)}, lost ${r1.lost}, duplicates ${r1.duplicates} (all with their row's Message-ID: ${r1.foreign === 0 ? 'yes' : `NO, ${r1.foreign} differ`})`);
  console.log(`  attempts: ${att1[0].sum} in all, at most ${att1[0].max} for one message`);
  if (r1.lost || r1.foreign) failed = true;

  // Phase 2: the SMTP server refuses for REFUSE_S seconds, then accepts.
  sink.refuse(true);
  const before = sink.counts();
  const ids2 = await queue(db, 'outage');
  const t2 = Date.now();
  await sleep(REFUSE_S * 1000);
  const { rows: sentDuring } = await db.query(`select count(*)::int as n from email_outbox where status = 'sent' and subject like 'bench outage #%'`);
  sink.refuse(false);
  const recovered = Date.now();
  await waitAllSent(db, 'outage', 5 * 60_000);
  const ms2 = Date.now() - recovered;
  await sleep(500);
  const r2 = check(ids2, sink.got);
  const refusedCount = sink.counts().refused - before.refused;
  const { rows: att2 } = await db.query(`select max(attempts)::int as max, count(*) filter (where status = 'failed')::int as failed from email_outbox where subject like 'bench outage #%'`);
  console.log(`\nPhase 2, outage: ${COUNT} messages while the SMTP server answered 421 for ${((recovered - t2) / 1000).toFixed(0)} s (${refusedCount} refusals, ${sentDuring[0].n} sent meanwhile)`);
  console.log(`  all delivered ${(ms2 / 1000).toFixed(1)} s after it recovered; lost ${r2.lost}, duplicates ${r2.duplicates}, failed rows ${att2[0].failed}, at most ${att2[0].max} attempts for one message`);
  if (r2.lost || r2.foreign || att2[0].failed) failed = true;

  for (const r of relays) r.kill('SIGTERM');
  await Promise.all(relays.map(exited));
  const { rows: claimed } = await db.query(`select count(*)::int as n from email_outbox where claimed_by is not null`);
  console.log(`\nAfter SIGTERM: ${claimed[0].n} rows still claimed`);
  await db.end();
  await sink.close();
  console.log(failed ? '\nFAILED' : '\nOK: 0 lost, every delivery carried its row\'s Message-ID');
  process.exit(failed ? 1 : 0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
// Never leave a relay behind, whatever ends the bench.
process.on('exit', () => {
  for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});
