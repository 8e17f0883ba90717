import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, notInArray } from 'drizzle-orm';
import { ATTACHMENT_MESSAGES, ATTACHMENT_REMOVE_GRACE_MINUTES, CSRF_HEADER, type ErrorResponse, type TicketAttachment } from '@sc/common';
import { ticketAttachments, tickets } from '../src/db/schema/index.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

const VIEW_OR_EDIT = "You're not authorized to view or edit this ticket";
const EDIT = "You're not authorized to edit this ticket";
const NOT_AUTHORIZED = 'Not Authorized';
const NOT_ALLOWED = 'File type not allowed';

let t: TestApp;
let dataDir: string;
let admin: Client, operator: Client, limited: Client, user: Client, globex: Client;
let userTicket: number, otherTicket: number;

beforeAll(async () => {
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-attachments-'));
  t = await createTestApp({ dataDir, attachmentsDir: path.join(dataDir, 'files') });
  [admin, operator, limited, user, globex] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client, Client];
  const db = t.database.db;
  const acmeCid = user.session.user.cid;
  const accountContacts = [admin, operator, limited, user].map((c) => c.session.user.contactId);
  const firstTicket = async (where: ReturnType<typeof and>) => (await db.select({ id: tickets.id }).from(tickets).where(where).orderBy(tickets.id).limit(1))[0]!.id;
  userTicket = await firstTicket(eq(tickets.contactId, user.session.user.contactId));
  otherTicket = await firstTicket(and(eq(tickets.cid, acmeCid), notInArray(tickets.contactId, accountContacts)));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

const err = (res: { json: <T>() => T }) => res.json<ErrorResponse>();
const PDF = Buffer.concat([Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n1 0 obj <<>> endobj\n', 'latin1'), Buffer.from([0, 1, 2, 255, 254]), Buffer.from('\n%%EOF\n')]);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(126, 0x90), Buffer.from('PE\0\0')]);
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13]);

function upload(c: Client | null, ticketId: number, body: Buffer, name: string | null, contentType = 'application/octet-stream') {
  const headers: Record<string, string> = { 'content-type': contentType };
  if (c) Object.assign(headers, { cookie: c.cookie, [CSRF_HEADER]: c.csrfToken });
  if (name !== null) headers['x-file-name'] = encodeURIComponent(name);
  return t.app.inject({ method: 'POST', url: `/api/v1/tickets/${ticketId}/attachments`, headers, payload: body });
}

describe('POST /api/v1/tickets/:id/attachments', () => {
  it('accepts a PDF, stores it under {ATTACHMENTS_DIR}/{cid}/{uuid}, and downloads it byte-identical', async () => {
    const res = await upload(operator, otherTicket, PDF, 'Quote März.pdf');
    expect(res.statusCode, res.body).toBe(201);
    const a = res.json<TicketAttachment>();
    expect(a).toMatchObject({ ticketId: otherTicket, fileName: 'Quote März.pdf', contentType: 'application/pdf', sizeBytes: PDF.length });
    const [row] = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, a.id));
    expect(row!.storageKey).toMatch(new RegExp(`^${operator.session.user.cid}/[0-9a-f-]{36}$`));
    expect(fs.readFileSync(path.join(dataDir, 'files', ...row!.storageKey.split('/')))).toEqual(PDF);

    const dl = await operator.get(`/api/v1/tickets/${otherTicket}/attachments/${a.id}`);
    expect(dl.statusCode).toBe(200);
    expect(dl.rawPayload.equals(PDF)).toBe(true);
    expect(dl.headers['content-type']).toBe('application/pdf');
    expect(dl.headers['x-content-type-options']).toBe('nosniff');
    expect(dl.headers['content-disposition']).toBe(`attachment; filename="Quote M_rz.pdf"; filename*=UTF-8''Quote%20M%C3%A4rz.pdf`);

    const list = await limited.get(`/api/v1/tickets/${otherTicket}/attachments`);
    expect(list.statusCode).toBe(200);
    expect(list.json<{ rows: TicketAttachment[] }>().rows.map((r) => r.id)).toContain(a.id);
  });

  it('strips Unicode bidirectional controls and C1 controls from the name: a right-to-left override cannot disguise the extension', async () => {
    const res = await upload(operator, otherTicket, PDF, 'invoice\u202Efdp.exe\u2066\u0085.pdf');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TicketAttachment>().fileName).toBe('invoicefdp.exe.pdf');
  });

  it('takes the name from ?name= and any content type (browsers send the file’s own)', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${userTicket}/attachments?name=notes.csv`,
      headers: { cookie: user.cookie, [CSRF_HEADER]: user.csrfToken, 'content-type': 'text/csv' },
      payload: Buffer.from('a,b\n1,2\n'),
    });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TicketAttachment>().contentType).toBe('text/csv; charset=utf-8');
  });

  it('refuses by content: an EXE (MZ header), an HTML page, a PNG named .pdf, binary text', async () => {
    const cases: [Buffer, string][] = [
      [EXE, 'setup.exe'],
      [EXE, 'invoice.pdf'],
      [Buffer.from('<html><script>alert(1)</script></html>'), 'page.html'],
      [PNG, 'scan.pdf'],
      [Buffer.from([0x41, 0x00, 0x42]), 'notes.txt'],
      [Buffer.from('PK\x03\x04 not really a zip'), 'report.docx'],
    ];
    for (const [body, name] of cases) {
      const res = await upload(admin, otherTicket, body, name);
      expect(res.statusCode, name).toBe(400);
      expect(err(res)).toEqual({ code: 'BAD_REQUEST', message: NOT_ALLOWED, fieldErrors: { body: NOT_ALLOWED } });
    }
    const images = await upload(admin, otherTicket, PNG, 'scan.png');
    expect(images.statusCode).toBe(201);
  });

  it('400 without a name or with an empty file; 413 above 10 MB', async () => {
    const noName = await upload(admin, otherTicket, PDF, null);
    expect(noName.statusCode).toBe(400);
    expect(err(noName).fieldErrors).toHaveProperty('name');
    expect((await upload(admin, otherTicket, Buffer.alloc(0), 'empty.txt')).statusCode).toBe(400);
    const big = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(10 * 1024 * 1024)]);
    const tooBig = await upload(admin, otherTicket, big, 'big.pdf');
    expect(tooBig.statusCode).toBe(413);
    expect(err(tooBig).code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('needs edit rights: OperatorLimited and User get the spec’s messages, another customer Not Authorized, signed out 401', async () => {
    const l = await upload(limited, otherTicket, PDF, 'x.pdf');
    expect(l.statusCode).toBe(403);
    expect(err(l).message).toBe(EDIT);
    const u = await upload(user, otherTicket, PDF, 'x.pdf');
    expect(err(u).message).toBe(VIEW_OR_EDIT);
    expect((await upload(user, userTicket, PDF, 'mine.pdf')).statusCode).toBe(201);
    expect(err(await upload(globex, userTicket, PDF, 'x.pdf')).message).toBe(NOT_AUTHORIZED);
    expect((await upload(null, userTicket, PDF, 'x.pdf')).statusCode).toBe(401);
  });
});

describe('GET /api/v1/tickets/:id/attachments[/:attachmentId]', () => {
  it('listing and download are refused as viewing is', async () => {
    const a = (await upload(admin, otherTicket, PDF, 'y.pdf')).json<TicketAttachment>();
    expect(err(await user.get(`/api/v1/tickets/${otherTicket}/attachments`)).message).toBe(VIEW_OR_EDIT);
    expect(err(await user.get(`/api/v1/tickets/${otherTicket}/attachments/${a.id}`)).message).toBe(VIEW_OR_EDIT);
    expect(err(await globex.get(`/api/v1/tickets/${otherTicket}/attachments`)).message).toBe(NOT_AUTHORIZED);
    expect(err(await globex.get(`/api/v1/tickets/${otherTicket}/attachments/${a.id}`)).message).toBe(NOT_AUTHORIZED);
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/tickets/${otherTicket}/attachments` })).statusCode).toBe(401);
    // An attachment id under another ticket of the same customer is not found there.
    expect((await admin.get(`/api/v1/tickets/${userTicket}/attachments/${a.id}`)).statusCode).toBe(404);
  });
});

