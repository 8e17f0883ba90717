import os from 'node:os';
import { randomBytes } from 'node:crypto';
import { and, eq, sql } from 'drizzle-orm';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { emailOutbox } from '../db/schema/index.ts';
import { newMessageId } from './outbox.ts';

interface RelayOptions {
  /** Rows claimed per round. */
  batchSize?: number;
  /** Pause between rounds when there was nothing to do. */
  pollMs?: number;
  /** How long a claim holds a row; renewed before each message. A crashed relay's rows are free again after it. */
  leaseMs?: number;
  /** Attempts before a row is marked failed. */
  maxAttempts?: number;
  /** Delay after the first failure; doubles each attempt up to backoffMaxMs. */
  backoffBaseMs?: number;
  backoffMaxMs?: number;
  /** Name of this relay in claimed_by (default host:pid:random). */
  instanceId?: string;
  /** Called on each delivery problem (logging). */
  onError?: (err: unknown, row: { id: number; attempts: number }) => void;
}

const RELAY_DEFAULTS = {
  batchSize: 20,
  pollMs: 2000,
  leaseMs: 5 * 60_000,
  maxAttempts: 10,
  backoffBaseMs: 30_000,
  backoffMaxMs: 60 * 60_000,
} as const;

interface MailRelay {
  readonly instanceId: string;
  /** One round: claim due rows, deliver them, record the outcome. Returns how many rows were handled. */
  runOnce(): Promise<number>;
  /** Runs rounds until the outbox has nothing due (tests). */
  drain(): Promise<number>;
  /** Stops polling, lets the message in flight finish and releases the rows still claimed. */
  stop(): Promise<void>;
}

/** Delay before attempt n+1 after n failed attempts: base·2^(n-1), capped. */
export const backoffMs = (attempts: number, base: number, max: number): number => Math.min(max, base * 2 ** Math.max(0, attempts - 1));

interface ClaimedRow {
  id: number;
  to_address: string;
  subject: string;
  text_body: string;
  html_body: string | null;
  message_id: string | null;
  headers: Record<string, string> | null;
  attempts: number;
}

/**
 * SMTP_URL with our connection defaults added as query parameters (nodemailer reads its options
 * from the URL's query and ignores options passed next to a url): a pool of two connections, so a
 * batch does not open one connection per message, and timeouts well inside the claim's lease.
 * Parameters already in SMTP_URL win.
 */
function transportUrl(smtpUrl: string): string {
  const u = new URL(smtpUrl);
  const defaults = { pool: 'true', maxConnections: '2', connectionTimeout: '30000', greetingTimeout: '30000', socketTimeout: '60000' };
  for (const [k, v] of Object.entries(defaults)) if (!u.searchParams.has(k)) u.searchParams.set(k, v);
  return u.toString();
}

/** The SMTP server's answer when there was one (e.g. '421 Try again later'), else the error message. */
function describeError(err: unknown): string {
  const e = err as { response?: string; message?: string; code?: string };
  return (e.response ?? e.message ?? String(err)).slice(0, 2000);
}

const rowsOf = <T>(r: unknown): T[] => ((r as { rows?: T[] }).rows ?? (r as T[]));

/**
 * The outbox relay (requirements: crash-safe e-mail delivery). Each round claims due rows with
 * FOR UPDATE SKIP LOCKED and a lease (claimed_by, claimed_until), so several processes never hold
 * one row at once and the rows of a process that died are claimed again once its lease ends.
 * The attempt is counted when the row is claimed, so a message that crashes its relay every time
 * still reaches the failed state. Delivery uses the row's stored Message-ID: a crash between the
 * SMTP server's acceptance and the 'sent' update can repeat a message, never change its identity.
 * Without SMTP_URL the rows go to the 'preview' state (kept for the 'Outgoing mail' screen).
 */
