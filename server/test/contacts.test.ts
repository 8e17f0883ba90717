import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { CONTACT_MESSAGES, type ContactDetail, type ContactListResponse, type ContactTicketsResponse, type ErrorResponse } from '@sc/common';
import { customers, sessions } from '../src/db/schema/index.ts';
import { makeContact, makeWebUser } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client;
let globexAdmin: Client;
let others: Record<'operator' | 'limited' | 'user', Client>;
let acmeCid: number;
let globexContactId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, g, o, l, u] = await Promise.all(
    ['admin@acme.example', 'admin@globex.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example'].map((e) => signIn(t.app, e)),
  );
  admin = a!;
  globexAdmin = g!;
  others = { operator: o!, limited: l!, user: u! };
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.code, 'ACME'));
  acmeCid = acme!.id;
  globexContactId = globexAdmin.session.user.contactId;
});
afterAll(() => t.close());

const body = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@acme.example', directPhone: '2125550101', title: 'Analyst' };

describe('refusals', () => {
  const routes = (id: number) =>
    [
      ['GET', '/api/v1/contacts'],
      ['GET', '/api/v1/contacts/export'],
      ['GET', '/api/v1/contacts/lookups'],
      ['POST', '/api/v1/contacts', body],
      ['GET', `/api/v1/contacts/${id}`],
      ['PUT', `/api/v1/contacts/${id}`, body],
      ['POST', `/api/v1/contacts/${id}/disable`],
      ['POST', `/api/v1/contacts/${id}/approve`],
      ['PUT', `/api/v1/contacts/${id}/access`, { userType: 'User', isActive: true }],
      ['GET', `/api/v1/contacts/${id}/email-preferences`],
      ['GET', `/api/v1/contacts/${id}/tickets?type=Incident`],
      ['GET', `/api/v1/contacts/${id}/surveys`],
    ] as const;
  const call = (c: Client, [method, url, payload]: readonly [string, string, unknown?]) =>
    method === 'GET' ? c.get(url) : method === 'POST' ? c.post(url, payload) : c.put(url, payload);

  it.each(['operator', 'limited', 'user'] as const)('refuses %s on every route with 403 Not Authorized', async (who) => {
    for (const r of routes(admin.session.user.contactId)) {
      const res = await call(others[who], r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect(res.json<ErrorResponse>().message).toBe('Not Authorized');
    }
  });

  it('refuses signed-out callers with 401', async () => {
    for (const [method, url, payload] of routes(1)) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses another customer's contact with the spec's message, and never lists it", async () => {
    for (const r of routes(globexContactId).filter(([, url]) => /contacts\/\d+/.test(url))) {
      const res = await call(admin, r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect(res.json<ErrorResponse>().message).toBe(CONTACT_MESSAGES.notAuthorized);
    }
    const list = (await globexAdmin.get('/api/v1/contacts?pageSize=100')).json<ContactListResponse>();
    expect(list.rows.every((r) => r.cid !== acmeCid)).toBe(true);
  });

  it('answers 404 for a contact that does not exist and 400 naming bad fields', async () => {
    expect((await admin.get('/api/v1/contacts/999999')).statusCode).toBe(404);
    const bad = await admin.post('/api/v1/contacts', { ...body, firstName: '', email: 'nope' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorResponse>().fieldErrors!)).toEqual(expect.arrayContaining(['firstName', 'email']));
    expect((await admin.get('/api/v1/contacts?sort=password')).json<ErrorResponse>().fieldErrors).toHaveProperty('sort');
  });
});

describe('list', () => {
  it('pages 20 by default, newest ContactID first, only active contacts of the caller', async () => {
    const res = await admin.get('/api/v1/contacts');
    expect(res.statusCode).toBe(200);
    const page = res.json<ContactListResponse>();
    expect(page.pageSize).toBe(20);
    expect(page.rows.length).toBeLessThanOrEqual(20);
    expect(page.rows.every((r) => r.cid === acmeCid && r.isActive)).toBe(true);
    const ids = page.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it('sorts by last name and searches by name or e-mail', async () => {
    const page = (await admin.get('/api/v1/contacts?sort=lastName&direction=asc&pageSize=100')).json<ContactListResponse>();
    const names = page.rows.map((r) => r.lastName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const found = (await admin.get('/api/v1/contacts?search=becker')).json<ContactListResponse>();
    expect(found.rows.map((r) => r.email)).toContain('user@acme.example');
    expect((await admin.get('/api/v1/contacts?search=zzqqxx')).json<ContactListResponse>().total).toBe(0);
  });

  it('filters pending contacts (the demo has some)', async () => {
    const page = (await admin.get('/api/v1/contacts?isPending=true')).json<ContactListResponse>();
    expect(page.total).toBeGreaterThanOrEqual(2);
    expect(page.rows.every((r) => r.isPending)).toBe(true);
  });
});

describe('create, update, approve, disable', () => {
  it('creates and updates a contact of the caller’s customer', async () => {
    const created = await admin.post('/api/v1/contacts', body);
    expect(created.statusCode).toBe(201);
    const c = created.json<ContactDetail>();
    expect(c).toMatchObject({ cid: acmeCid, firstName: 'Ada', email: 'ada@acme.example', access: null });
    const upd = await admin.put(`/api/v1/contacts/${c.id}`, { ...body, title: 'Lead Analyst', mobilePhone: '(646) 555-0199' });
    expect(upd.statusCode).toBe(200);
    expect((await admin.get(`/api/v1/contacts/${c.id}`)).json<ContactDetail>()).toMatchObject({ title: 'Lead Analyst', mobilePhone: '(646) 555-0199' });
  });

  it('refuses a site of another customer', async () => {
    const globexLookups = (await globexAdmin.get('/api/v1/contacts/lookups')).json<{ sites: { id: number }[] }>();
    const res = await admin.post('/api/v1/contacts', { ...body, siteId: globexLookups.sites[0]!.id });
    expect(res.statusCode).toBe(403);
  });

  it('approves a pending contact once', async () => {
    const pending = await makeContact(t.database.db, { cid: acmeCid, isPending: true });
    const res = await admin.post(`/api/v1/contacts/${pending.id}/approve`);
    expect(res.statusCode).toBe(200);
    expect((await admin.get(`/api/v1/contacts/${pending.id}`)).json<ContactDetail>().isPending).toBe(false);
    expect((await admin.post(`/api/v1/contacts/${pending.id}/approve`)).statusCode).toBe(409);
  });

  it('disabling a contact ends its sessions: it can no longer call the API', async () => {
    const contact = await makeContact(t.database.db, { cid: acmeCid });
    const { user } = await makeWebUser(t.database.db, { contactId: contact.id, userType: 'Operator' });
    const victim = await signIn(t.app, user.email);
    expect((await victim.get('/api/v1/auth/me')).statusCode).toBe(200);
    const res = await admin.post(`/api/v1/contacts/${contact.id}/disable`);
    expect(res.statusCode).toBe(200);
    expect((await victim.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.webUserId, user.id))).toEqual([]);
    const login = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: user.email, password: 'demo-password-1' } });
    expect(login.statusCode).toBe(401);
    const detail = (await admin.get(`/api/v1/contacts/${contact.id}`)).json<ContactDetail>();
    expect(detail.isActive).toBe(false);
    expect(detail.access?.isActive).toBe(false);
  });

  it('an administrator cannot disable itself', async () => {
    expect((await admin.post(`/api/v1/contacts/${admin.session.user.contactId}/disable`)).statusCode).toBe(400);
  });

  it('CMS Access changes the account’s type and active flag', async () => {
    const contact = await makeContact(t.database.db, { cid: acmeCid });
    const { user } = await makeWebUser(t.database.db, { contactId: contact.id, userType: 'User' });
    const victim = await signIn(t.app, user.email);
    const res = await admin.put(`/api/v1/contacts/${contact.id}/access`, { userType: 'OperatorLimited', isActive: false });
    expect(res.statusCode).toBe(200);
    expect(res.json<ContactDetail>().access).toMatchObject({ userType: 'OperatorLimited', isActive: false });
    expect((await victim.get('/api/v1/auth/me')).statusCode).toBe(401);
    const noAccount = await makeContact(t.database.db, { cid: acmeCid });
    expect((await admin.put(`/api/v1/contacts/${noAccount.id}/access`, { userType: 'User', isActive: true })).statusCode).toBe(404);
  });
});

describe('export', () => {
  it('streams sheet Contacts with formulas escaped and phones formatted', async () => {
    await makeContact(t.database.db, { cid: acmeCid, firstName: '=1+1', lastName: 'Formula', directPhone: '2125550123' });
    const res = await admin.get('/api/v1/contacts/export?search=formula');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="CONTACTS_CMS_\d{8}_\d{6}\.xlsx"$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Contacts']);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 8)).toEqual(['Contact ID', 'First Name', 'Last Name', 'Email', 'Phone', 'Mobile', 'Title']);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(2).value).toBe("'=1+1");
    expect(ws.getRow(2).getCell(5).value).toBe('(212) 555-0123');
  });
});

describe('contact sub-pages', () => {
  it('lists the contact’s incidents and the e-mail preferences', async () => {
    const id = others.user.session.user.contactId;
    const inc = await admin.get(`/api/v1/contacts/${id}/tickets?type=Incident`);
    expect(inc.statusCode).toBe(200);
    expect(inc.json<ContactTicketsResponse>().total).toBeGreaterThan(0);
    const prefs = await admin.get(`/api/v1/contacts/${id}/email-preferences`);
    expect(prefs.statusCode).toBe(200);
    expect(prefs.json()).toHaveProperty('optOutMarketing');
  });
});
