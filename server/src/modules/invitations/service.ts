import { recordAudit } from '../../audit/record.ts';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import {
  canManageContacts,
  INVITE_MESSAGES,
  INVITE_TOKEN_TTL_HOURS,
  type InvitationIdsRequest,
  type InvitationsResponse,
  type InviteCandidatesResponse,
  type InviteRunResponse,
  type InviteSendRequest,
  type SortDirection,
  type UserType,
  USER_TYPE_LABELS,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { spaLink } from '../../mail/links.ts';
import { enqueueMail } from '../../mail/outbox.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import type { CsvExport } from '../../exports/csv.ts';
import * as q from './queries.ts';
import { MAIL_ACTION_LIMITS, requireWithinLimits } from '../../auth/rate-limit.ts';

interface Paging {
  page: number;
  pageSize: number;
  direction: SortDirection;
  search?: string;
}

/** requirements §9.4: invitations are an Administrator's. */
function requireInviteAdmin(scope: Scope) {
  if (!canManageContacts(scope)) throw forbidden();
}

/** Contacts2Invite. */
export async function listCandidates(db: Db, scope: Scope, r: Paging): Promise<InviteCandidatesResponse> {
  requireInviteAdmin(scope);
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectCandidates(db, scope.cid, r.search || undefined, r.direction, slice);
    return {
      rows: rows.map(({ accountType, accountActive, invitationType, isEmailVerified, ...c }) => ({
        ...c,
        userType: accountType ?? invitationType ?? null,
        isActive: accountActive ?? false,
        isInvited: c.invitationId !== null,
        isEmailVerified: isEmailVerified ?? false,
      })),
      total,
    };
  });
}

/** All Invited Contacts. */
export async function listInvitations(db: Db, scope: Scope, r: Paging): Promise<InvitationsResponse> {
  requireInviteAdmin(scope);
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectInvitations(db, scope.cid, r.search || undefined, r.direction, slice);
    return { rows: rows.map((x) => ({ ...x, sentAt: x.sentAt.toISOString() })), total };
  });
}

type InvitationRow = InvitationsResponse['rows'][number];

/** One page of open invitations as INVITES_CMS_{page}_{size}.csv (requirements §9.1). */
export async function exportInvitations(db: Db, scope: Scope, r: Paging): Promise<CsvExport<InvitationRow>> {
  const data = await listInvitations(db, scope, r);
  return {
    fileName: `INVITES_CMS_${r.page}_${r.pageSize}.csv`,
    rows: data.rows,
    columns: [
      { header: 'Invitation ID', value: (x) => x.id },
      { header: 'First Name', value: (x) => x.firstName },
      { header: 'Last Name', value: (x) => x.lastName },
      { header: 'Email Address', value: (x) => x.email },
      { header: 'User Type', value: (x) => x.userType },
      { header: 'Sent', value: (x) => x.sentAt },
      { header: 'Run ID', value: (x) => x.runId },
    ],
  };
}

/** A fresh single-use token: the link carries it, the table only its SHA-256. */
function newToken() {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: createHash('sha256').update(token).digest('hex'), expiresAt: new Date(Date.now() + INVITE_TOKEN_TTL_HOURS * 3_600_000) };
}

async function createInvites(db: Db, config: Config, scope: Scope, runId: string, items: { contactId: number; userType: UserType; email: string; firstName: string }[]) {
  for (const it of items) {
    const t = newToken();
    await q.insertInvite(db, {
      cid: scope.cid,
      contactId: it.contactId,
      userType: it.userType,
      email: it.email,
      invitedByWebUserId: scope.webUserId,
      runId,
      tokenHash: t.tokenHash,
      expiresAt: t.expiresAt,
    });
    // The link's base is PUBLIC_URL, never the request's Host (requirements: links in e-mails).
    await enqueueMail(db, config, {
      cid: scope.cid,
      contactId: it.contactId,
      to: it.email,
      template: 'invitation',
      data: {
        firstName: it.firstName,
        inviterName: `${scope.user.firstName} ${scope.user.lastName}`,
        organizationName: scope.user.organizationName,
        userTypeLabel: USER_TYPE_LABELS[it.userType],
        registerUrl: spaLink(config, `/register?IGID=${t.token}`),
        validDays: INVITE_TOKEN_TTL_HOURS / 24,
      },
    });
  }
}