export function startMailRelay(db: Db, config: Config, options: RelayOptions & { autoStart?: boolean } = {}): MailRelay {
  const o = { ...RELAY_DEFAULTS, ...options };
  const instanceId = (options.instanceId ?? `${os.hostname()}:${process.pid}:${randomBytes(3).toString('hex')}`).slice(0, 100);
  const transport: Transporter | null = config.smtpUrl ? nodemailer.createTransport(transportUrl(config.smtpUrl)) : null;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<number> | null = null;

  async function claim(): Promise<ClaimedRow[]> {
    const res = await db.execute(sql`
      update ${emailOutbox} set claimed_by = ${instanceId}, claimed_until = now() + ${`${o.leaseMs} milliseconds`}::interval, attempts = attempts + 1
      where id in (
        select id from ${emailOutbox}
        where status = 'pending' and next_attempt_at <= now() and (claimed_until is null or claimed_until < now())
        order by next_attempt_at, id
        limit ${o.batchSize}
        for update skip locked)
      returning id, to_address, subject, text_body, html_body, message_id, headers, attempts`);
    return rowsOf<ClaimedRow>(res).map((r) => ({ ...r, id: Number(r.id) }));
  }

  const mine = (id: number) => and(eq(emailOutbox.id, id), eq(emailOutbox.claimedBy, instanceId));

  /** Renews the lease; false when the row is no longer ours (our lease ran out and another relay took it). */
  async function renew(id: number): Promise<boolean> {
    const res = await db
      .update(emailOutbox)
      .set({ claimedUntil: sql`now() + ${`${o.leaseMs} milliseconds`}::interval` })
      .where(and(mine(id), eq(emailOutbox.status, 'pending')))
      .returning({ id: emailOutbox.id });
    return res.length === 1;
  }

  async function deliver(row: ClaimedRow): Promise<void> {
    if (!(await renew(row.id))) return;
    let messageId = row.message_id;
    if (!messageId) {
      // Rows queued before message ids existed get one now, stored before the first attempt.
      messageId = newMessageId(config);
      await db.update(emailOutbox).set({ messageId }).where(mine(row.id));
    }
    if (!transport) {
      await db.update(emailOutbox).set({ status: 'preview', sentAt: new Date(), claimedBy: null, claimedUntil: null, lastError: null }).where(mine(row.id));
      return;
    }
    try {
      await transport.sendMail({
        from: config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        ...(row.html_body ? { html: row.html_body } : {}),
        messageId,
        headers: row.headers ?? {},
      });
    } catch (err) {
      const give = row.attempts >= o.maxAttempts;
      await db
        .update(emailOutbox)
        .set({
          status: give ? 'failed' : 'pending',
          lastError: describeError(err),
          nextAttemptAt: new Date(Date.now() + backoffMs(row.attempts, o.backoffBaseMs, o.backoffMaxMs)),
          claimedBy: null,
          claimedUntil: null,
        })
        .where(mine(row.id));
      o.onError?.(err, { id: row.id, attempts: row.attempts });
      return;
    }
    await db.update(emailOutbox).set({ status: 'sent', sentAt: new Date(), lastError: null, claimedBy: null, claimedUntil: null }).where(mine(row.id));
  }

  async function round(): Promise<number> {
    const rows = await claim();
    for (const row of rows) {
      if (stopped) break;
      await deliver(row);
    }
    return rows.length;
  }

  function runOnce(): Promise<number> {
    if (running) return running;
    running = round().finally(() => {
      running = null;
    });
    return running;
  }

  function schedule(delay: number) {
    if (stopped) return;
    timer = setTimeout(() => {
      runOnce()
        .then((n) => schedule(n > 0 ? 0 : o.pollMs))
        .catch((err: unknown) => {
          o.onError?.(err, { id: 0, attempts: 0 });
          schedule(o.pollMs);
        });
    }, delay);
    timer.unref();
  }
  if (options.autoStart !== false) schedule(0);

  return {
    instanceId,
    runOnce,
    async drain() {
      let total = 0;
      for (let n = await runOnce(); n > 0; n = await runOnce()) total += n;
      return total;
    },
    async stop() {
      stopped = true;
      clearTimeout(timer);
      await running?.catch(() => undefined);
      // Rows claimed but not attempted go back at once, without the attempt their claim counted.
      await db
        .update(emailOutbox)
        .set({ claimedBy: null, claimedUntil: null, attempts: sql`greatest(${emailOutbox.attempts} - 1, 0)` })
        .where(and(eq(emailOutbox.claimedBy, instanceId), eq(emailOutbox.status, 'pending')));
      transport?.close();
    },
  };
}
