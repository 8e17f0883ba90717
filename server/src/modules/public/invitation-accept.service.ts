import { recordAudit } from '../../audit/record.ts';
import { INVITATION_STATE_MESSAGES, type InvitationAcceptRequest, type InvitationLinkState, type InvitationLookupResponse } from '@sc/common';
import type { z } from 'zod';
import type { ZInvitationAcceptRequestSchema } from '@sc/common';
import { hashPassword } from '../../auth/password.ts';
import { openSession } from '../../auth/service.ts';
import { findAccountByEmail } from '../../auth/queries.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { requireStrongPassword } from './passwords.ts';
import * as q from './queries.ts';
import { hashLinkToken } from './tokens.ts';

type Invitation = NonNullable<Awaited<ReturnType<typeof q.findInvitationByToken>>>;

/** used, withdrawn (deleted, re-sent over, contact disabled), expired, or valid. */
function stateOf(inv: Invitation | undefined, now = new Date()): InvitationLinkState {
  if (!inv) return 'unknown';
  if (inv.status === 'accepted' || (inv.usedAt && inv.status !== 'deleted')) return 'used';
  if (inv.status === 'deleted' || !inv.contactActive || !inv.customerActive) return 'revoked';
  if (inv.expiresAt <= now) return 'expired';
  return 'valid';
}

/** What the invitation page shows for a link: who is invited, or why the link no longer works and whom to ask. */
export async function lookupInvitation(db: Db, token: string): Promise<InvitationLookupResponse> {
  const inv = await q.findInvitationByToken(db, hashLinkToken(token));
  const state = stateOf(inv);
  return {
    state,
    invitee:
      inv && state === 'valid'
        ? { firstName: inv.firstName, lastName: inv.lastName, email: inv.email, organizationName: inv.organizationName, userType: inv.userType }
        : null,
    askFrom: inv?.inviterName && inv.inviterEmail ? { name: inv.inviterName, email: inv.inviterEmail } : null,
  };
}

/**
 * user-registration-invite: the invitee chooses a password; the account is activated with the
 * invited user type, the token is used up and the invitee is signed in. All or nothing.
 */
export async function acceptInvitation(
  db: Db,
  config: Config,
  input: z.output<typeof ZInvitationAcceptRequestSchema> | InvitationAcceptRequest,
  meta: { ip: string; userAgent: string | null },
) {
  const tokenHash = hashLinkToken(input.token);
  const inv = await q.findInvitationByToken(db, tokenHash);
  const state = stateOf(inv);
  if (!inv || state !== 'valid') throw new AppError(inv ? 'CONFLICT' : 'NOT_FOUND', INVITATION_STATE_MESSAGES[state === 'valid' ? 'unknown' : state]);
  requireStrongPassword(input.password, [inv.firstName, inv.lastName, inv.email, inv.organizationName]);
  const passwordHash = await hashPassword(input.password);
  await db.transaction(async (tx) => {
    // The conditional update makes the link single use even when two tabs submit at once.
    const used = await q.consumeToken(tx, 'invite', tokenHash);
    if (!used) throw new AppError('CONFLICT', INVITATION_STATE_MESSAGES.used);
    const other = await q.findWebUserByEmail(tx, inv.email);
    if (other && other.contactId !== inv.contactId) {
      throw new AppError('CONFLICT', 'An account with this e-mail address already exists. Sign in, or use Forgot Password.');
    }
    await q.activateInvitedAccount(tx, { cid: inv.cid, contactId: inv.contactId, email: inv.email, userType: inv.userType, passwordHash });
    await q.markInvitationAccepted(tx, inv.invitationId);
  });
  await recordAudit(
    db,
    { cid: inv.cid, webUserId: null, contactId: inv.contactId, email: inv.email, ip: meta.ip, userAgent: meta.userAgent },
    { action: 'invitation.accept', entity: 'contact', entityId: inv.contactId, details: { userType: inv.userType } },
  );
  const account = await findAccountByEmail(db, inv.email);
  if (!account) throw new AppError('INTERNAL', 'The account could not be read back');
  return openSession(db, config, account, meta);
}
