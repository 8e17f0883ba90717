import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { inArray, lt, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loginDelays } from '../db/schema/index.ts';
import { TooManyRequests } from '../http/errors.ts';
import { hitRateLimit } from './rate-limit.ts';

// Sign-in abuse (requirements §19.2, docs/decisions/023 and 042). Every counter is in PostgreSQL, so several
// server processes share it:
// - per client address, and per client address and e-mail: fixed one-minute windows (rate_limits);
// - failures in a row, per key (login_delays): after a key's free failures each attempt waits 2^k seconds
//   (capped at maxDelaySeconds), refused with 429 and Retry-After before any password check. A delay, not a
//   lock-out. The keys are e-mails typed, known or not, so an unknown address is answered exactly as a
//   known one (no enumeration):
//   - `pair:{email}|{address}`: one client guessing one e-mail (freeFailures, 5);
//   - `account:{email}`: every client together, a ceiling for guessing spread over many addresses
//     (accountFreeFailures, 20), and the moment the owner is told by e-mail;
//   - `device:{id}`: a browser holding the device cookie of a past successful sign-in of that e-mail
//     (OWASP's "device cookies"). Its attempts are held by this key only, so an attacker who keeps the
//     other two busy cannot keep the owner out.
// - unknown e-mails: one global budget per minute of dummy argon2 hashes; past it the attempt waits as long
//   as a hash takes instead (no CPU spent, no timing told).

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait and try again.';

/** A 429 that says when to come back (the error handler sets Retry-After). */
export class RetryLater extends TooManyRequests {
  constructor(retryAfterSeconds: number) {
    super(TOO_MANY_SIGN_INS, retryAfterSeconds);
  }
}

/** The wait after `failures` failures in a row past `free` free ones, in seconds (0 within them). */
function delayAfter(config: Config, failures: number, free = config.login.freeFailures): number {
  const k = failures - free;
  if (k < 0) return 0;
  return Math.min(config.login.maxDelaySeconds, 2 ** Math.min(k, 30));
}

/** Per client address, and per client address and e-mail: throws RetryLater past either limit. */
export async function checkClientLimits(db: Db, config: Config, ip: string, email: string): Promise<void> {
  const perAddress = await hitRateLimit(db, `login:ip:${ip}`, config.login.addressLimit, 1);
  const perAddressAndEmail = await hitRateLimit(db, `login:ipmail:${ip}|${email}`.slice(0, 300), config.loginRateLimit, 1);
  if (!perAddress || !perAddressAndEmail) throw new RetryLater(60);
}

/** Whether an attempt on an unknown e-mail is still within this minute's budget (worth a dummy hash). */
export const unknownWithinBudget = (db: Db, config: Config): Promise<boolean> => hitRateLimit(db, 'login:unknown', config.login.unknownBudget, 1);

// --- Device cookies ---

export const DEVICE_COOKIE = 'sc_device';
/** A device is remembered half a year after its last successful sign-in. */
export const DEVICE_COOKIE_MAX_AGE_SECONDS = 180 * 24 * 3600;

function deviceMac(config: Config, id: string, email: string): string {
  if (!config.appSecret) throw new Error('appSecret is not set: buildApp (ensureAppSecret) sets it before any sign-in');
  return createHmac('sha256', config.appSecret).update(`device|${id}|${email}`).digest('base64url');
}

/** A new device cookie value for `email`: a random id and a MAC binding it to the e-mail. */
export function newDeviceCookie(config: Config, email: string): string {
  const id = randomBytes(16).toString('base64url');
  return `${id}.${deviceMac(config, id, email)}`;
}

/** The device id of a cookie issued for `email`, or null (absent, forged, or another e-mail's). */
export function deviceOf(config: Config, cookie: string | undefined, email: string): string | null {
  if (!cookie || cookie.length > 200) return null;
  const [id, mac] = cookie.split('.');
  if (!id || !mac) return null;
  const expected = Buffer.from(deviceMac(config, id, email));
  const given = Buffer.from(mac);
  return given.length === expected.length && timingSafeEqual(given, expected) ? id : null;
}

// --- Failures in a row ---

export interface AttemptKeys {
  /** The keys this attempt counts against, each with its free failures. */
  keys: { key: string; free: number }[];
  /** The account-wide key, when this attempt counts against it (no device cookie). */
  accountKey: string | null;
}

