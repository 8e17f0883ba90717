import { randomUUID } from 'node:crypto';
import { ATTACHMENT_MESSAGES, ATTACHMENT_REMOVE_GRACE_MINUTES, TICKET_DETAIL_MESSAGES, type TicketAttachment } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, notFound } from '../../http/errors.ts';
import { badFields, requireTicketAccess } from './access.ts';
import { attachmentStore } from './attachment-store.ts';
import * as q from './attachments.queries.ts';
import { cleanFileName, detectAllowedType } from './file-types.ts';

const ATTACHMENT_NOT_FOUND = 'Attachment not found';
const STORAGE_KEY = /^\d+\/[0-9a-f-]{36}$/;

/** Files live in the attachment store (ATTACHMENTS_DIR/{cid}/{uuid}); the database keeps '{cid}/{uuid}'. */

/** The organisation's quota message (docs/requirements.md §18.3). */
export function quotaMessage(usedBytes: number, quotaBytes: number): string {
  const mb = (n: number) => (n / 1_048_576).toFixed(1);
  return `Your organisation's file storage is full (${mb(usedBytes)} MB of ${mb(quotaBytes)} MB used). Remove files you no longer need, or ask your provider for more space.`;
}

/** Refuses (413) an upload of `incomingBytes` that would take the customer past ATTACHMENT_QUOTA_MB. */
export async function checkAttachmentQuota(db: Db, config: Config, cid: number, incomingBytes: number): Promise<void> {
  const quota = config.limits.attachmentQuotaBytes;
  if (quota <= 0) return;
  const used = await q.customerAttachmentBytes(db, cid);
  if (used + incomingBytes > quota) throw new AppError('PAYLOAD_TOO_LARGE', quotaMessage(used, quota));
}

const GRACE_MS = ATTACHMENT_REMOVE_GRACE_MINUTES * 60_000;

/** Until when the caller may remove the file: its own upload, within the grace period; otherwise null. */
function removableUntil(scope: Scope, row: q.AttachmentRow, now: Date): Date | null {
  if (row.uploadedBy !== scope.webUserId) return null;
  const until = new Date(row.createdAt.getTime() + GRACE_MS);
  return until > now ? until : null;
}

function toAttachment(scope: Scope, row: q.AttachmentRow, now = new Date()): TicketAttachment {
  return {
    id: row.id,
    ticketId: row.ticketId,
    fileName: row.fileName,
    contentType: row.contentType,
    sizeBytes: row.sizeBytes,
    uploadedByName: row.uploaderFirstName ? `${row.uploaderFirstName} ${row.uploaderLastName ?? ''}`.trim() : null,
    createdAt: row.createdAt.toISOString(),
    removableUntil: removableUntil(scope, row, now)?.toISOString() ?? null,
  };
}

/** The files of a ticket (/incident/files/{id}), oldest first; refused per ticketViewRefusal. */
export async function listTicketAttachments(db: Db, scope: Scope, ticketId: number): Promise<{ rows: TicketAttachment[] }> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  return { rows: (await q.listAttachments(db, scope, ticketId)).map((r) => toAttachment(scope, r)) };
}

/** The upload's name: the x-file-name header (percent-encoded UTF-8, as encodeURIComponent writes it) or ?name=. */
export function uploadName(header: string | string[] | undefined, query: string | undefined): string {
  const raw = (Array.isArray(header) ? header[0] : header) ?? query ?? '';
  try {
    return cleanFileName(decodeURIComponent(raw));
  } catch {
    return cleanFileName(raw);
  }
}

/**
 * Stores an upload (refused per ticketEditRefusal: attaching a file changes the ticket). The type
 * is decided by the content and must agree with the name's extension; anything else is a 400
 * 'File type not allowed'. The file is written before its row, and removed if the row fails.
 */
export async function uploadTicketAttachment(
  db: Db,
  config: Config,
  scope: Scope,
  ticketId: number,
  body: unknown,
  fileName: string,
): Promise<TicketAttachment> {
  await requireTicketAccess(db, scope, ticketId, 'edit');
  if (!fileName) throw badFields({ name: 'File name is required' });
  if (!Buffer.isBuffer(body) || body.length === 0) throw badFields({ body: 'File is empty' });
  const contentType = detectAllowedType(body, fileName);
  if (!contentType) throw new AppError('BAD_REQUEST', TICKET_DETAIL_MESSAGES.fileTypeNotAllowed, { body: TICKET_DETAIL_MESSAGES.fileTypeNotAllowed });

  await checkAttachmentQuota(db, config, scope.cid, body.length);

  const storageKey = `${scope.cid}/${randomUUID()}`;
  const store = attachmentStore(config);
  await store.put(storageKey, body);
  try {
    const id = await q.insertAttachment(db, scope, { ticketId, fileName, contentType, sizeBytes: body.length, storageKey });
    const row = await q.findAttachment(db, scope, ticketId, id);
    return toAttachment(scope, row!);
  } catch (err) {
    await store.remove(storageKey);
    throw err;
  }
}

/** A download: the stored row and a stream of its bytes; refused per ticketViewRefusal. */
export async function openTicketAttachment(db: Db, config: Config, scope: Scope, ticketId: number, attachmentId: number) {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const row = await q.findAttachment(db, scope, ticketId, attachmentId);
  if (!row || !STORAGE_KEY.test(row.storageKey)) throw notFound(ATTACHMENT_NOT_FOUND);
  const file = await attachmentStore(config).open(row.storageKey);
  if (!file) throw notFound(ATTACHMENT_NOT_FOUND);
  return { attachment: toAttachment(scope, row), size: file.size, stream: file.stream };
}

/**
 * Removes a file (issue 14, item 8): only the uploader, only within the grace period after adding
 * it, and only while it may still view the ticket; others answer 403. The row goes first, then the bytes.
 */
export async function removeTicketAttachment(db: Db, config: Config, scope: Scope, ticketId: number, attachmentId: number): Promise<void> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const row = await q.findAttachment(db, scope, ticketId, attachmentId);
  if (!row) throw notFound(ATTACHMENT_NOT_FOUND);
  if (!removableUntil(scope, row, new Date())) throw new AppError('FORBIDDEN', ATTACHMENT_MESSAGES.notRemovable);
  if (!(await q.deleteAttachment(db, scope, ticketId, attachmentId))) throw notFound(ATTACHMENT_NOT_FOUND);
  if (STORAGE_KEY.test(row.storageKey)) await attachmentStore(config).remove(row.storageKey);
}
