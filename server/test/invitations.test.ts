import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { INVITE_MESSAGES, type ErrorResponse, type InvitationsResponse, type InviteCandidatesResponse, type InviteRunResponse } from '@sc/common';
import { customers, emailOutbox, invitations, oneTimeTokens } from '../src/db/schema/index.ts';
import { makeContact } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client;
let globexAdmin: Client;
let others: Client[];
let acmeCid: number;

beforeAll(async () => {
  t = await createTestApp();
  const cs = await Promise.all(['admin@acme.example', 'admin@globex.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example'].map((e) => signIn(t.app, e)));
  [admin, globexAdmin] = cs as [Client, Client];
  others = cs.slice(2);
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.code, 'ACME'));
  acmeCid = acme!.id;
});
afterAll(() => t.close());

const fresh = (o: Partial<Parameters<typeof makeContact>[1]> = {}) => makeContact(t.database.db, { cid: acmeCid, ...o });

describe('refusals', () => {
  const routes = [
    ['GET', '/api/v1/invitations/candidates'],
    ['GET', '/api/v1/invitations'],
    ['GET', '/api/v1/invitations/export'],
    ['POST', '/api/v1/invitations', { contacts: [{ contactId: 1, userType: 'User' }] }],
    ['POST', '/api/v1/invitations/resend', { invitationIds: [1] }],
    ['POST', '/api/v1/invitations/delete', { invitationIds: [1] }],
  ] as const;

  it('refuses Operator, OperatorLimited and User with 403, and signed-out callers with 401', async () => {
    for (const c of others) {
      for (const [method, url, body] of routes) {
        const res = method === 'GET' ? await c.get(url) : await c.post(url, body);
        expect(res.statusCode, `${c.session.user.userType} ${url}`).toBe(403);
        expect(res.json<ErrorResponse>().message).toBe('Not Authorized');
      }
    }
    for (const [method, url, body] of routes) {
      const res = await t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
      expect(res.statusCode, url).toBe(401);
    }
  });

  it("refuses another customer's administrator on this customer's contacts and invitations", async () => {
    const c = await fresh();
    const res = await globexAdmin.post('/api/v1/invitations', { contacts: [{ contactId: c.id, userType: 'User' }] });
    expect(res.statusCode).toBe(403);
    const [inv] = await t.database.db.select().from(invitations).where(and(eq(invitations.cid, acmeCid), eq(invitations.status, 'sent'))).limit(1);
    expect((await globexAdmin.post('/api/v1/invitations/resend', { invitationIds: [inv!.id] })).statusCode).toBe(403);
    expect((await globexAdmin.post('/api/v1/invitations/delete', { invitationIds: [inv!.id] })).statusCode).toBe(403);
    const list = (await globexAdmin.get('/api/v1/invitations?pageSize=100')).json<InvitationsResponse>();
    expect(list.rows.map((r) => r.id)).not.toContain(inv!.id);
  });

  it('validates the batch', async () => {
    const empty = await admin.post('/api/v1/invitations', { contacts: [] });
    expect(empty.statusCode).toBe(400);
    expect(empty.json<ErrorResponse>().fieldErrors).toHaveProperty('contacts');
    const c = await fresh({ isHdSharedOperator: false });
    const op = await admin.post('/api/v1/invitations', { contacts: [{ contactId: c.id, userType: 'Operator' }] });
    expect(op.statusCode).toBe(400);
    expect(op.json<ErrorResponse>().message).toBe(INVITE_MESSAGES.operatorNotAllowed);
  });
});

describe('candidates', () => {
  it('flags invited and active contacts, shows the pending invitation type', async () => {
    const page = (await admin.get('/api/v1/invitations/candidates?pageSize=100')).json<InviteCandidatesResponse>();
    expect(page.pageSize).toBe(100);
    const own = page.rows.find((r) => r.email === 'admin@acme.example')!;
    expect(own).toMatchObject({ isActive: true, userType: 'Administrator' });
    expect(page.rows.some((r) => r.isInvited && r.userType !== null && r.invitationId !== null)).toBe(true);
    expect((await admin.get('/api/v1/invitations/candidates')).json<InviteCandidatesResponse>().pageSize).toBe(10);
  });
});

