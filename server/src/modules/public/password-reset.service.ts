import { recordAudit } from '../../audit/record.ts';
import {
  PUBLIC_LIMIT_WINDOW_MINUTES,
  PUBLIC_MESSAGES,
  RESET_TOKEN_TTL_MINUTES,
  RETRIEVE_LIMIT_PER_ADDRESS,
  RETRIEVE_LIMIT_PER_CLIENT,
  type PublicMessageResponse,
  type ResetLookupResponse,
  type ZResetRequestSchema,
} from '@sc/common';
import type { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import { forgetSessionsOfUser } from '../../auth/session-cache.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import * as mail from './mail.ts';
import { requireStrongPassword } from './passwords.ts';
import * as q from './queries.ts';
import { hashLinkToken, newLinkToken } from './tokens.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';
import { noSoonerThan } from '../../http/pace.ts';

type ResetRequest = z.output<typeof ZResetRequestSchema>;

/**
 * lost-password: the same answer whether or not the address has an account. Limited per address
 * and per client (PostgreSQL counters, shared by every process); a new link voids the older ones.
 */
export async function retrievePassword(db: Db, config: Config, email: string, ip: string): Promise<PublicMessageResponse> {
  // Both counters count every request, so the limit itself tells nothing about the address.
  const withinClient = await hitRateLimit(db, `retrieve:ip:${ip}`, RETRIEVE_LIMIT_PER_CLIENT, PUBLIC_LIMIT_WINDOW_MINUTES);
  const withinAddress = await hitRateLimit(db, `retrieve:email:${email}`, RETRIEVE_LIMIT_PER_ADDRESS, PUBLIC_LIMIT_WINDOW_MINUTES);
  if (!withinClient || !withinAddress) throw new AppError('RATE_LIMITED', PUBLIC_MESSAGES.tooManyRequests);
  // Mailing a link takes longer than finding no account: both answer after the same time.
  await noSoonerThan(config.retrieveAnswerMs, () => db.transaction(async (tx) => {
    const account = await q.findResettableAccount(tx, email);
    if (!account) return;
    const t = newLinkToken(RESET_TOKEN_TTL_MINUTES * 60_000);
    await q.voidTokens(tx, account.contactId, 'reset');
    await q.insertToken(tx, { purpose: 'reset', tokenHash: t.tokenHash, expiresAt: t.expiresAt, cid: account.cid, contactId: account.contactId, webUserId: account.webUserId });
    await mail.sendPasswordReset(tx, config, { cid: account.cid, contactId: account.contactId, to: account.email, firstName: account.firstName, token: t.token, minutes: RESET_TOKEN_TTL_MINUTES });
  }));
  return { message: PUBLIC_MESSAGES.retrieveSent(email) };
}

async function liveResetToken(db: Db, token: string) {
  const row = await q.findToken(db, 'reset', hashLinkToken(token));
  if (!row || row.usedAt || row.expiresAt <= new Date() || !row.webUserId) return undefined;
  const account = await q.findAccountById(db, row.webUserId);
  return account?.isActive ? account : undefined;
}

/** renew-password, on load: does the link still work, and for which address. */
export async function lookupReset(db: Db, token: string): Promise<ResetLookupResponse> {
  const account = await liveResetToken(db, token);
  return { valid: !!account, email: account?.email ?? null, organizationName: account?.organizationName ?? null };
}

/** renew-password: the new password replaces the old, the link is used up, every session of the account ends. */
export async function resetPassword(
  db: Db,
  config: Config,
  r: ResetRequest,
  meta: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<PublicMessageResponse> {
  const account = await liveResetToken(db, r.token);
  if (!account) throw new AppError('NOT_FOUND', PUBLIC_MESSAGES.resetInvalid);
  requireStrongPassword(r.password, [account.firstName, account.lastName, account.email, account.organizationName]);
  const passwordHash = await hashPassword(r.password);
  await db.transaction(async (tx) => {
    const used = await q.consumeToken(tx, 'reset', hashLinkToken(r.token));
    if (!used || used.webUserId !== account.webUserId) throw new AppError('NOT_FOUND', PUBLIC_MESSAGES.resetInvalid);
    await q.setPassword(tx, account.webUserId, passwordHash);
    await q.voidTokens(tx, account.contactId, 'reset');
    await mail.sendPasswordChanged(tx, config, { cid: account.cid, contactId: account.contactId, to: account.email, firstName: account.firstName });
    await recordAudit(
      tx,
      { cid: account.cid, webUserId: account.webUserId, contactId: account.contactId, email: account.email, ...meta },
      { action: 'password.reset', entity: 'account', entityId: account.webUserId, details: { sessionsEnded: 'all' } },
    );
  });
  forgetSessionsOfUser(account.webUserId);
  return { message: PUBLIC_MESSAGES.passwordChanged };
}
