import { recordAudit } from '../../audit/record.ts';
import {
  canManageContacts,
  CONTACT_MESSAGES,
  CONTACTS_EXPORT_LIMIT,
  formatPhone,
  type ContactAccessUpdate,
  type ContactDetail,
  type ContactEmailPreferences,
  type ContactListResponse,
  type ContactLookupsResponse,
  type ContactSaveValues,
  type ContactTicketsResponse,
} from '@sc/common';
import type { z } from 'zod';
import type { ZContactExportRequestSchema, ZContactListRequestSchema, ZContactTicketsRequestSchema } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import { decideRegistration } from '../public/registration.service.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import { exportTimestamp, type XlsxExport } from '../../exports/xlsx.ts';
import * as q from './queries.ts';

type ListRequest = z.output<typeof ZContactListRequestSchema>;
type ExportRequest = z.output<typeof ZContactExportRequestSchema>;
type TicketsRequest = z.output<typeof ZContactTicketsRequestSchema>;

/** requirements §8.4: only an Administrator works with contacts; every other type gets 'Not Authorized'. */
export function requireContactAdmin(scope: Scope): void {
  if (!canManageContacts(scope)) throw forbidden();
}

/** The contact must exist (404) and be of the caller's customer (403, requirements §8.3's message). */
export async function requireOwnContact(db: Db, scope: Scope, id: number) {
  requireContactAdmin(scope);
  const ref = await q.selectContactRef(db, id);
  if (!ref) throw notFound('Contact not found');
  if (ref.cid !== scope.cid) throw forbidden(CONTACT_MESSAGES.notAuthorized);
  return ref;
}

const displayName = (r: { firstName: string; middleInitial: string | null; lastName: string }) =>
  [r.firstName, r.middleInitial ? `${r.middleInitial}.` : null, r.lastName].filter(Boolean).join(' ');

/** All Contacts (requirements §8): the caller's customer only, paged on the server. */
export async function listContacts(db: Db, scope: Scope, r: ListRequest): Promise<ContactListResponse> {
  requireContactAdmin(scope);
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectContactPage(
      db,
      { cid: scope.cid, search: r.search || undefined, isPending: r.isPending, includeInactive: r.includeInactive },
      { sort: r.sort, direction: r.direction },
      slice,
    );
    return { rows: rows.map((x) => ({ ...x, displayName: displayName(x) })), total };
  });
}

/** AllContactsExport: the list's filter and order, page 1 of 2000 (requirements §8.6). */
export async function contactsForExport(db: Db, scope: Scope, r: ExportRequest) {
  requireContactAdmin(scope);
  return q.selectContactsForExport(
    db,
    { cid: scope.cid, search: r.search || undefined, isPending: r.isPending, includeInactive: r.includeInactive },
    { sort: r.sort, direction: r.direction },
    CONTACTS_EXPORT_LIMIT,
  );
}

type ExportRow = Awaited<ReturnType<typeof contactsForExport>>[number];

