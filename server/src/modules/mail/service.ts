import { canSeeOutgoingMail, type OutboxListRequest, type OutboxListResponse, type OutboxMessage } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import * as q from './queries.ts';

/** 'Outgoing mail' is the space admin's: the outbox of every customer. */
function requireOutboxReader(scope: Scope) {
  if (!canSeeOutgoingMail(scope)) throw forbidden();
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);
type Row = Awaited<ReturnType<typeof q.selectOutbox>>['rows'][number];
const toRow = (r: Row) => ({ ...r, createdAt: r.createdAt.toISOString(), sentAt: iso(r.sentAt), nextAttemptAt: r.nextAttemptAt.toISOString() });

export async function listOutbox(db: Db, config: Config, scope: Scope, r: OutboxListRequest): Promise<OutboxListResponse> {
  requireOutboxReader(scope);
  const page = await offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectOutbox(db, { status: r.status, search: r.search || undefined }, r.direction, slice);
    return { rows: rows.map(toRow), total };
  });
  return { ...page, previewMode: !config.smtpUrl };
}

/**
 * One message. Its body only while mail is kept as preview (no SMTP_URL): once mail really goes
 * out, a body may carry a live single-use token meant for its recipient alone.
 */
export async function getOutboxMessage(db: Db, config: Config, scope: Scope, id: number): Promise<OutboxMessage> {
  requireOutboxReader(scope);
  const row = await q.selectOutboxMessage(db, id);
  if (!row) throw notFound('Message not found');
  const { textBody, htmlBody, messageId, ...rest } = row;
  const showBody = !config.smtpUrl;
  return { ...toRow(rest), messageId, textBody: showBody ? textBody : null, htmlBody: showBody ? htmlBody : null };
}

/** Retry: a failed message is due again, with its attempts counted from zero. */
export async function retryOutboxMessage(db: Db, config: Config, scope: Scope, id: number): Promise<OutboxMessage> {
  requireOutboxReader(scope);
  const row = await q.selectOutboxMessage(db, id);
  if (!row) throw notFound('Message not found');
  if (!(await q.retryFailed(db, id))) throw new AppError('CONFLICT', 'Only a failed message can be retried');
  return getOutboxMessage(db, config, scope, id);
}
