import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { rateLimits } from '../db/schema/index.ts';
import { TooManyRequests } from '../http/errors.ts';

// The one rate-limit counter (requirements §15.4): sign-in throttling and the public pages' limits count here,
// in PostgreSQL, so every server process shares the same figures.

/**
 * Counts one request against a fixed window and says whether it is still within `max`. One
 * statement, so concurrent requests in several processes count exactly.
 */
export async function hitRateLimit(db: Db, key: string, max: number, windowMinutes: number): Promise<boolean> {
  const windowStart = sql`now() - make_interval(mins => ${windowMinutes})`;
  const rows = await db
    .insert(rateLimits)
    .values({ key, windowStart: sql`now()`, hits: 1 })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        hits: sql`case when ${rateLimits.windowStart} <= ${windowStart} then 1 else ${rateLimits.hits} + 1 end`,
        windowStart: sql`case when ${rateLimits.windowStart} <= ${windowStart} then now() else ${rateLimits.windowStart} end`,
      },
    })
    .returning({ hits: rateLimits.hits });
  // Now and then the counters of past windows go (indexed by window_start), so the table stays small.
  if (Math.random() < 0.01) await db.delete(rateLimits).where(sql`${rateLimits.windowStart} < now() - interval '1 day'`);
  return (rows[0]?.hits ?? 1) <= max;
}

/** A limit of `max` actions per `windowMinutes`, counted under `key` (e.g. `mail:status:acct:12`). */
export interface ActionLimit {
  key: string;
  max: number;
  windowMinutes: number;
}

/**
 * Counts one action against each limit and refuses it (429 with Retry-After, the window's length) past any of
 * them: the actions that send e-mail, per account and per recipient (requirements §19.5, issue 33 item 7).
 * The counters are PostgreSQL's, shared by every process, as the sign-in limits are.
 */
export async function requireWithinLimits(db: Db, config: Pick<Config, 'actionLimitScale'>, limits: ActionLimit[]): Promise<void> {
  for (const l of limits) {
    const max = Math.max(1, Math.round(l.max * config.actionLimitScale));
    if (!(await hitRateLimit(db, l.key.slice(0, 300), max, l.windowMinutes))) throw new TooManyRequests(ACTION_LIMIT_MESSAGE, l.windowMinutes * 60);
  }
}

export const ACTION_LIMIT_MESSAGE = 'Too many requests. Please wait a few minutes and try again.';

/**
 * The limits of each action that sends e-mail (requirements §19.5): generous for a person, tight for a script.
 * Per account (`acct`), and per recipient (a ticket's assignee, an invited address).
 */
export const MAIL_ACTION_LIMITS = {
  statusUpdatePerAccount: { max: 5, windowMinutes: 10 },
  statusUpdatePerTicket: { max: 3, windowMinutes: 60 },
  invitationsPerAccount: { max: 60, windowMinutes: 60 },
  invitationsPerAddress: { max: 3, windowMinutes: 60 },
  notesPerAccount: { max: 60, windowMinutes: 10 },
  ticketsPerAccount: { max: 30, windowMinutes: 10 },
} as const;