describe('send, re-send, delete', () => {
  it('sends: one invitation, one hashed expiring token and one queued e-mail per contact, one runId', async () => {
    const a = await fresh({ email: 'invitee.a@acme.example' });
    const b = await fresh({ email: 'invitee.b@acme.example', isHdSharedOperator: true });
    const res = await admin.post('/api/v1/invitations', { contacts: [{ contactId: a.id, userType: 'User' }, { contactId: b.id, userType: 'Operator' }] });
    expect(res.statusCode).toBe(200);
    const run = res.json<InviteRunResponse>();
    expect(run.count).toBe(2);
    const rows = await t.database.db.select().from(invitations).where(eq(invitations.runId, run.runId));
    expect(rows.map((r) => [r.contactId, r.userType, r.status])).toEqual(expect.arrayContaining([[a.id, 'User', 'sent'], [b.id, 'Operator', 'sent']]));
    const tokens = await t.database.db.select().from(oneTimeTokens).where(inArray(oneTimeTokens.invitationId, rows.map((r) => r.id)));
    expect(tokens).toHaveLength(2);
    expect(tokens.every((k) => k.purpose === 'invite' && /^[0-9a-f]{64}$/.test(k.tokenHash) && k.expiresAt > new Date() && k.usedAt === null)).toBe(true);
    const mails = await t.database.db.select().from(emailOutbox).where(inArray(emailOutbox.toAddress, ['invitee.a@acme.example', 'invitee.b@acme.example']));
    expect(mails).toHaveLength(2);
    // The e-mailed link carries the token whose hash is stored, and only the hash is stored.
    const token = /IGID=([A-Za-z0-9_-]+)/.exec(mails[0]!.textBody)![1]!;
    const hash = createHash('sha256').update(token).digest('hex');
    expect(tokens.map((k) => k.tokenHash)).toContain(hash);
    expect(JSON.stringify(tokens)).not.toContain(token);

    // Now invited: cannot be invited again, and listed in view-invites.
    expect((await admin.post('/api/v1/invitations', { contacts: [{ contactId: a.id, userType: 'User' }] })).statusCode).toBe(409);
    const list = (await admin.get('/api/v1/invitations?search=invitee')).json<InvitationsResponse>();
    expect(list.rows.map((r) => r.email).sort()).toEqual(['invitee.a@acme.example', 'invitee.b@acme.example']);
  });

  it('re-send replaces the invitation: new token, new e-mail, the old link stops working', async () => {
    const c = await fresh({ email: 'resend.me@acme.example' });
    const first = (await admin.post('/api/v1/invitations', { contacts: [{ contactId: c.id, userType: 'User' }] })).json<InviteRunResponse>();
    const [old] = await t.database.db.select().from(invitations).where(eq(invitations.runId, first.runId));
    const res = await admin.post('/api/v1/invitations/resend', { invitationIds: [old!.id] });
    expect(res.statusCode).toBe(200);
    const run = res.json<InviteRunResponse>();
    expect(run).toMatchObject({ count: 1 });
    expect(run.runId).not.toBe(first.runId);
    const [closed] = await t.database.db.select().from(invitations).where(eq(invitations.id, old!.id));
    expect(closed!.status).toBe('deleted');
    const [oldToken] = await t.database.db.select().from(oneTimeTokens).where(eq(oneTimeTokens.invitationId, old!.id));
    expect(oldToken!.expiresAt.getTime()).toBeLessThanOrEqual(Date.now());
    const mails = await t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, 'resend.me@acme.example'));
    expect(mails).toHaveLength(2);
    // A closed invitation cannot be re-sent again.
    expect((await admin.post('/api/v1/invitations/resend', { invitationIds: [old!.id] })).statusCode).toBe(404);
  });

  it('deletes invitations: the contact becomes invitable again', async () => {
    const c = await fresh({ email: 'delete.me@acme.example' });
    const sent = (await admin.post('/api/v1/invitations', { contacts: [{ contactId: c.id, userType: 'OperatorLimited' }] })).json<InviteRunResponse>();
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.runId, sent.runId));
    const res = await admin.post('/api/v1/invitations/delete', { invitationIds: [inv!.id] });
    expect(res.statusCode).toBe(200);
    expect(res.json<InviteRunResponse>().count).toBe(1);
    const cand = (await admin.get('/api/v1/invitations/candidates?search=delete.me')).json<InviteCandidatesResponse>();
    expect(cand.rows[0]).toMatchObject({ contactId: c.id, isInvited: false, isActive: false });
  });
});