/** The AllContactsExport spreadsheet: CONTACTS_CMS_{timestamp}.xlsx, sheet Contacts. */
export async function exportContacts(db: Db, scope: Scope, r: ExportRequest): Promise<XlsxExport<ExportRow>> {
  const rows = await contactsForExport(db, scope, r);
  return {
    fileName: `CONTACTS_CMS_${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
    sheetName: 'Contacts',
    rows,
    columns: [
      { header: 'Contact ID', width: 12, value: (x) => x.id },
      { header: 'First Name', width: 18, value: (x) => x.firstName },
      { header: 'Last Name', width: 18, value: (x) => x.lastName },
      { header: 'Email', width: 32, value: (x) => x.email },
      { header: 'Phone', width: 18, value: (x) => formatPhone(x.directPhone) },
      { header: 'Mobile', width: 18, value: (x) => formatPhone(x.mobilePhone) },
      { header: 'Title', width: 24, value: (x) => x.title },
      { header: 'VIP', width: 6, value: (x) => (x.isVip ? 'Yes' : 'No') },
      { header: 'Pending', width: 9, value: (x) => (x.isPending ? 'Yes' : 'No') },
    ],
  };
}

/** Contact by ID, with its portal account for the CMS Access dialog. */
export async function getContact(db: Db, scope: Scope, id: number): Promise<ContactDetail> {
  await requireOwnContact(db, scope, id);
  const row = await q.selectContactDetail(db, scope.cid, id);
  if (!row) throw notFound('Contact not found');
  const { webUserId, userName, userType, accountActive, isEmailVerified, lastLoginAt, ...rest } = row;
  return {
    ...rest,
    displayName: displayName(rest),
    access:
      webUserId !== null && userName !== null && userType !== null
        ? { webUserId, userName, userType, isActive: accountActive ?? false, isEmailVerified: isEmailVerified ?? false, lastLoginAt: lastLoginAt?.toISOString() ?? null }
        : null,
  };
}

export async function getLookups(db: Db, scope: Scope): Promise<ContactLookupsResponse> {
  requireContactAdmin(scope);
  return q.selectLookups(db, scope.cid);
}

async function checkReferences(db: Db, scope: Scope, v: ContactSaveValues) {
  const refs = await q.referencesBelongTo(db, scope.cid, v.siteId, v.departmentId);
  if (refs.site === null) throw badRequest({ siteId: 'No such site' });
  if (refs.department === null) throw badRequest({ departmentId: 'No such department' });
  if (!refs.site || !refs.department) throw forbidden();
}

/** new-contact: a contact of the caller's customer, under the organisation's primary contact. */
export async function createContact(db: Db, scope: Scope, v: ContactSaveValues): Promise<ContactDetail> {
  requireContactAdmin(scope);
  await checkReferences(db, scope, v);
  const id = await q.insertContact(db, scope.cid, await q.selectPrimaryContactId(db, scope.cid), v);
  return getContact(db, scope, id);
}

/** update-contact. */
export async function updateContact(db: Db, scope: Scope, id: number, v: ContactSaveValues): Promise<ContactDetail> {
  await requireOwnContact(db, scope, id);
  await checkReferences(db, scope, v);
  await q.updateContact(db, scope.cid, id, v);
  return getContact(db, scope, id);
}

/** delete-contact: disables the contact, its portal account and every session of it. */
export async function disableContact(db: Db, scope: Scope, id: number) {
  await requireOwnContact(db, scope, id);
  if (id === scope.contactId) throw badRequest({ id: 'You cannot disable your own contact' }, 'You cannot disable your own contact');
  await q.disableContact(db, scope.cid, id);
  await recordAudit(db, scope, { action: 'contact.disable', entity: 'contact', entityId: id });
  return { id, ok: true as const };
}

/**
 * contact-approve-authenticated: only a pending contact can be approved. Does what the e-mailed
 * approve link does: the account becomes an active User, open approval links stop working and the
 * registrant is told by e-mail.
 */
export async function approveContact(db: Db, config: Config, scope: Scope, id: number) {
  const ref = await requireOwnContact(db, scope, id);
  if (!ref.isPending) throw new AppError('CONFLICT', CONTACT_MESSAGES.notPending);
  await db.transaction(async (tx) => {
    await decideRegistration(tx, config, scope.cid, id, true);
    await recordAudit(tx, scope, { action: 'contact.approve', entity: 'contact', entityId: id });
  });
  return { id, ok: true as const };
}

/** The CMS Access dialog: user type and active flag of the contact's account. */
export async function updateAccess(db: Db, scope: Scope, id: number, v: ContactAccessUpdate): Promise<ContactDetail> {
  await requireOwnContact(db, scope, id);
  if (id === scope.contactId) throw badRequest({ userType: 'You cannot change your own portal access' }, 'You cannot change your own portal access');
  const before = (await getContact(db, scope, id)).access;
  const found = await q.updateAccess(db, scope.cid, id, v.userType, v.isActive);
  if (!found) throw notFound('This contact has no portal account; invite it first');
  const changes: Record<string, unknown> = {};
  if (before?.userType !== v.userType) changes.userType = { from: before?.userType ?? null, to: v.userType };
  if (before?.isActive !== v.isActive) changes.isActive = { from: before?.isActive ?? null, to: v.isActive };
  await recordAudit(db, scope, { action: 'contact.access', entity: 'contact', entityId: id, details: changes });
  return getContact(db, scope, id);
}

export async function getEmailPreferences(db: Db, scope: Scope, id: number): Promise<ContactEmailPreferences> {
  await requireOwnContact(db, scope, id);
  const row = await q.selectEmailPreferences(db, scope.cid, id);
  return {
    optOutMarketing: row?.optOutMarketing ?? false,
    optOutSurveys: row?.optOutSurveys ?? false,
    optOutTicketUpdates: row?.optOutTicketUpdates ?? false,
    updatedAt: row?.updatedAt.toISOString() ?? null,
  };
}

export async function listContactTickets(db: Db, scope: Scope, id: number, r: TicketsRequest): Promise<ContactTicketsResponse> {
  await requireOwnContact(db, scope, id);
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectContactTickets(db, scope.cid, id, r.type, r.direction, slice);
    return { rows: rows.map((x) => ({ ...x, openDate: x.openDate.toISOString() })), total };
  });
}
