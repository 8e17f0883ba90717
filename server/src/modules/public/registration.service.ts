import { recordAudit } from '../../audit/record.ts';
import {
  APPROVAL_TOKEN_TTL_HOURS,
  canManageContacts,
  PUBLIC_MESSAGES,
  PUBLIC_LIMIT_WINDOW_MINUTES,
  REGISTER_LIMIT_PER_CLIENT,
  RESET_TOKEN_TTL_MINUTES,
  VERIFY_TOKEN_TTL_HOURS,
  type PendingContactResponse,
  type PublicMessageResponse,
  type ZPendingContactRequestSchema,
  type ZRegistrationRequestSchema,
} from '@sc/common';
import type { z } from 'zod';
import { hashPassword } from '../../auth/password.ts';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import { spaLink } from '../../mail/links.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden } from '../../http/errors.ts';
import * as mail from './mail.ts';
import { requireStrongPassword } from './passwords.ts';
import * as q from './queries.ts';
import { newLinkToken, hashLinkToken } from './tokens.ts';
import { hitRateLimit } from '../../auth/rate-limit.ts';

type RegistrationRequest = z.output<typeof ZRegistrationRequestSchema>;
type PendingContactRequest = z.output<typeof ZPendingContactRequestSchema>;

const HOUR = 3_600_000;

/** The registration link's customer, for the page's heading (404 for an unknown link). */
export async function registrationLink(db: Db, gid: string) {
  const customer = await q.findCustomerByRegistrationKey(db, gid);
  if (!customer) throw new AppError('NOT_FOUND', PUBLIC_MESSAGES.unknownRegistrationLink);
  return { organizationName: customer.name };
}

/** The link /register/{gid} of the caller's own customer, which its Administrator hands out (requirements §12.3 self-register). */
export async function ownRegistrationLink(db: Db, config: Config, scope: Scope) {
  if (!canManageContacts(scope)) throw forbidden();
  const key = await q.selectRegistrationKey(db, scope.cid);
  if (!key) throw new AppError('NOT_FOUND', 'Customer not found');
  return { url: spaLink(config, `/register/${key}`) };
}

async function requireWithinLimit(db: Db, key: string, max: number) {
  if (!(await hitRateLimit(db, key, max, PUBLIC_LIMIT_WINDOW_MINUTES))) throw new AppError('RATE_LIMITED', PUBLIC_MESSAGES.tooManyRequests);
}

/**
 * user-registration / self-register: a pending contact and an inactive User account, and a
 * verification e-mail. The answer is the same whether or not the address already has an account:
 * an existing account gets a password reset e-mail instead (it probably forgot it has one).
 */
export async function register(db: Db, config: Config, r: RegistrationRequest, ip: string): Promise<PublicMessageResponse> {
  await requireWithinLimit(db, `register:ip:${ip}`, REGISTER_LIMIT_PER_CLIENT);
  const customer = r.gid
    ? await q.findCustomerByRegistrationKey(db, r.gid)
    : await q.findCustomerByEmailDomain(db, r.email.slice(r.email.lastIndexOf('@') + 1));
  if (!customer) {
    if (r.gid) throw badRequest({ gid: PUBLIC_MESSAGES.unknownRegistrationLink });
    throw badRequest({ email: PUBLIC_MESSAGES.noCustomerForDomain });
  }
  requireStrongPassword(r.password, [r.firstName, r.lastName, r.email, customer.name]);
  const passwordHash = await hashPassword(r.password);
  const answer = { message: PUBLIC_MESSAGES.registered(r.email) };
  await db.transaction(async (tx) => {
    const existing = await q.findRegistrationState(tx, r.email);
    if (existing && !(existing.contactPending && !existing.isEmailVerified && !existing.accountActive)) {
      // A real account (or a registration awaiting approval): nothing is revealed, the owner is mailed.
      if (existing.accountActive && existing.contactActive && !existing.contactPending) {
        const t = newLinkToken(RESET_TOKEN_TTL_MINUTES * 60_000);
        await q.voidTokens(tx, existing.contactId, 'reset');
        await q.insertToken(tx, { purpose: 'reset', tokenHash: t.tokenHash, expiresAt: t.expiresAt, cid: existing.cid, contactId: existing.contactId, webUserId: existing.webUserId });
        await mail.sendPasswordReset(tx, config, { cid: existing.cid, contactId: existing.contactId, to: r.email, firstName: existing.firstName, token: t.token, minutes: RESET_TOKEN_TTL_MINUTES });
      }
      return;
    }
    const t = newLinkToken(VERIFY_TOKEN_TTL_HOURS * HOUR);
    if (existing) {
      // Registered before and never verified: the first registration is kept as made (name and password), and
      // its earlier links keep working. Whoever reads the mailbox is told, with a link verifying that one: a
      // second form cannot replace the password of an address it does not own (issue 33 item 3).
      await q.insertToken(tx, { purpose: 'verify', tokenHash: t.tokenHash, expiresAt: t.expiresAt, cid: existing.cid, contactId: existing.contactId, webUserId: existing.webUserId });
      await mail.sendRegistrationVerification(tx, config, { cid: existing.cid, contactId: existing.contactId, to: r.email, firstName: existing.firstName, token: t.token, repeated: true });
      return;
    }
    const who = { ...(await q.insertRegistrant(tx, { cid: customer.id, firstName: r.firstName, lastName: r.lastName, email: r.email, phone: r.phone, passwordHash })), cid: customer.id };
    await q.insertToken(tx, { purpose: 'verify', tokenHash: t.tokenHash, expiresAt: t.expiresAt, cid: who.cid, contactId: who.contactId, webUserId: who.webUserId });
    await mail.sendRegistrationVerification(tx, config, { cid: who.cid, contactId: who.contactId, to: r.email, firstName: r.firstName, token: t.token });
  });
  return answer;
}

