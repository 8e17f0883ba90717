import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import type { AuditListResponse, SignedInDevicesResponse } from '@sc/common';
import { sessions, webUsers } from '../src/db/schema/index.ts';
import { insertToken } from '../src/modules/public/queries.ts';
import { newLinkToken } from '../src/modules/public/tokens.ts';
import { makeContact, makeCustomerWithUser, makeWebUser } from '../src/db/seed/factories.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { createTestApp, sessionCookieOf, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §19.3 (sessions, Signed-in devices) and §19.4 (the audit log).

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/** A customer of the test's own with an Administrator, a User, and one more contact. */
async function freshCustomer() {
  const { customer, user: adminUser } = await makeCustomerWithUser(t.database.db, 'Administrator');
  const userContact = await makeContact(t.database.db, { cid: customer.id });
  const { user } = await makeWebUser(t.database.db, { contactId: userContact.id, userType: 'User' });
  return { customer, adminEmail: adminUser.email, userEmail: user.email, userContactId: userContact.id };
}

const devices = async (c: Client) => (await c.get('/api/v1/sessions')).json<SignedInDevicesResponse>().sessions;

describe('sessions (requirements §19.3)', () => {
  it('signing in over a session cookie ends that session and starts a new id', async () => {
    const { userEmail } = await freshCustomer();
    const first = await signIn(t.app, userEmail);
    const again = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: userEmail, password: DEMO_PASSWORD }, headers: { cookie: first.cookie } });
    expect(again.statusCode).toBe(200);
    expect(sessionCookieOf(again)).not.toBe(first.cookie);
    expect((await first.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: sessionCookieOf(again) } })).statusCode).toBe(200);
  });

  it('lists the caller’s own sessions with browser, address and times, this one marked', async () => {
    const { userEmail } = await freshCustomer();
    const a = await signIn(t.app, userEmail);
    await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      payload: { email: userEmail, password: DEMO_PASSWORD },
      headers: { 'user-agent': 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0 Safari/537.36' },
      remoteAddress: '192.0.2.44',
    });
    const list = await devices(a);
    expect(list).toHaveLength(2);
    expect(list.filter((s) => s.current)).toHaveLength(1);
    const other = list.find((s) => !s.current)!;
    expect(other).toMatchObject({ browser: 'Chrome on Windows', ip: '192.0.2.44' });
    expect(Date.parse(other.lastSeenAt)).not.toBeNaN();
    expect(Date.parse(other.createdAt)).not.toBeNaN();
  });

  it('ends one other session, or all others, and never another account’s', async () => {
    const { userEmail, adminEmail } = await freshCustomer();
    const me = await signIn(t.app, userEmail);
    const laptop = await signIn(t.app, userEmail);
    const phone = await signIn(t.app, userEmail);
    const admin = await signIn(t.app, adminEmail);
    const laptopId = (await devices(laptop)).find((s) => s.current)!.id;
    // Another account's session id is not found for me (and stays alive).
    const adminId = (await devices(admin)).find((s) => s.current)!.id;
    expect((await me.delete(`/api/v1/sessions/${adminId}`)).statusCode).toBe(404);
    expect((await admin.get('/api/v1/auth/me')).statusCode).toBe(200);
    // A malformed id is a 400 naming the field.
    const bad = await me.delete('/api/v1/sessions/not-an-id');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('id');

    expect((await me.delete(`/api/v1/sessions/${laptopId}`)).json()).toEqual({ ended: 1 });
    expect((await laptop.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect((await phone.get('/api/v1/auth/me')).statusCode).toBe(200);

    expect((await me.post('/api/v1/sessions/end-others', {})).json()).toEqual({ ended: 1 });
    expect((await phone.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect((await me.get('/api/v1/auth/me')).statusCode).toBe(200);
    expect(await devices(me)).toHaveLength(1);
  });

  it('refuses the devices routes when signed out (401) and a write without the CSRF token (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/sessions' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/sessions/end-others', payload: {} })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/v1/sessions/${'a'.repeat(64)}` })).statusCode).toBe(401);
    const { userEmail } = await freshCustomer();
    const me = await signIn(t.app, userEmail);
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/sessions/end-others', headers: { cookie: me.cookie }, payload: {} })).statusCode).toBe(403);
  });

  it('disabling an account (CMS Access) ends its sessions', async () => {
    const { adminEmail, userEmail, userContactId } = await freshCustomer();
    const admin = await signIn(t.app, adminEmail);
    const victim = await signIn(t.app, userEmail);
    expect((await admin.put(`/api/v1/contacts/${userContactId}/access`, { userType: 'User', isActive: false })).statusCode).toBe(200);
    expect((await victim.get('/api/v1/auth/me')).statusCode).toBe(401);
  });
});

describe('audit log (requirements §19.4)', () => {
  const audit = async (c: Client, query = '') => {
    const res = await c.get(`/api/v1/audit-log${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AuditListResponse>();
  };

  it('records sign-ins, access changes, disables, invitations and banner edits of a customer, with who and from where', async () => {
    const { customer, adminEmail, userEmail, userContactId } = await freshCustomer();
    const failed = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: userEmail, password: 'not-it-1' }, remoteAddress: '198.51.100.9' });
    expect(failed.statusCode).toBe(401);
    const admin = await signIn(t.app, adminEmail);
    expect((await admin.put(`/api/v1/contacts/${userContactId}/access`, { userType: 'OperatorLimited', isActive: true })).statusCode).toBe(200);
    const invitee = await makeContact(t.database.db, { cid: customer.id, email: `inv.${customer.id}@example.com` });
    expect((await admin.post('/api/v1/invitations', { contacts: [{ contactId: invitee.id, userType: 'User' }] })).statusCode).toBeLessThan(300);
    expect((await admin.post(`/api/v1/contacts/${invitee.id}/disable`)).statusCode).toBe(200);
    expect((await admin.put('/api/v1/banner', { expirationDate: '2099-01-01', message: 'Maintenance tonight' })).statusCode).toBe(200);

    const page = await audit(admin, '?pageSize=50');
    const actions = page.rows.map((r) => r.action);
    expect(actions).toEqual(expect.arrayContaining(['sign-in.failure', 'sign-in.success', 'contact.access', 'invitation.send', 'contact.disable', 'banner.edit']));
    expect(page.rows.every((r) => r.cid === customer.id)).toBe(true);
    const fail = page.rows.find((r) => r.action === 'sign-in.failure')!;
    expect(fail).toMatchObject({ actorEmail: userEmail, ip: '198.51.100.9' });
    const access = page.rows.find((r) => r.action === 'contact.access')!;
    expect(access).toMatchObject({ actorEmail: adminEmail, targetType: 'contact', targetId: String(userContactId) });
    expect(access.details).toEqual({ userType: { from: 'User', to: 'OperatorLimited' } });
    // Newest first.
    expect(page.rows.map((r) => r.at)).toEqual([...page.rows.map((r) => r.at)].sort().reverse());
  });

  it('filters by action, actor, date and search (the list contract)', async () => {
    const { adminEmail, userEmail } = await freshCustomer();
    await signIn(t.app, userEmail);
    const admin = await signIn(t.app, adminEmail);
    const signIns = await audit(admin, '?action=sign-in.success');
    expect(signIns.total).toBe(2);
    expect(signIns.rows.every((r) => r.action === 'sign-in.success')).toBe(true);
    const byActor = await audit(admin, `?actor=${encodeURIComponent(userEmail)}`);
    expect(byActor.rows.map((r) => r.actorEmail)).toEqual([userEmail]);
    const future = await audit(admin, `?from=${encodeURIComponent(new Date(Date.now() + 3_600_000).toISOString())}`);
    expect(future.total).toBe(0);
    const past = await audit(admin, `?to=${encodeURIComponent(new Date(Date.now() - 3_600_000).toISOString())}`);
    expect(past.total).toBe(0);
    const searched = await audit(admin, `?search=${encodeURIComponent(userEmail.slice(0, 12))}`);
    expect(searched.rows.length).toBeGreaterThanOrEqual(1);
    const bad = await admin.get('/api/v1/audit-log?from=yesterday');
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toHaveProperty('from');
  });

  it('an Administrator reads only its own organisation’s log; the space admin reads every customer’s and the provider-wide rows', async () => {
    const a = await freshCustomer();
    const b = await freshCustomer();
    const adminA = await signIn(t.app, a.adminEmail);
    await signIn(t.app, b.adminEmail);
    const seenByA = await audit(adminA, '?pageSize=100');
    expect(seenByA.rows.some((r) => r.actorEmail === b.adminEmail)).toBe(false);
    expect(seenByA.rows.every((r) => r.cid === a.customer.id)).toBe(true);
    // An unknown e-mail's failure is provider-wide (no customer): no customer's Administrator sees it.
    await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email: 'ghost@nowhere.example', password: 'whatever-1' } });
    expect((await audit(adminA, '?search=ghost@nowhere')).total).toBe(0);

    const staff = await signIn(t.app, 'staff@provider.example');
    const all = await audit(staff, '?pageSize=100&action=sign-in.success');
    expect(all.rows.map((r) => r.actorEmail)).toEqual(expect.arrayContaining([a.adminEmail, b.adminEmail]));
    const ghost = await audit(staff, '?search=ghost@nowhere');
    expect(ghost.rows[0]).toMatchObject({ action: 'sign-in.failure', cid: null, organizationName: null });
  });

  it('refuses signed out (401) and every user type but Administrator (403)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit-log' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/audit-log/export' })).statusCode).toBe(401);
    for (const email of ['operator@acme.example', 'limited@acme.example', 'user@acme.example', 'user@globex.example']) {
      const c = await signIn(t.app, email);
      expect((await c.get('/api/v1/audit-log')).statusCode, email).toBe(403);
      expect((await c.get('/api/v1/audit-log/export')).statusCode, email).toBe(403);
    }
  });

  it('exports the filtered log as .xlsx, only the caller’s organisation', async () => {
    const { adminEmail } = await freshCustomer();
    const other = await freshCustomer();
    await signIn(t.app, other.adminEmail);
    const admin = await signIn(t.app, adminEmail);
    const res = await admin.get('/api/v1/audit-log/export?action=sign-in.success');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).getCell(2).value).toBe('Action');
    const actors = ws.getColumn(4).values.slice(2);
    expect(actors).toEqual([adminEmail]);
  });

  it('records ticket notes through the same helper', async () => {
    const admin = await signIn(t.app, 'admin@acme.example');
    const list = await admin.get('/api/v1/incidents?pageSize=10');
    const ticketId = list.json<{ rows: { id: number }[] }>().rows[0]!.id;
    expect((await admin.post(`/api/v1/tickets/${ticketId}/actions`, { note: '<p>Audited note</p>' })).statusCode).toBeLessThan(300);
    const rows = await audit(admin, '?action=ticket.note');
    expect(rows.rows[0]).toMatchObject({ targetType: 'ticket', targetId: String(ticketId), actorEmail: 'admin@acme.example' });
  });

  it('a password reset is audited and ends every session of the account', async () => {
    const { userEmail, adminEmail } = await freshCustomer();
    const c1 = await signIn(t.app, userEmail);
    const c2 = await signIn(t.app, userEmail);
    const [account] = await t.database.db.select().from(webUsers).where(eq(webUsers.email, userEmail));
    const link = newLinkToken(60_000);
    await insertToken(t.database.db, { purpose: 'reset', tokenHash: link.tokenHash, expiresAt: link.expiresAt, cid: account!.cid, contactId: account!.contactId, webUserId: account!.id });
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/public/password/reset',
      payload: { token: link.token, password: 'Quartz-Lantern-Meadow-42', confirmPassword: 'Quartz-Lantern-Meadow-42' },
      remoteAddress: '192.0.2.91',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await c1.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect((await c2.get('/api/v1/auth/me')).statusCode).toBe(401);
    expect(await t.database.db.select().from(sessions).where(eq(sessions.webUserId, account!.id))).toEqual([]);
    const admin = await signIn(t.app, adminEmail);
    const rows = await audit(admin, '?action=password.reset');
    expect(rows.rows[0]).toMatchObject({ actorEmail: userEmail, ip: '192.0.2.91', targetId: String(account!.id) });
  });
});
