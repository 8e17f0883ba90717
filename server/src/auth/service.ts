import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { MESSAGES, type LoginRequest, type SessionResponse } from '@sc/common';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import { AppError } from '../http/errors.ts';
import { dummyPasswordHash, verifyPassword, waitLikeACheck } from './password.ts';
import { enqueueMail } from '../mail/outbox.ts';
import { spaLink } from '../mail/links.ts';
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
 * Signs in by e-mail and password (requirements §19.2). An unknown e-mail, a wrong password and a disabled
 * account get the same answer, after the same delays (keyed by the e-mail typed, known or not) and in the
 * same time: an unknown e-mail pays for a dummy hash while the minute's budget for them lasts, and waits as
 * long as one takes after it (spraying). Limits per client address come first, then the delays of
 * auth/throttle.ts; a browser with the device cookie of an earlier sign-in of this e-mail is held by its own
 * delay only, so guessing from elsewhere cannot keep the owner out. Past the account-wide free failures the
 * owner is e-mailed (once a day). Every outcome is audited. The session already in the cookie, if any, is
 * ended: a sign-in always starts a new session id (requirements §19.3). A success answers a fresh device cookie.
 */
export async function login(
  db: Db,
  config: Config,
  input: LoginRequest,
  meta: { ip: string; userAgent: string | null; replacesToken?: string | undefined; deviceCookie?: string | undefined },
  now: Date = new Date(),
): Promise<{ token: string; response: SessionResponse; maxAgeSeconds: number; deviceCookie: string }> {
  const email = input.email.trim().toLowerCase();
  await throttle.checkClientLimits(db, config, meta.ip, email);
  const keys = throttle.attemptKeys(config, email, meta.ip, throttle.deviceOf(config, meta.deviceCookie, email));
  await throttle.claimAttempt(db, config, keys, now);
  const account = await q.findAccountByEmail(db, email);
  const actor = { webUserId: account?.webUserId ?? null, contactId: account?.contactId ?? null, email, ip: meta.ip, userAgent: meta.userAgent };
  let ok = false;
  if (account?.passwordHash) ok = await verifyPassword(account.passwordHash, input.password);
  else if (await throttle.unknownWithinBudget(db, config)) await verifyPassword(await dummyPasswordHash(), input.password);
  else await waitLikeACheck();
  if (!account?.passwordHash || !ok || !account.accountActive || !account.contactActive || !account.customerActive) {
    const { tellOwner } = await throttle.recordFailure(db, config, keys, now);
    const reason = !account ? 'unknown e-mail' : !account.passwordHash ? 'no password' : ok ? 'account disabled' : 'wrong password';
    await recordAudit(db, { ...actor, cid: account?.cid ?? null }, { action: 'sign-in.failure', ...(account ? { entity: 'account', entityId: account.webUserId } : {}), details: { reason } });
    if (tellOwner && account?.email && account.accountActive) {
      await enqueueMail(db, config, {
        cid: account.cid,
        contactId: account.contactId,
        to: account.email,
        template: 'signInAttempts',
        data: { firstName: account.firstName ?? '', failures: config.login.accountFreeFailures, retrieveUrl: spaLink(config, '/retrieve') },
      });
    }
    throw new AppError('UNAUTHENTICATED', MESSAGES.invalidCredentials);
  }
  await throttle.clearFailures(db, keys);
  if (meta.replacesToken) await endSessionByToken(db, meta.replacesToken);
  const opened = await openSession(db, config, account, meta);
  await recordAudit(db, { ...actor, cid: account.cid }, { action: 'sign-in.success', entity: 'account', entityId: account.webUserId });
  return { ...opened, deviceCookie: throttle.newDeviceCookie(config, email) };
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
