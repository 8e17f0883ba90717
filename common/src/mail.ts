import { z } from 'zod';
import { zBigId } from './ids.ts';
import type { SignedInUser } from './auth.ts';
import { DEFAULT_PAGE_SIZE, listQuerySchema, pageOf } from './list.ts';

/** 'Outgoing mail' (issue 13): the space admin's view of the e-mail outbox. */
export const canSeeOutgoingMail = (u: Pick<SignedInUser, 'spaceAdmin'>): boolean => u.spaceAdmin;

export const OUTBOX_STATES = ['pending', 'sent', 'failed', 'preview'] as const;
export type OutboxState = (typeof OUTBOX_STATES)[number];
export const OUTBOX_STATE_LABELS: Record<OutboxState, string> = {
  pending: 'Pending',
  sent: 'Sent',
  failed: 'Failed',
  preview: 'Preview',
};

export const ZOutboxListRequestSchema = listQuerySchema({
  defaultPageSize: DEFAULT_PAGE_SIZE,
  /** Newest first: the order the relay queued them in. */
  sorts: ['id'],
  defaultSort: 'id',
  defaultDirection: 'desc',
  /** Recipient or subject contains the term. */
  search: true,
  filters: { status: z.enum(OUTBOX_STATES).optional() },
});
export type OutboxListRequest = z.infer<typeof ZOutboxListRequestSchema>;

export const ZOutboxRowSchema = z.object({
  id: z.number().int(),
  status: z.enum(OUTBOX_STATES),
  toAddress: z.string(),
  subject: z.string(),
  template: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  createdAt: z.string(),
  sentAt: z.string().nullable(),
  nextAttemptAt: z.string(),
});
export type OutboxRow = z.infer<typeof ZOutboxRowSchema>;

export const ZOutboxListResponseSchema = pageOf(ZOutboxRowSchema).extend({
  /** No SMTP_URL: mail is kept as preview and its rendered body can be read here. */
  previewMode: z.boolean(),
});
export type OutboxListResponse = z.infer<typeof ZOutboxListResponseSchema>;

export const ZOutboxMessageSchema = ZOutboxRowSchema.extend({
  messageId: z.string().nullable(),
  /** Only in preview mode (no SMTP_URL): a sent body may carry a live token. */
  textBody: z.string().nullable(),
  htmlBody: z.string().nullable(),
});
export type OutboxMessage = z.infer<typeof ZOutboxMessageSchema>;

export const ZOutboxIdParamsSchema = z.object({ id: zBigId });
export const ZUnsubscribeQuerySchema = z.object({ token: z.string().min(1).max(200) });
