import { eq, sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { loginThrottle } from '../db/schema/index.ts';
import { AppError } from '../http/errors.ts';
import { hitRateLimit } from './rate-limit.ts';

// Sign-in abuse (requirements §19.2, docs/decisions/023). Every counter is in PostgreSQL, so several
// server processes share it:
// - per client address, and per client address and e-mail: fixed one-minute windows (rate_limits);
// - per account: after `freeFailures` failures in a row each attempt waits 2^k seconds (k = failures
//   beyond the free ones, capped at maxDelaySeconds), refused with 429 and Retry-After before any
//   password check. A delay, not a lock-out: once it has passed, the right password signs in;
// - unknown e-mails: one global budget per minute; past it the attempt is refused without the dummy
//   argon2 hash, so spraying unknown addresses stops costing CPU.

const TOO_MANY_SIGN_INS = 'Too many sign-in attempts. Please wait and try again.';

/** A 429 that says when to come back (the route sets Retry-After). */
export class RetryLater extends AppError {
  constructor(readonly retryAfterSeconds: number) {
    super('RATE_LIMITED', TOO_MANY_SIGN_INS);
  }
}

/** The wait after `failures` failures in a row, in seconds (0 within the free ones). */
function delayAfter(config: Config, failures: number): number {
  const k = failures - config.login.freeFailures;
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

/**
 * Takes the account's turn: throws RetryLater while its delay runs. Past the free failures the turn is
 * claimed in one statement (next_attempt_at moves on), so parallel attempts from many addresses get
 * one password check per delay, not one each.
 */
export async function claimAccountAttempt(db: Db, config: Config, webUserId: number, now: Date): Promise<void> {
  const [row] = await db.select().from(loginThrottle).where(eq(loginThrottle.webUserId, webUserId)).limit(1);
  if (!row || row.failures < config.login.freeFailures) return;
  const waitMs = row.nextAttemptAt.getTime() - now.getTime();
  if (waitMs > 0) throw new RetryLater(Math.ceil(waitMs / 1000));
  const next = new Date(now.getTime() + delayAfter(config, row.failures) * 1000);
  const claimed = await db
    .update(loginThrottle)
    .set({ nextAttemptAt: next })
    .where(sql`${loginThrottle.webUserId} = ${webUserId} and ${loginThrottle.nextAttemptAt} <= ${now.toISOString()}::timestamptz`)
    .returning({ id: loginThrottle.webUserId });
  if (claimed.length === 0) throw new RetryLater(Math.max(1, delayAfter(config, row.failures)));
}

/** One more failure in a row; answers the failures so far. */
export async function recordAccountFailure(db: Db, config: Config, webUserId: number, now: Date): Promise<number> {
  const free = config.login.freeFailures;
  const max = config.login.maxDelaySeconds;
  const failures = sql`${loginThrottle.failures} + 1`;
  const [row] = await db
    .insert(loginThrottle)
    .values({ webUserId, failures: 1, lastFailureAt: now, nextAttemptAt: new Date(now.getTime() + delayAfter(config, 1) * 1000) })
    .onConflictDoUpdate({
      target: loginThrottle.webUserId,
      set: {
        failures,
        lastFailureAt: now,
        nextAttemptAt: sql`${now.toISOString()}::timestamptz + make_interval(secs => case when ${failures} < ${free} then 0 else least(${max}, power(2, least(${failures} - ${free}, 30))) end)`,
      },
    })
    .returning({ failures: loginThrottle.failures });
  return row?.failures ?? 1;
}

/** The right password: the account's failures are forgotten. */
export async function clearAccountFailures(db: Db, webUserId: number): Promise<void> {
  await db.delete(loginThrottle).where(eq(loginThrottle.webUserId, webUserId));
}