describe('CSV export', () => {
  it('is named INVITES_CMS_{page}_{size} and escapes formula-looking cells', async () => {
    const c = await fresh({ firstName: '=1+1', lastName: '@SUM(A1)', email: 'formula.invite@acme.example' });
    await admin.post('/api/v1/invitations', { contacts: [{ contactId: c.id, userType: 'User' }] });
    const res = await admin.get('/api/v1/invitations/export?page=1&pageSize=10');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('text/csv');
    expect(res.headers['content-disposition']).toBe('attachment; filename="INVITES_CMS_1_10.csv"');
    const lines = res.body.replace(/^\uFEFF/, '').trim().split('\r\n');
    expect(lines[0]).toBe('"Invitation ID","First Name","Last Name","Email Address","User Type","Sent","Run ID"');
    const total = (await admin.get('/api/v1/invitations')).json<InvitationsResponse>().total;
    expect(lines).toHaveLength(1 + Math.min(10, total));
    const row = lines.find((l) => l.includes('formula.invite@acme.example'))!;
    expect(row).toContain(`"'=1+1","'@SUM(A1)"`);
  });
});

describe('web APIs of the original portal', () => {
  const base = '/app/kapps/customer-portal/webApis';

  it('invite-send, delete-invite, contact-approve-authenticated and delete-contact use the same rules', async () => {
    const c = await fresh({ email: 'compat.invite@acme.example' });
    for (const who of others) {
      expect((await who.post(`${base}/invite-send`, [{ ContactID: c.id, UserType: 'User' }])).statusCode).toBe(403);
      expect((await who.post(`${base}/delete-contact?timeout=30`, c.id)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `${base}/delete-invite`, payload: [1] })).statusCode).toBe(401);
    const sent = await admin.post(`${base}/invite-send`, [{ ContactID: c.id, UserType: 'User', FirstName: c.firstName, LastName: c.lastName, EmailAddress: c.email, PrimaryContactID: c.primaryContactId }]);
    expect(sent.statusCode).toBe(200);
    const [inv] = await t.database.db.select().from(invitations).where(eq(invitations.runId, sent.json<InviteRunResponse>().runId));
    const del = await admin.post(`${base}/delete-invite`, [inv!.id]);
    expect(del.statusCode).toBe(200);
    expect(del.json<InviteRunResponse>()).toMatchObject({ count: 1 });

    const pending = await fresh({ isPending: true });
    expect((await globexAdmin.post(`${base}/contact-approve-authenticated?timeout=10`, pending.id)).statusCode).toBe(403);
    expect((await admin.post(`${base}/contact-approve-authenticated?timeout=10`, pending.id)).statusCode).toBe(200);
    expect((await admin.post(`${base}/delete-contact?timeout=30`, { id: pending.id })).statusCode).toBe(200);
    expect((await admin.post(`${base}/delete-contact`, { id: 'abc' })).statusCode).toBe(400);
  });
});