/**
 * verify-registration: the address is proven; each approver (the customer's Administrators) gets
 * an e-mail with approve and disapprove links bound to that approver.
 */
export async function verifyRegistration(db: Db, config: Config, token: string): Promise<PublicMessageResponse> {
  await db.transaction(async (tx) => {
    const used = await q.consumeToken(tx, 'verify', hashLinkToken(token));
    const registrant = used?.contactId ? await q.findRegistrant(tx, used.contactId) : undefined;
    if (!used || !used.webUserId || !registrant || !registrant.isPending || !registrant.isActive || !registrant.email) {
      throw new AppError('NOT_FOUND', PUBLIC_MESSAGES.verifyInvalid);
    }
    await q.markEmailVerified(tx, used.webUserId);
    await q.voidTokens(tx, registrant.contactId, 'approve');
    for (const approver of await q.selectApprovers(tx, registrant.cid)) {
      const t = newLinkToken(APPROVAL_TOKEN_TTL_HOURS * HOUR);
      await q.insertToken(tx, { purpose: 'approve', tokenHash: t.tokenHash, expiresAt: t.expiresAt, cid: registrant.cid, contactId: registrant.contactId, webUserId: approver.webUserId });
      await mail.sendApprovalRequest(tx, config, {
        cid: registrant.cid,
        contactId: approver.contactId,
        to: approver.email,
        firstName: approver.firstName,
        registrant: { firstName: registrant.firstName, lastName: registrant.lastName, email: registrant.email, phone: registrant.phone },
        organizationName: registrant.organizationName,
        token: t.token,
      });
    }
  });
  return { message: PUBLIC_MESSAGES.verified };
}

/**
 * Approves or disapproves a pending contact: approved, the contact is no longer pending and its
 * account becomes an active User; disapproved, the contact is disabled. Every open approval link
 * of the contact stops working and the registrant is told by e-mail. Used by the e-mailed links
 * and by the contact form's Approve action (contact-approve-authenticated).
 */
export async function decideRegistration(db: Db, config: Config, cid: number, contactId: number, approved: boolean) {
  const registrant = await q.findRegistrant(db, contactId);
  if (!registrant || registrant.cid !== cid) throw new AppError('NOT_FOUND', 'Contact not found');
  await q.decidePendingContact(db, cid, contactId, approved);
  await q.voidTokens(db, contactId, 'approve');
  await q.voidTokens(db, contactId, 'verify');
  const account = await q.findWebUserOfContact(db, contactId);
  if (account && registrant.email) {
    await mail.sendRegistrationDecision(db, config, { cid, contactId, to: account.email, firstName: registrant.firstName, organizationName: registrant.organizationName, approved });
  }
  return { contactName: `${registrant.firstName} ${registrant.lastName}` };
}

/** pending-contact-approval: the e-mailed approve/disapprove link, single use and bound to its approver. */
export async function decideFromLink(
  db: Db,
  config: Config,
  r: PendingContactRequest,
  meta: { ip: string | null; userAgent: string | null } = { ip: null, userAgent: null },
): Promise<PendingContactResponse> {
  return db.transaction(async (tx) => {
    const used = await q.consumeToken(tx, 'approve', hashLinkToken(r.token));
    const approver = used?.webUserId && used.cid ? await q.findApprover(tx, used.webUserId, used.cid) : undefined;
    const registrant = used?.contactId ? await q.findRegistrant(tx, used.contactId) : undefined;
    if (!used || !approver || approver.contactId !== r.approverContactId || !registrant || !registrant.isPending || !registrant.isActive) {
      throw new AppError('NOT_FOUND', PUBLIC_MESSAGES.approvalInvalid);
    }
    const { contactName } = await decideRegistration(tx, config, registrant.cid, registrant.contactId, r.approved);
    await recordAudit(
      tx,
      { cid: registrant.cid, webUserId: approver.webUserId, contactId: approver.contactId, email: null, ...meta },
      { action: r.approved ? 'contact.approve' : 'contact.reject', entity: 'contact', entityId: registrant.contactId, details: { via: 'e-mailed link' } },
    );
    return { result: r.approved ? 'Approved' : 'Disapproved', contactName };
  });
}
