import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { deviceKey, deviceRequestTarget, type Device, type DeviceListResponse, type ErrorResponse } from '@sc/common';
import { customers, devices } from '../src/db/schema/index.ts';
import { makeDevice } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client;
let globexAdmin: Client;
let operator: Client;
let limited: Client;
let user: Client;
let acmeCid: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, globexAdmin, operator, limited, user] = (await Promise.all(
    ['admin@acme.example', 'admin@globex.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client, Client];
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.code, 'ACME'));
  acmeCid = acme!.id;
});
afterAll(() => t.close());

const body = { deviceName: 'WS-NEW001', deviceType: 'Workstation', serialNumber: 'SN123', warrantyEnd: '2028-01-31' };

describe('device key rule', () => {
  it('takes Device ID above 0, else Kaseya, else N-central', () => {
    expect(deviceKey({ id: 7, kaseyaMachineGroupId: 'k', ncentralDeviceId: 'n' })).toEqual({ kind: 'device', value: '7' });
    expect(deviceKey({ id: -1, kaseyaMachineGroupId: 'k.root', ncentralDeviceId: 'n' })).toEqual({ kind: 'kaseya', value: 'k.root' });
    expect(deviceKey({ id: null, kaseyaMachineGroupId: null, ncentralDeviceId: '123' })).toEqual({ kind: 'ncentral', value: '123' });
    expect(deviceKey({ id: 0, kaseyaMachineGroupId: null, ncentralDeviceId: null })).toBeNull();
    expect(deviceRequestTarget({ id: 42, kaseyaMachineGroupId: null, ncentralDeviceId: null })).toEqual({ id: '42', query: { type: 'device' } });
    expect(deviceRequestTarget({ id: -1, kaseyaMachineGroupId: 'k.root', ncentralDeviceId: null })).toEqual({ id: 'k.root', query: { type: 'device', devicetype: 'kaseya' } });
  });
});

describe('list and read', () => {
  it('lists the customer’s devices by name for every staff type', async () => {
    for (const c of [admin, operator, limited]) {
      const res = await c.get('/api/v1/devices?pageSize=100');
      expect(res.statusCode).toBe(200);
      const page = res.json<DeviceListResponse>();
      expect(page.total).toBeGreaterThan(0);
      const names = page.rows.map((r) => r.deviceName);
      expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
    }
  });

  it('a User’s device list holds only its own contact’s devices, whatever contactId it sends', async () => {
    const own = user.session.user.contactId;
    const otherContact = operator.session.user.contactId;
    await makeDevice(t.database.db, { cid: acmeCid, contactId: otherContact, deviceName: 'OTHER-CONTACT-PC' });
    for (const url of ['/api/v1/devices?pageSize=100', `/api/v1/devices?pageSize=100&contactId=${otherContact}`]) {
      const page = (await user.get(url)).json<DeviceListResponse>();
      expect(page.total).toBeGreaterThan(0);
      expect(page.rows.every((r) => r.contactId === own)).toBe(true);
    }
    const adminView = (await admin.get(`/api/v1/devices?contactId=${otherContact}`)).json<DeviceListResponse>();
    expect(adminView.rows.map((r) => r.deviceName)).toContain('OTHER-CONTACT-PC');
  });

  it('searches by device name', async () => {
    await makeDevice(t.database.db, { cid: acmeCid, deviceName: 'SRV-SEARCHME' });
    const page = (await admin.get('/api/v1/devices?search=searchme')).json<DeviceListResponse>();
    expect(page.rows.map((r) => r.deviceName)).toEqual(['SRV-SEARCHME']);
  });

  it('refuses one device of another customer, or of another contact to a User', async () => {
    const [globexDevice] = (await globexAdmin.get('/api/v1/devices')).json<DeviceListResponse>().rows;
    expect((await admin.get(`/api/v1/devices/${globexDevice!.id}`)).statusCode).toBe(403);
    const other = await makeDevice(t.database.db, { cid: acmeCid, contactId: operator.session.user.contactId });
    expect((await user.get(`/api/v1/devices/${other.id}`)).statusCode).toBe(403);
    expect((await operator.get(`/api/v1/devices/${other.id}`)).statusCode).toBe(200);
    expect((await admin.get('/api/v1/devices/999999')).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/devices' })).statusCode).toBe(401);
  });
});

describe('write', () => {
  it('refuses Operator, OperatorLimited, User and signed-out callers on every write route', async () => {
    const [d] = (await admin.get('/api/v1/devices')).json<DeviceListResponse>().rows;
    for (const c of [operator, limited, user]) {
      for (const res of [await c.post('/api/v1/devices', body), await c.put(`/api/v1/devices/${d!.id}`, body), await c.get('/api/v1/devices/lookups')]) {
        expect(res.statusCode).toBe(403);
        expect(res.json<ErrorResponse>().message).toBe('Not Authorized');
      }
    }
    expect((await t.app.inject({ method: 'POST', url: '/api/v1/devices', payload: body })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: `/api/v1/devices/${d!.id}`, payload: body })).statusCode).toBe(401);
  });

  it('refuses another customer’s administrator on this customer’s device and contact', async () => {
    const [d] = (await admin.get('/api/v1/devices')).json<DeviceListResponse>().rows;
    expect((await globexAdmin.put(`/api/v1/devices/${d!.id}`, body)).statusCode).toBe(403);
    expect((await globexAdmin.post('/api/v1/devices', { ...body, contactId: admin.session.user.contactId })).statusCode).toBe(403);
  });

  it('adds and edits a device; bad input names the field; RMM ids stay unique', async () => {
    const created = await admin.post('/api/v1/devices', { ...body, contactId: user.session.user.contactId, kaseyaMachineGroupId: 'new001.root.kaseya' });
    expect(created.statusCode).toBe(201);
    const d = created.json<Device>();
    expect(d).toMatchObject({ deviceName: 'WS-NEW001', warrantyEnd: '2028-01-31', contactId: user.session.user.contactId });
    const clash = await admin.post('/api/v1/devices', { ...body, kaseyaMachineGroupId: 'new001.root.kaseya' });
    expect(clash.statusCode).toBe(409);
    expect(clash.json<ErrorResponse>().fieldErrors).toHaveProperty('kaseyaMachineGroupId');
    const upd = await admin.put(`/api/v1/devices/${d.id}`, { ...body, deviceName: 'WS-RENAMED', operatingSystem: 'Windows 11 Pro' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json<Device>()).toMatchObject({ deviceName: 'WS-RENAMED', operatingSystem: 'Windows 11 Pro', contactId: null });
    const bad = await admin.post('/api/v1/devices', { ...body, deviceName: '', warrantyEnd: 'soon' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorResponse>().fieldErrors!)).toEqual(expect.arrayContaining(['deviceName', 'warrantyEnd']));
    const [row] = await t.database.db.select().from(devices).where(eq(devices.id, d.id));
    expect(row!.cid).toBe(acmeCid);
  });
});