/**
 * invite-send: one invitation, token and queued e-mail per contact, all in one transaction and one
 * runId. Refused: another customer's contact (403), an invited or active one (409), Operator for a
 * contact that is not an HD shared operator, or no e-mail (400).
 */
export async function sendInvites(db: Db, config: Config, scope: Scope, r: InviteSendRequest): Promise<InviteRunResponse> {
  requireInviteAdmin(scope);
  const found = await q.selectContactsForInvite(db, r.contacts.map((c) => c.contactId));
  const byId = new Map(found.map((c) => [c.id, c]));
  const items = r.contacts.map((want, i) => {
    const c = byId.get(want.contactId);
    if (!c) throw badRequest({ [`contacts.${i}.contactId`]: 'No such contact' });
    if (c.cid !== scope.cid) throw forbidden();
    if (!c.email) throw badRequest({ [`contacts.${i}.contactId`]: INVITE_MESSAGES.noEmail }, INVITE_MESSAGES.noEmail);
    if (!c.isActive || c.isPending || c.hasActiveAccount || c.invitationId !== null) throw new AppError('CONFLICT', INVITE_MESSAGES.alreadyInvited, { [`contacts.${i}.contactId`]: INVITE_MESSAGES.alreadyInvited });
    if (want.userType === 'Operator' && !c.isHdSharedOperator) throw badRequest({ [`contacts.${i}.userType`]: INVITE_MESSAGES.operatorNotAllowed }, INVITE_MESSAGES.operatorNotAllowed);
    return { contactId: c.id, userType: want.userType, email: c.email.toLowerCase(), firstName: c.firstName };
  });
  await requireInvitationLimits(db, config, scope, items);
  const runId = randomUUID();
  await db.transaction(async (tx) => {
    await createInvites(tx, config, scope, runId, items);
    for (const it of items) {
      await recordAudit(tx, scope, { action: 'invitation.send', entity: 'contact', entityId: it.contactId, details: { email: it.email, userType: it.userType } });
    }
  });
  return { runId, count: items.length };
}

async function openInvitations(db: Db, scope: Scope, r: InvitationIdsRequest) {
  const rows = await q.selectInvitationsByIds(db, r.invitationIds);
  if (rows.some((x) => x.cid !== scope.cid)) throw forbidden();
  const open = rows.filter((x) => x.status === 'sent');
  if (open.length !== r.invitationIds.length) throw notFound('Invitation not found or no longer open');
  return open;
}

/** Every invitation is an e-mail to an outside address: per account, and per address invited (requirements §19.5). */
async function requireInvitationLimits(db: Db, config: Config, scope: Scope, to: { email: string }[]): Promise<void> {
  await requireWithinLimits(db, config, [
    ...to.map(() => ({ key: `mail:invite:acct:${scope.webUserId}`, ...MAIL_ACTION_LIMITS.invitationsPerAccount })),
    ...to.map((x) => ({ key: `mail:invite:to:${x.email.toLowerCase()}`, ...MAIL_ACTION_LIMITS.invitationsPerAddress })),
  ]);
}

/** Re-send: each open invitation is replaced by a new one (new token, new e-mail); the old link stops working. */
export async function resendInvites(db: Db, config: Config, scope: Scope, r: InvitationIdsRequest): Promise<InviteRunResponse> {
  requireInviteAdmin(scope);
  const open = await openInvitations(db, scope, r);
  await requireInvitationLimits(db, config, scope, open);
  const runId = randomUUID();
  await db.transaction(async (tx) => {
    await q.closeInvitations(tx, scope.cid, open.map((x) => x.id));
    await createInvites(tx, config, scope, runId, open.map((x) => ({ contactId: x.contactId, userType: x.userType, email: x.email, firstName: x.firstName })));
    for (const x of open) await recordAudit(tx, scope, { action: 'invitation.resend', entity: 'contact', entityId: x.contactId, details: { email: x.email } });
  });
  return { runId, count: open.length };
}

/** delete-invite: the invitations close and their links stop working. */
export async function deleteInvites(db: Db, scope: Scope, r: InvitationIdsRequest): Promise<InviteRunResponse> {
  requireInviteAdmin(scope);
  const open = await openInvitations(db, scope, r);
  const runId = randomUUID();
  await db.transaction(async (tx) => {
    await q.closeInvitations(tx, scope.cid, open.map((x) => x.id));
    for (const x of open) await recordAudit(tx, scope, { action: 'invitation.delete', entity: 'contact', entityId: x.contactId, details: { email: x.email } });
  });
  return { runId, count: open.length };
}
