import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES, type LoginRequest, type SessionResponse } from '@sc/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { dummyPasswordHash, verifyPassword } from './password.ts';
import { recordAudit } from '../audit/record.ts';
import * as q from './queries.ts';
import * as throttle from './throttle.ts';
import { cachedSession, forgetSession, rememberSession, sessionReadMark } from './session-cache.ts';
import type { Scope } from './scope.ts';

const sessionIdOf = (token: string): string => createHash('sha256').update(token).digest('hex');
const randomToken = (): string => randomBytes(32).toString('base64url');

/** How often an active session writes its last-seen time (keeps reads cheap). */
const TOUCH_EVERY_MS = 60_000;

/**
 * Signs in by e-mail and password (requirements §19.2). The same message answers a wrong password, an
 * unknown e-mail and a disabled account; an unknown e-mail pays for a dummy hash while the minute's
 * budget for unknown e-mails lasts, and nothing after (spraying). Limits per client address and per
 * account come first (auth/throttle.ts). Every outcome is audited. The session already in the cookie,
 * if any, is ended: a sign-in always starts a new session id (requirements §19.3).
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginRequest,
  meta: { ip: string; userAgent: string | null; replacesToken?: string | undefined },
  now: Date = new Date(),
): Promise<{ token: string; response: SessionResponse; maxAgeSeconds: number }> {
  const email = input.email.trim().toLowerCase();
  await throttle.checkClientLimits(db, config, meta.ip, email);
  const account = await q.findAccountByEmail(db, email);
  const actor = { webUserId: account?.webUserId ?? null, contactId: account?.contactId ?? null, email, ip: meta.ip, userAgent: meta.userAgent };
  if (!account?.passwordHash) {
    if (await throttle.unknownWithinBudget(db, config)) await verifyPassword(await dummyPasswordHash(), input.password);
    await recordAudit(db, { ...actor, cid: account?.cid ?? null }, { action: 'sign-in.failure', details: { reason: account ? 'no password' : 'unknown e-mail' } });
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  await throttle.claimAccountAttempt(db, config, account.webUserId, now);
  const ok = await verifyPassword(account.passwordHash, input.password);
  if (!ok || !account.accountActive || !account.contactActive || !account.customerActive) {
    const failures = await throttle.recordAccountFailure(db, config, account.webUserId, now);
    await recordAudit(db, { ...actor, cid: account.cid }, {
      action: 'sign-in.failure',
      entity: 'account',
      entityId: account.webUserId,
      details: { reason: ok ? 'account disabled' : 'wrong password', failuresInARow: failures },
    });
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  await throttle.clearAccountFailures(db, account.webUserId);
  if (meta.replacesToken) await endSessionByToken(db, meta.replacesToken);
  const opened = await openSession(db, config, account, meta);
  await recordAudit(db, { ...actor, cid: account.cid }, { action: 'sign-in.success', entity: 'account', entityId: account.webUserId });
  return opened;
}

/** Ends the session of a cookie token (a sign-in over it, whoever it belonged to). */
async function endSessionByToken(db: Db, token: string): Promise<void> {
  const id = sessionIdOf(token);
  forgetSession(id);
  await q.deleteSession(db, id);
}

type Account = NonNullable<Awaited<ReturnType<typeof q.findAccountByEmail>>>;

/** Starts a session for an account already authenticated (password checked, or an invitation just accepted). */
export async function openSession(
  db: Db,
  config: Config,
  account: Account,
  meta: { ip: string; userAgent: string | null },
): Promise<{ token: string; response: SessionResponse; maxAgeSeconds: number }> {
  const now = new Date();
  const token = randomToken();
  const csrfToken = randomToken();
  const previousLoginAt = account.lastLoginAt;
  const maxAgeSeconds = Math.round(config.session.absoluteHours * 3600);
  await q.insertSession(db, {
    id: sessionIdOf(token),
    webUserId: account.webUserId,
    cid: account.cid,
    csrfToken,
    expiresAt: new Date(now.getTime() + maxAgeSeconds * 1000),
    previousLoginAt,
    ip: meta.ip,
    userAgent: meta.userAgent?.slice(0, 400) ?? null,
  });
  await q.recordLogin(db, account.webUserId, now);
  return { token, maxAgeSeconds, response: { user: q.toSignedInUser(account, previousLoginAt), csrfToken } };
}

/** The session row, from this process's short-lived cache (auth/session-cache.ts) or the database. */
async function liveSession(db: Db, id: string, now: Date): Promise<q.LiveSessionRow | undefined> {
  const cached = cachedSession<q.LiveSessionRow>(id, now.getTime());
  if (cached) {
    if (cached.expiresAt > now) return cached;
    forgetSession(id);
    return undefined;
  }
  const mark = sessionReadMark();
  const row = await q.findLiveSession(db, id, now);
  if (row) rememberSession(id, row.webUserId, row, mark, now.getTime(), { contactId: row.contactId, cid: row.cid });
  return row;
}

/** The caller's scope for a session token, or null when the session is unknown, idle too long or past its end. */
export async function resolveSession(db: Db, config: Config, token: string): Promise<Scope | null> {
  const id = sessionIdOf(token);
  const now = new Date();
  const row = await liveSession(db, id, now);
  if (!row) return null;
  const idleMs = config.session.idleMinutes * 60_000;
  if (now.getTime() - row.lastSeenAt.getTime() > idleMs || !row.accountActive || !row.contactActive || !row.customerActive) {
    forgetSession(id);
    await q.deleteSession(db, id);
    return null;
  }
  if (now.getTime() - row.lastSeenAt.getTime() > TOUCH_EVERY_MS) {
    await q.touchSession(db, id, now);
    // The remembered row is this object too: it must not touch again on every request.
    row.lastSeenAt = now;
  }
  return {
    sessionId: id,
    webUserId: row.webUserId,
    contactId: row.contactId,
    cid: row.cid,
    userType: row.userType,
    spaceAdmin: row.spaceAdmin,
    email: row.email,
    csrfToken: row.csrfToken,
    user: q.toSignedInUser(row, row.previousLoginAt),
  };
}

export async function logout(db: Db, scope: Scope): Promise<void> {
  forgetSession(scope.sessionId);
  await q.deleteSession(db, scope.sessionId);
}

export function csrfMatches(expected: string, given: string | undefined): boolean {
  if (!given) return false;
  const a = Buffer.from(expected);
  const b = Buffer.from(given);
  return a.length === b.length && timingSafeEqual(a, b);
}
