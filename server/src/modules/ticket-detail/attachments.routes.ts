import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  TICKET_LIMITS,
  ZTicketAttachmentParamsSchema,
  ZTicketAttachmentSchema,
  ZTicketAttachmentsResponseSchema,
  ZTicketDetailParamsSchema,
  ZUploadAttachmentQuerySchema,
  zId,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError, errorResponses, signedInErrors } from '../../http/errors.ts';
import { requireTicketAccess } from './access.ts';
import {
  checkAttachmentQuota,
  listTicketAttachments,
  openTicketAttachment,
  removeTicketAttachment,
  UPLOAD_TOO_LARGE,
  uploadName,
  uploadTicketAttachment,
} from './attachments.service.ts';
import { attachmentDisposition } from './file-types.ts';

const tags = ['ticket-detail'];
/** Streams are sent as they are (Fastify does not serialise them); the schema only documents the 200. */
const fileBody = z.unknown().describe('The file, with its stored content type');

/** Files of a ticket (/incident/files/{id}). */
export const attachmentRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.get(
    '/tickets/:id/attachments',
    { schema: { tags, summary: 'Files attached to a ticket', params: ZTicketDetailParamsSchema, response: { 200: ZTicketAttachmentsResponseSchema, ...signedInErrors } } },
    async (req) => listTicketAttachments(db, scopeOf(req), req.params.id),
  );

  app.get(
    '/tickets/:id/attachments/:attachmentId',
    { schema: { tags, summary: 'Download a file (always as an attachment)', params: ZTicketAttachmentParamsSchema, response: { 200: fileBody, ...signedInErrors } } },
    async (req, reply) => {
      const file = await openTicketAttachment(db, config, scopeOf(req), req.params.id, req.params.attachmentId);
      return reply
        .header('content-type', file.attachment.contentType)
        .header('content-length', file.size)
        .header('content-disposition', attachmentDisposition(file.attachment.fileName))
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'private, no-store')
        .send(file.stream);
    },
  );

  app.delete(
    '/tickets/:id/attachments/:attachmentId',
    {
      schema: {
        tags,
        summary: 'Remove one of your own files within the grace period after adding it',
        params: ZTicketAttachmentParamsSchema,
        response: { 204: z.null(), ...signedInErrors },
      },
    },
    async (req, reply) => {
      await removeTicketAttachment(db, config, scopeOf(req), req.params.id, req.params.attachmentId);
      return reply.status(204).send(null);
    },
  );

  await app.register(uploadRoute, { db, config });
};

/**
 * The upload takes the raw file as the body (no multipart: browsers send a File with fetch as is),
 * in a scope of its own so that the any-type parser applies to this route only. The body is not
 * parsed: the service streams it into the attachment store (docs/decisions/029), so Fastify's bodyLimit
 * does not apply and the 10 MB limit is checked here from Content-Length (which browsers always send
 * with a File; Node's parser then ends the body there). The name comes in x-file-name (percent-encoded) or ?name=.
 */
const uploadRoute: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (upload, { db, config }) => {
  upload.removeAllContentTypeParsers();
  upload.addContentTypeParser('*', (_req, payload, done) => done(null, payload));
  const declaredLength = (raw: string | undefined): number | undefined => {
    const n = Number(raw);
    return raw !== undefined && raw !== '' && Number.isSafeInteger(n) && n >= 0 ? n : undefined;
  };
  upload.post(
    '/tickets/:id/attachments',
    {
      // docs/requirements.md §18.3: the caller, its right to change the ticket, the size and the quota
      // are checked from the headers alone, before a byte of the body is read.
      onRequest: async (req) => {
        const scope = scopeOf(req);
        const id = zId.safeParse((req.params as { id?: unknown }).id);
        if (id.success) await requireTicketAccess(db, scope, id.data, 'edit');
        const length = declaredLength(req.headers['content-length']);
        if (length !== undefined && length > TICKET_LIMITS.attachmentBytes) throw new AppError('PAYLOAD_TOO_LARGE', UPLOAD_TOO_LARGE);
        if (length) await checkAttachmentQuota(db, config, scope.cid, length);
      },
      schema: {
        tags,
        summary: 'Upload a file (raw body with Content-Length, up to 10 MB; PDF, PNG, JPEG, GIF, text, CSV, DOCX, XLSX by content)',
        consumes: ['application/octet-stream'],
        params: ZTicketDetailParamsSchema,
        querystring: ZUploadAttachmentQuerySchema,
        response: { 201: ZTicketAttachmentSchema, ...signedInErrors, 413: errorResponses[413] },
      },
    },
    async (req, reply) => {
      const name = uploadName(req.headers['x-file-name'], req.query.name);
      const length = declaredLength(req.headers['content-length']);
      const attachment = await uploadTicketAttachment(db, config, scopeOf(req), req.params.id, req.body, length, name);
      return reply.status(201).send(attachment);
    },
  );
};