describe('DELETE /api/v1/tickets/:id/attachments/:attachmentId (issue 14, item 8)', () => {
  it('the uploader removes its own file within the grace period: row and bytes go', async () => {
    const a = (await upload(user, userTicket, PDF, 'wrong.pdf')).json<TicketAttachment>();
    expect(Date.parse(a.removableUntil!) - Date.parse(a.createdAt)).toBe(ATTACHMENT_REMOVE_GRACE_MINUTES * 60_000);
    const [row] = await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, a.id));
    const file = path.join(dataDir, 'files', ...row!.storageKey.split('/'));
    expect(fs.existsSync(file)).toBe(true);
    const res = await user.delete(`/api/v1/tickets/${userTicket}/attachments/${a.id}`);
    expect(res.statusCode, res.body).toBe(204);
    expect(await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, a.id))).toEqual([]);
    expect(fs.existsSync(file)).toBe(false);
    expect((await user.delete(`/api/v1/tickets/${userTicket}/attachments/${a.id}`)).statusCode).toBe(404);
  });

  it('refuses someone else’s file, a file past the grace period, another customer and the signed-out', async () => {
    const a = (await upload(operator, userTicket, PDF, 'operator.pdf')).json<TicketAttachment>();
    // Others see it as not removable and are refused.
    const seen = (await user.get(`/api/v1/tickets/${userTicket}/attachments`)).json<{ rows: TicketAttachment[] }>().rows.find((r) => r.id === a.id)!;
    expect(seen.removableUntil).toBeNull();
    for (const c of [user, admin]) {
      const res = await c.delete(`/api/v1/tickets/${userTicket}/attachments/${a.id}`);
      expect(res.statusCode).toBe(403);
      expect(err(res).message).toBe(ATTACHMENT_MESSAGES.notRemovable);
    }
    const g = await globex.delete(`/api/v1/tickets/${userTicket}/attachments/${a.id}`);
    expect(g.statusCode).toBe(403);
    expect(err(g).message).toBe(NOT_AUTHORIZED);
    const out = await t.app.inject({ method: 'DELETE', url: `/api/v1/tickets/${userTicket}/attachments/${a.id}` });
    expect(out.statusCode).toBe(401);
    // Past the grace period even the uploader may not.
    await t.database.db
      .update(ticketAttachments)
      .set({ createdAt: new Date(Date.now() - (ATTACHMENT_REMOVE_GRACE_MINUTES + 1) * 60_000) })
      .where(eq(ticketAttachments.id, a.id));
    const late = await operator.delete(`/api/v1/tickets/${userTicket}/attachments/${a.id}`);
    expect(late.statusCode).toBe(403);
    expect((await t.database.db.select().from(ticketAttachments).where(eq(ticketAttachments.id, a.id))).length).toBe(1);
    expect((await operator.delete(`/api/v1/tickets/${userTicket}/attachments/abc`)).statusCode).toBe(400);
  });
});
