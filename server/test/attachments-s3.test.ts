import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { GetObjectCommand, ListObjectsV2Command, NoSuchKey, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { CSRF_HEADER, type ErrorResponse, type TicketAttachment } from '@sc/common';
import type { S3Config } from '../src/config.ts';
import { ticketAttachments } from '../src/db/schema/index.ts';
import { makeCustomerWithUser, makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// docs/requirements.md §18.3, decision 029: attachments in an S3-compatible bucket (a real S3 server,
// s3rver, run by the test), streamed both ways; the per-customer quota holds under concurrent uploads.

const QUOTA = 3 * 1024 * 1024;
const MB2 = 2 * 1024 * 1024;
let root: string;
let s3server: S3rver;
let s3: S3Config;
let bucket: S3Client;
let onS3: TestApp;
let onDisk: TestApp;

beforeAll(async () => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-s3-'));
  s3server = new S3rver({ port: 0, address: '127.0.0.1', directory: path.join(root, 's3'), silent: true, configureBuckets: [{ name: 'sc-attachments' }] });
  const { port } = await s3server.run();
  s3 = { bucket: 'sc-attachments', endpoint: `http://127.0.0.1:${port}`, region: 'us-east-1', accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER', forcePathStyle: true };
  bucket = new S3Client({ region: s3.region, endpoint: s3.endpoint, forcePathStyle: true, credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' } });
  onS3 = await createTestApp({ dataDir: path.join(root, 'data'), attachmentsDir: path.join(root, 'files-s3'), s3 });
  onS3.config.limits.attachmentQuotaBytes = QUOTA;
  onDisk = await createTestApp({ dataDir: path.join(root, 'data2'), attachmentsDir: path.join(root, 'files-disk') });
  onDisk.config.limits.attachmentQuotaBytes = QUOTA;
});
afterAll(async () => {
  await onS3?.close();
  await onDisk?.close();
  bucket?.destroy();
  await s3server?.close();
  fs.rmSync(root, { recursive: true, force: true });
});

/** A customer of the test's own, its Administrator signed in, and one of its tickets. */
async function freshTicket(t: TestApp) {
  const { customer, user, contact } = await makeCustomerWithUser(t.database.db, 'Administrator');
  const admin = await signIn(t.app, user.email);
  const ticket = await makeTicket(t.database.db, { cid: customer.id, ticketType: 'Incident', contactId: contact.id });
  return { cid: customer.id, admin, ticketId: ticket.id };
}

function upload(t: TestApp, c: Client, ticketId: number, body: Buffer, name: string) {
  return t.app.inject({
    method: 'POST',
    url: `/api/v1/tickets/${ticketId}/attachments`,
    headers: { cookie: c.cookie, [CSRF_HEADER]: c.csrfToken, 'content-type': 'application/octet-stream', 'x-file-name': encodeURIComponent(name) },
    payload: body,
  });
}

const objectsOf = async (cid: number) => ((await bucket.send(new ListObjectsV2Command({ Bucket: s3.bucket, Prefix: `${cid}/` }))).Contents ?? []).map((o) => o.Key!);
const filesOf = (t: TestApp, cid: number) => (fs.existsSync(path.join(t.config.attachmentsDir, String(cid))) ? fs.readdirSync(path.join(t.config.attachmentsDir, String(cid))) : []);
async function readObject(key: string): Promise<Buffer> {
  const out = await bucket.send(new GetObjectCommand({ Bucket: s3.bucket, Key: key }));
  return Buffer.from(await out.Body!.transformToByteArray());
}
/** Text of `bytes` bytes, lines numbered so that any lost or moved chunk shows. */
const textOf = (bytes: number) => Buffer.from(Array.from({ length: Math.ceil(bytes / 16) }, (_, i) => `line ${String(i).padStart(10, '0')}\n`).join('').slice(0, bytes));

describe('attachments on S3-compatible storage (S3_BUCKET)', () => {
  it('an upload goes to the bucket as {cid}/{uuid}, not the folder; downloads byte-identical; removal deletes the object', async () => {
    const { cid, admin, ticketId } = await freshTicket(onS3);
    const body = textOf(MB2); // many chunks each way, past the 64 KB the type is judged from
    const res = await upload(onS3, admin, ticketId, body, 'server.log');
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<TicketAttachment>();
    expect(a).toMatchObject({ contentType: 'text/plain; charset=utf-8', sizeBytes: MB2 });
    const [row] = await onS3.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, a.id));
    expect(await objectsOf(cid)).toEqual([row!.storageKey]);
    expect((await readObject(row!.storageKey)).equals(body)).toBe(true);
    expect(filesOf(onS3, cid)).toEqual([]);

    const dl = await admin.get(`/api/v1/tickets/${ticketId}/attachments/${a.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.headers['content-length']).toBe(String(MB2));
    expect(dl.headers['content-type']).toBe('text/plain; charset=utf-8');
    expect(dl.rawPayload.equals(body)).toBe(true);

    expect((await admin.delete(`/api/v1/tickets/${ticketId}/attachments/${a.id}`)).statusCode).toBe(204);
    expect(await objectsOf(cid)).toEqual([]);
    await expect(readObject(row!.storageKey)).rejects.toBeInstanceOf(NoSuchKey);
    expect((await admin.get(`/api/v1/tickets/${ticketId}/attachments/${a.id}`)).statusCode).toBe(404);
  });

  it('a refused type never reaches the bucket; text that turns binary after its start is removed again', async () => {
    const { cid, admin, ticketId } = await freshTicket(onS3);
    const exe = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90), Buffer.from('PE\0\0')]);
    const refused = await upload(onS3, admin, ticketId, exe, 'setup.exe');
    expect(refused.statusCode).toBe(400);
    expect(refused.json<ErrorResponse>().message).toBe('File type not allowed');
    const late = Buffer.concat([textOf(200_000), Buffer.from([0xff, 0x00, 0xfe]), textOf(1000)]);
    const lateRes = await upload(onS3, admin, ticketId, late, 'notes.txt');
    expect(lateRes.statusCode).toBe(400);
    expect(await objectsOf(cid)).toEqual([]);
    expect(await onS3.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.cid, cid))).toEqual([]);
  });

  it('the quota: past it a 413 from Content-Length, and nothing is stored', async () => {
    const { cid, admin, ticketId } = await freshTicket(onS3);
    expect((await upload(onS3, admin, ticketId, textOf(MB2), 'a.txt')).statusCode).toBe(201);
    const over = await upload(onS3, admin, ticketId, textOf(MB2), 'b.txt');
    expect(over.statusCode).toBe(413);
    expect(over.json<ErrorResponse>().message).toBe(
      "Your organisation's file storage is full (2.0 MB of 3.0 MB used). Remove files you no longer need, or ask your provider for more space.",
    );
    expect(await objectsOf(cid)).toHaveLength(1);
  });

  it('413 past 10 MB from Content-Length; 400 naming Content-Length when the size is not sent', async () => {
    const { admin, ticketId } = await freshTicket(onS3);
    const big = await upload(onS3, admin, ticketId, Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]), 'big.pdf');
    expect(big.statusCode).toBe(413);
    const chunked = await onS3.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticketId}/attachments?name=a.txt`,
      headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken, 'content-type': 'text/plain' },
      payload: Readable.from([Buffer.from('hello')]), // a stream: sent without Content-Length
    });
    expect(chunked.statusCode).toBe(400);
    expect(chunked.json<ErrorResponse>().fieldErrors).toHaveProperty('content-length');
  });
});

describe('the quota under concurrent uploads (requirements §18.3)', () => {
  for (const [label, app] of [
    ['S3 bucket', () => onS3],
    ['folder', () => onDisk],
  ] as const) {
    it(`${label}: two uploads that each fit alone but not together: exactly one is stored`, async () => {
      const t = app();
      const { cid, admin, ticketId } = await freshTicket(t);
      const results = await Promise.all([upload(t, admin, ticketId, textOf(MB2), 'one.txt'), upload(t, admin, ticketId, textOf(MB2), 'two.txt')]);
      expect(results.map((r) => r.statusCode).sort()).toEqual([201, 413]);
      const rows = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.cid, cid));
      expect(rows).toHaveLength(1);
      if (t === onS3) expect(await objectsOf(cid)).toEqual([rows[0]!.storageKey]);
      else expect(filesOf(t, cid)).toEqual([rows[0]!.storageKey.split('/')[1]]);
    });
  }
});