/** The keys of an attempt on `email` from `ip`, by a browser with device `device` (null: none valid). */
export function attemptKeys(config: Config, email: string, ip: string, device: string | null): AttemptKeys {
  if (device) return { keys: [{ key: `device:${device}`, free: config.login.freeFailures }], accountKey: null };
  const accountKey = `account:${email}`.slice(0, 400);
  return {
    keys: [
      { key: `pair:${email}|${ip}`.slice(0, 400), free: config.login.freeFailures },
      { key: accountKey, free: config.login.accountFreeFailures },
    ],
    accountKey,
  };
}

/**
 * Takes the attempt's turn on each of its keys: throws RetryLater while any delay runs. Past the free
 * failures a turn is claimed in one statement (next_attempt_at moves on), so parallel attempts from many
 * addresses get one password check per delay, not one each.
 */
export async function claimAttempt(db: Db, config: Config, a: AttemptKeys, now: Date): Promise<void> {
  const rows = await db
    .select()
    .from(loginDelays)
    .where(
      inArray(
        loginDelays.key,
        a.keys.map((k) => k.key),
      ),
    );
  const delayed = rows.filter((r) => r.failures >= (a.keys.find((k) => k.key === r.key)?.free ?? 0));
  const waitMs = Math.max(0, ...delayed.map((r) => r.nextAttemptAt.getTime() - now.getTime()));
  if (waitMs > 0) throw new RetryLater(Math.ceil(waitMs / 1000));
  for (const r of delayed) {
    const free = a.keys.find((k) => k.key === r.key)?.free ?? 0;
    const next = new Date(now.getTime() + delayAfter(config, r.failures, free) * 1000);
    const claimed = await db
      .update(loginDelays)
      .set({ nextAttemptAt: next })
      .where(sql`${loginDelays.key} = ${r.key} and ${loginDelays.nextAttemptAt} <= ${now.toISOString()}::timestamptz`)
      .returning({ key: loginDelays.key });
    if (claimed.length === 0) throw new RetryLater(Math.max(1, delayAfter(config, r.failures, free)));
  }
}

/**
 * One more failure in a row on each key. Answers whether the account's owner should now be told (the
 * account-wide key just reached its delay and nobody told the owner in the last day); the caller mails them.
 */
export async function recordFailure(db: Db, config: Config, a: AttemptKeys, now: Date): Promise<{ tellOwner: boolean }> {
  const max = config.login.maxDelaySeconds;
  const at = sql`${now.toISOString()}::timestamptz`;
  let tellOwner = false;
  for (const { key, free } of a.keys) {
    const failures = sql`${loginDelays.failures} + 1`;
    const [row] = await db
      .insert(loginDelays)
      .values({ key, failures: 1, lastFailureAt: now, nextAttemptAt: new Date(now.getTime() + delayAfter(config, 1, free) * 1000) })
      .onConflictDoUpdate({
        target: loginDelays.key,
        set: {
          failures,
          lastFailureAt: now,
          nextAttemptAt: sql`${at} + make_interval(secs => case when ${failures} < ${free} then 0 else least(${max}, power(2, least(${failures} - ${free}, 30))) end)`,
        },
      })
      .returning({ failures: loginDelays.failures });
    if (key === a.accountKey && (row?.failures ?? 0) >= free) {
      const marked = await db
        .update(loginDelays)
        .set({ notifiedAt: now })
        .where(sql`${loginDelays.key} = ${key} and (${loginDelays.notifiedAt} is null or ${loginDelays.notifiedAt} < ${at} - interval '1 day')`)
        .returning({ key: loginDelays.key });
      tellOwner = marked.length > 0;
    }
  }
  // Now and then the rows of long-past failures go, so the table stays small.
  if (Math.random() < 0.01) await db.delete(loginDelays).where(lt(loginDelays.lastFailureAt, new Date(now.getTime() - 86_400_000)));
  return { tellOwner };
}

/**
 * The right password: this attempt's failures are forgotten (with a device cookie, the device's only: the
 * account-wide count of other clients' guesses stays, so signing in does not give a guesser new free tries).
 */
export async function clearFailures(db: Db, a: AttemptKeys): Promise<void> {
  await db.delete(loginDelays).where(
    inArray(
      loginDelays.key,
      a.keys.map((k) => k.key),
    ),
  );
}
