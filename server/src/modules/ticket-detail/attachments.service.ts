import { randomUUID } from 'node:crypto';
import { Readable } from 'node:stream';
import { ATTACHMENT_MESSAGES, ATTACHMENT_REMOVE_GRACE_MINUTES, TICKET_DETAIL_MESSAGES, TICKET_LIMITS, type TicketAttachment } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, notFound } from '../../http/errors.ts';
import { requireTicketAccess } from './access.ts';
import { attachmentStore } from './attachment-store.ts';
import * as q from './attachments.queries.ts';
import { cleanFileName, TypeSniffer } from './file-types.ts';

const ATTACHMENT_NOT_FOUND = 'Attachment not found';
const STORAGE_KEY = /^\d+\/[0-9a-f-]{36}$/;

/** Files live in the attachment store (ATTACHMENTS_DIR/{cid}/{uuid}, or the S3 bucket's key {cid}/{uuid}); the database keeps '{cid}/{uuid}'. */

/** The organisation's quota message (docs/requirements.md §18.3). */
function quotaMessage(usedBytes: number, quotaBytes: number): string {
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

/** The whole body as a 413, before a byte is read (Fastify's bodyLimit does not apply to a streamed body). */
export const UPLOAD_TOO_LARGE = `File is too large (at most ${TICKET_LIMITS.attachmentBytes / 1_048_576} MB)`;

/**
 * Reads an upload's start (64 KB, or all of a smaller file) and refuses it (400) when no allowed type
 * with its name's extension begins like that, before anything is written. Answers the whole upload as
 * a stream, every chunk also pushed to the sniffer (type and size decided at its end). A client that
 * goes away mid-upload fails the stream, and so the store's write.
 */
async function inspected(body: Readable, fileName: string, sniffer: TypeSniffer): Promise<Readable> {
  const chunks = body[Symbol.asyncIterator]() as AsyncIterator<Buffer>;
  const head: Buffer[] = [];
  let ended = false;
  while (!sniffer.hasHead) {
    const next = await chunks.next();
    if (next.done) {
      ended = true;
      break;
    }
    sniffer.push(next.value);
    head.push(next.value);
  }
  if (!sniffer.plausible(fileName)) throw typeNotAllowed();
  async function* all() {
    yield* head;
    if (ended) return;
    for (let next = await chunks.next(); !next.done; next = await chunks.next()) {
      sniffer.push(next.value);
      if (sniffer.size > TICKET_LIMITS.attachmentBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE);
      yield next.value;
    }
  }
  return Readable.from(all(), { objectMode: false });
}

const typeNotAllowed = () => badRequest({ body: TICKET_DETAIL_MESSAGES.fileTypeNotAllowed }, TICKET_DETAIL_MESSAGES.fileTypeNotAllowed);

/**
 * Stores an upload (refused per ticketEditRefusal: attaching a file changes the ticket), streamed from
 * the request into the attachment store. The type is decided by the content and must agree with the
 * name's extension; anything else is a 400 'File type not allowed'. The file is written first; then, in
 * one transaction holding the customer's quota lock, the quota is checked against what is stored and
 * the row inserted. A refusal or failure after the write removes the file.
 */
export async function uploadTicketAttachment(
  db: Db,
  config: Config,
  scope: Scope,
  ticketId: number,
  body: unknown,
  declaredBytes: number | undefined,
  fileName: string,
): Promise<TicketAttachment> {
  await requireTicketAccess(db, scope, ticketId, 'edit');
  if (!fileName) throw badRequest({ name: 'File name is required' });
  if (!(body instanceof Readable)) throw badRequest({ body: 'File is empty' });
  if (declaredBytes === undefined) throw badRequest({ 'content-length': 'Content-Length is required: send the file with its size' });
  if (declaredBytes === 0) throw badRequest({ body: 'File is empty' });
  if (declaredBytes > TICKET_LIMITS.attachmentBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE);
  await checkAttachmentQuota(db, config, scope.cid, declaredBytes);

  const storageKey = `${scope.cid}/${randomUUID()}`;
  const store = attachmentStore(config);
  const sniffer = new TypeSniffer();
  const stream = await inspected(body, fileName, sniffer);
  try {
    await store.put(storageKey, stream, declaredBytes);
  } catch (err) {
    // The store may wrap the stream's error: the stream's own refusal (413) is the answer.
    const cause = stream.errored ?? err;
    await store.remove(storageKey).catch(() => undefined);
    throw cause instanceof AppError ? cause : err;
  }
  try {
    const contentType = sniffer.result(fileName);
    if (!contentType) throw typeNotAllowed();
    if (sniffer.size !== declaredBytes) throw badRequest({ body: 'The file is shorter than its Content-Length' });
    const id = await db.transaction(async (tx) => {
      await q.lockCustomerQuota(tx, scope.cid);
      await checkAttachmentQuota(tx, config, scope.cid, sniffer.size);
      return q.insertAttachment(tx, scope, { ticketId, fileName, contentType, sizeBytes: sniffer.size, storageKey });
    });
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
