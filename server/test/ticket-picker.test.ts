import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { Page, PickerContact, PickerDevice } from '@sc/common';
import { contacts, devices } from '../src/db/schema/index.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client, operator: Client, limited: Client, user: Client, globex: Client;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, limited, user, globex] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client, Client];
});
afterAll(() => t.close());

const contactsOf = async (c: Client, q = '') => {
  const res = await c.get(`/api/v1/ticket-picker/contacts${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<PickerContact>>();
};
const devicesOf = async (c: Client, q = '') => {
  const res = await c.get(`/api/v1/ticket-picker/devices${q}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<Page<PickerDevice>>();
};

describe('GET /api/v1/ticket-picker/contacts', () => {
  it('lists the caller’s customer’s active contacts by LastName ascending, paged, with the total', async () => {
    const acmeCid = admin.session.user.cid;
    const db = t.database.db;
    const expected = await db.select({ id: contacts.id, last: contacts.lastName }).from(contacts).where(eq(contacts.cid, acmeCid));
    const page = await contactsOf(admin, '?page=1&pageSize=5');
    expect(page.rows).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(page.total).toBeLessThanOrEqual(expected.length);
    const lasts = page.rows.map((r) => r.lastName);
    expect(lasts).toEqual([...lasts].sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || 0));
    const ids = new Set(expected.map((e) => e.id));
    for (const r of page.rows) expect(ids.has(r.id)).toBe(true);
    const second = await contactsOf(admin, '?page=2&pageSize=5');
    expect(second.rows.map((r) => r.id)).not.toContain(page.rows[0]!.id);
  });

  it('searches by name (TYPE NAME), LIKE wildcards taken literally', async () => {
    const me = user.session.user;
    const found = await contactsOf(operator, `?search=${encodeURIComponent(me.lastName)}`);
    expect(found.rows.map((r) => r.id)).toContain(me.contactId);
    for (const r of found.rows) expect(`${r.firstName} ${r.lastName} ${r.email ?? ''}`.toLowerCase()).toContain(me.lastName.toLowerCase());
    expect((await contactsOf(operator, '?search=%25')).total).toBe(0);
  });

  it('a User sees only itself', async () => {
    const page = await contactsOf(user);
    expect(page.rows.map((r) => r.id)).toEqual([user.session.user.contactId]);
    expect(page.total).toBe(1);
  });

  it('another customer’s contacts never appear', async () => {
    const g = await contactsOf(globex, '?pageSize=50');
    const acmeIds = new Set((await t.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.cid, admin.session.user.cid))).map((r) => r.id));
    expect(g.rows.length).toBeGreaterThan(0);
    for (const r of g.rows) expect(acmeIds.has(r.id)).toBe(false);
    expect((await contactsOf(globex, `?search=${encodeURIComponent(user.session.user.userName)}`)).total).toBe(0);
  });

  it('refuses signed out (401) and a bad page size (400 naming the field)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ticket-picker/contacts' })).statusCode).toBe(401);
    const bad = await limited.get('/api/v1/ticket-picker/contacts?pageSize=500');
    expect(bad.statusCode).toBe(400);
    expect(bad.body).toContain('pageSize');
  });
});

describe('GET /api/v1/ticket-picker/devices', () => {
  it('lists the customer’s devices by DeviceName; a User only its own contact’s devices', async () => {
    const db = t.database.db;
    const all = await devicesOf(operator, '?pageSize=50');
    expect(all.rows.length).toBeGreaterThan(0);
    const names = all.rows.map((r) => r.deviceName);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    const own = await db.select({ id: devices.id }).from(devices).where(eq(devices.contactId, user.session.user.contactId));
    const mine = await devicesOf(user, '?pageSize=50');
    expect(mine.rows.map((r) => r.id).sort()).toEqual(own.map((r) => r.id).sort());
  });

  it('another customer’s devices never appear; signed out is 401', async () => {
    const acmeDevices = new Set((await t.database.db.select({ id: devices.id }).from(devices).where(eq(devices.cid, admin.session.user.cid))).map((r) => r.id));
    const g = await devicesOf(globex, '?pageSize=50');
    for (const r of g.rows) expect(acmeDevices.has(r.id)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ticket-picker/devices' })).statusCode).toBe(401);
  });
});
