import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_KEY_PREFIX, COMPAT_MESSAGES, DATA_API_TYPES, type ApiKeyCreatedResponse, type ApiKeysResponse, type DataApiResponse, type ErrorResponse } from '@sc/common';
import { apiKeys, webUsers } from '../src/db/schema/index.ts';
import { buildCompatFixtures, formBody, valuesOf, type CompatFixtures } from './compat-fixtures.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §16.1, §16.4, §16.5: API keys (create, list, revoke; hashed; shown once), identity from the
// session or the key only (X-User ignored), the web APIs upsert-ticket-filter / query-ticket-filters, and
// the Data API for every type, scoped to the key's customer.

let t: TestApp;
let admin: Client;
let operator: Client;
let user: Client;
let globexAdmin: Client;
let f: CompatFixtures;
let acmeKey: string;
let globexKey: string;

const withKey = (key: string, method: 'GET' | 'POST', url: string, payload?: string | object, headers: Record<string, string> = {}) =>
  t.app.inject({
    method,
    url,
    headers: { cmsapikey: key, ...(typeof payload === 'string' ? { 'content-type': 'application/x-www-form-urlencoded' } : {}), ...headers },
    ...(payload === undefined ? {} : { payload }),
  });

async function createKey(c: Client, name: string): Promise<ApiKeyCreatedResponse> {
  const res = await c.post('/api/v1/api-keys', { name });
  expect(res.statusCode, res.body).toBe(201);
  return res.json<ApiKeyCreatedResponse>();
}

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, user, globexAdmin] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client];
  f = await buildCompatFixtures(t, admin);
  acmeKey = (await createKey(admin, 'Acme integration')).key;
  globexKey = (await createKey(globexAdmin, 'Globex integration')).key;
});
afterAll(async () => {
  await t.close();
});

describe('API keys: the customer’s Administrator creates, lists and revokes them', () => {
  it('a new key is shown once, stored only as its SHA-256, and listed by prefix', async () => {
    const created = await createKey(admin, 'Nightly export');
    expect(created.key.startsWith(API_KEY_PREFIX)).toBe(true);
    expect(created.key.length).toBeGreaterThan(40);
    expect(created.apiKey).toMatchObject({ name: 'Nightly export', revokedAt: null, lastUsedAt: null });
    expect(created.key.startsWith(created.apiKey.prefix)).toBe(true);
    const [row] = await t.database.db.select().from(apiKeys).where(eq(apiKeys.id, created.apiKey.id));
    expect(row!.keyHash).toMatch(/^[0-9a-f]{64}$/);
    expect(JSON.stringify(row)).not.toContain(created.key);
    const list = (await admin.get('/api/v1/api-keys')).json<ApiKeysResponse>();
    expect(list.keys.map((k) => k.name)).toContain('Nightly export');
    expect(JSON.stringify(list)).not.toContain(created.key);
    expect(list.keys.map((k) => k.name)).not.toContain('Globex integration');
  });

  it('refusals: signed out 401, wrong role 403, another customer’s key 404, bad name 400, a key cannot manage keys', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/api-keys' })).statusCode).toBe(401);
    for (const c of [operator, user]) {
      expect((await c.get('/api/v1/api-keys')).statusCode).toBe(403);
      expect((await c.post('/api/v1/api-keys', { name: 'x' })).statusCode).toBe(403);
    }
    const globexKeyId = (await globexAdmin.get('/api/v1/api-keys')).json<ApiKeysResponse>().keys[0]!.id;
    expect((await admin.post(`/api/v1/api-keys/${globexKeyId}/revoke`)).statusCode).toBe(404);
    const bad = await admin.post('/api/v1/api-keys', { name: '  ' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().fieldErrors).toHaveProperty(['name']);
    const viaKey = await withKey(acmeKey, 'GET', '/api/v1/api-keys');
    expect(viaKey.statusCode).toBe(401);
    expect(viaKey.json<ErrorResponse>().message).toBe(COMPAT_MESSAGES.apiKeyNotAllowed);
  });

  it('a revoked key is refused at once (401); an unknown one too', async () => {
    const k = await createKey(admin, 'Short-lived');
    expect((await withKey(k.key, 'GET', '/api/data/contact')).statusCode).toBe(200);
    const revoked = await admin.post(`/api/v1/api-keys/${k.apiKey.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json<{ revokedAt: string | null }>().revokedAt).not.toBeNull();
    const refused = await withKey(k.key, 'GET', '/api/data/contact');
    expect(refused.statusCode).toBe(401);
    expect(refused.json<ErrorResponse>().message).toBe(COMPAT_MESSAGES.invalidApiKey);
    expect((await withKey(`${API_KEY_PREFIX}not-a-real-key-at-all`, 'GET', '/api/data/contact')).statusCode).toBe(401);
    // Authorization: Bearer works the same way.
    const bearer = await t.app.inject({ method: 'GET', url: '/api/data/contact', headers: { authorization: `Bearer ${k.key}` } });
    expect(bearer.statusCode).toBe(401);
  });

  it('a key stops working when its creator is no longer an Administrator', async () => {
    const k = await createKey(admin, 'Creator demoted');
    const db = t.database.db;
    const id = admin.session.user.ccWebUserId;
    await db.update(webUsers).set({ userType: 'Operator' }).where(eq(webUsers.id, id));
    try {
      expect((await withKey(k.key, 'GET', '/api/data/contact')).statusCode).toBe(401);
    } finally {
      await db.update(webUsers).set({ userType: 'Administrator' }).where(eq(webUsers.id, id));
    }
    expect((await withKey(k.key, 'GET', '/api/data/contact')).statusCode).toBe(200);
    const used = (await admin.get('/api/v1/api-keys')).json<ApiKeysResponse>().keys.find((x) => x.id === k.apiKey.id)!;
    expect(used.lastUsedAt).not.toBeNull();
  });
});

describe('identity: the key or the session, never X-User', () => {
  it('Acme’s key never reaches Globex’s records (bridged, Data API, by id or in lists)', async () => {
    const byId = await withKey(acmeKey, 'POST', '/acme/customer-portal/shared-resources/bridgedResources/Contact%20by%20ID', formBody(valuesOf({ ContactID: f.globex.contactId })));
    expect(byId.statusCode).toBe(403);
    expect([403, 404]).toContain((await withKey(acmeKey, 'GET', `/api/data/incident?id=${f.globex.incidentId}`)).statusCode);
    expect([403, 404]).toContain((await withKey(acmeKey, 'GET', `/api/data/device?id=${f.globex.deviceId}`)).statusCode);
    expect((await withKey(acmeKey, 'GET', `/api/data/job?id=${f.globex.jobId}`)).statusCode).toBe(403);
    for (const type of ['contact', 'device', 'incident', 'job'] as const) {
      const page = (await withKey(acmeKey, 'GET', `/api/data/${type}?pageSize=100`)).json<DataApiResponse>();
      expect(JSON.stringify(page), type).not.toMatch(/Gloria|WS-GLOBEX1|Globex secret incident|J-GLOBEX/);
    }
    const mine = (await withKey(globexKey, 'GET', `/api/data/contact?id=${f.globex.contactId}`)).json<DataApiResponse>();
    expect(mine.rows[0]!['First Name']).toBe('Gloria');
  });

  it('an X-User naming another contact or customer changes nothing (key and session alike)', async () => {
    const forged = JSON.stringify({ CID: f.globexCid, ContactID: f.globex.contactId, UserType: 'Administrator', UserName: 'admin@globex.example', CCWebUserID: 1 });
    const viaKey = await withKey(acmeKey, 'GET', `/api/data/contact?id=${f.globex.contactId}`, undefined, { 'x-user': forged });
    expect(viaKey.statusCode).toBe(403);
    const plain = (await withKey(acmeKey, 'GET', '/api/data/incident?pageSize=100')).json<DataApiResponse>();
    const forgedList = (await withKey(acmeKey, 'GET', '/api/data/incident?pageSize=100', undefined, { 'x-user': forged })).json<DataApiResponse>();
    expect(forgedList).toEqual(plain);
    // A User's session with an X-User claiming Administrator is still a User.
    const asUser = await t.app.inject({ method: 'GET', url: '/api/data/contact', headers: { cookie: user.cookie, 'x-user': JSON.stringify({ UserType: 'Administrator' }) } });
    expect(asUser.statusCode).toBe(403);
  });

  it('a key writes through the web APIs without CSRF; a cookie write without the CSRF header is refused', async () => {
    const doc = { SearchName: 'Key filter', IsPublic: true, criteria: { isVip: true } };
    const res = await withKey(acmeKey, 'POST', '/app/kapps/customer-portal/webApis/upsert-ticket-filter', { partitionKey: '["Incidents"]', upsert: true, documentJson: JSON.stringify(doc) });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<{ document: { UserId: number } }>().document.UserId).toBe(admin.session.user.ccWebUserId);
    const noCsrf = await t.app.inject({
      method: 'POST',
      url: '/app/kapps/customer-portal/webApis/upsert-ticket-filter',
      headers: { cookie: admin.cookie },
      payload: { partitionKey: '["Incidents"]', documentJson: doc },
    });
    expect(noCsrf.statusCode).toBe(403);
    // The chat beacon stays browser-only.
    const beacon = await withKey(acmeKey, 'POST', '/app/kapps/customer-portal/webApis/chat-end-by-chatid', { chatId: 'x' });
    expect(beacon.statusCode).toBe(401);
  });
});

describe('web APIs upsert-ticket-filter and query-ticket-filters', () => {
  const UPSERT = '/app/kapps/customer-portal/webApis/upsert-ticket-filter';
  const QUERY = '/app/kapps/customer-portal/webApis/query-ticket-filters';

  it('upsert saves under md5(SearchName); query answers the total (public or own) and the page', async () => {
    const countOf = async (c: Client) =>
      (await c.post(QUERY, { partitionKey: '["Requests"]', queryExpression: JSON.stringify({ count: true }) })).json<{ Documents: unknown[]; totalRecords: number }>();
    const before = (await countOf(operator)).totalRecords;
    const save = (c: Client, name: string, isPublic: boolean) =>
      c.post(UPSERT, { partitionKey: '["Requests"]', upsert: true, documentJson: JSON.stringify({ SearchName: name, IsPublic: isPublic, criteria: { departmentId: 1 } }) });
    const a = await save(admin, 'Admin public', true);
    expect(a.statusCode, a.body).toBe(200);
    expect(a.json<{ document: { id: string } }>().document.id).toMatch(/^[0-9a-f]{32}$/);
    expect((await save(admin, 'Admin private', false)).statusCode).toBe(200);
    expect((await save(operator, 'Operator private', false)).statusCode).toBe(200);
    // The operator cannot overwrite the administrator's filter of the same name.
    expect((await save(operator, 'Admin public', false)).statusCode).toBe(403);

    expect(await countOf(operator)).toEqual({ Documents: [], totalRecords: before + 2 });
    const all = (await operator.post(QUERY, { partitionKey: '["Requests"]', queryExpression: { offset: 0, limit: 100 } })).json<{ Documents: { SearchName: string }[]; totalRecords: number }>();
    expect(all.totalRecords).toBe(before + 2);
    expect(all.Documents.map((d) => d.SearchName)).toEqual(expect.arrayContaining(['Admin public', 'Operator private']));
    expect(all.Documents.map((d) => d.SearchName)).not.toContain('Admin private');
    const second = (await operator.post(QUERY, { partitionKey: '["Requests"]', queryExpression: { offset: 1, limit: 1 } })).json<{ Documents: { SearchName: string }[] }>();
    expect(second.Documents).toEqual([all.Documents[1]]);
    const globex = (await globexAdmin.post(QUERY, { partitionKey: '["Requests"]', queryExpression: { limit: 100 } })).json<{ Documents: { SearchName: string }[] }>();
    expect(globex.Documents.map((d) => d.SearchName)).not.toContain('Admin public');
  });

  it('refusals and bad input', async () => {
    expect((await t.app.inject({ method: 'POST', url: QUERY, payload: { partitionKey: '["Requests"]' } })).statusCode).toBe(401);
    const badPartition = await admin.post(QUERY, { partitionKey: '["Other"]' });
    expect(badPartition.statusCode).toBe(400);
    expect(badPartition.json<ErrorResponse>().fieldErrors).toHaveProperty(['partitionKey']);
    const noName = await admin.post(UPSERT, { partitionKey: '["Requests"]', documentJson: '{"IsPublic":true}' });
    expect(noName.statusCode).toBe(400);
    expect((await admin.post(UPSERT, { partitionKey: '["Requests"]', documentJson: '{not json' })).statusCode).toBe(400);
    expect((await admin.post(QUERY, { partitionKey: '["Requests"]', queryExpression: '{"limit": 1000}' })).statusCode).toBe(400);
  });
});

describe('Data API: every type, scoped to the caller', () => {
  it.each(DATA_API_TYPES)('%s: a page of records with the original’s names, and one by id', async (type) => {
    const q: Record<string, string> = {
      contact: '',
      job: '',
      device: '',
      incident: '',
      product: `jobId=${f.jobId}`,
      jobreport: `jobId=${f.jobId}`,
      action: `incidentId=${f.incidentId}`,
    };
    const ids: Record<string, number> = { contact: f.contactId, job: f.jobId, device: f.deviceId, incident: f.incidentId, product: f.productId, jobreport: f.timeEntryId, action: f.actionId };
    const idField: Record<string, string> = { contact: 'Contact ID', job: 'Job ID', device: 'Device ID', incident: 'IncidentID', product: 'Product ID', jobreport: 'Time Data ID', action: 'Action ID' };
    const list = await withKey(acmeKey, 'GET', `/api/data/${type}?pageSize=100&${q[type]}`);
    expect(list.statusCode, list.body).toBe(200);
    const page = list.json<DataApiResponse>();
    expect(page).toMatchObject({ page: 1, pageSize: 100 });
    expect(page.rows.map((r) => r[idField[type]!])).toContain(String(ids[type]));
    const one = (await withKey(acmeKey, 'GET', `/api/data/${type}?id=${ids[type]}&${q[type]}`)).json<DataApiResponse>();
    expect(one.rows.map((r) => r[idField[type]!])).toEqual([String(ids[type])]);
  });

  it('refusals: signed out 401, unknown type 400, missing jobId 400, wrong role 403 (session)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/data/contact' })).statusCode).toBe(401);
    expect((await withKey(acmeKey, 'GET', '/api/data/invoice')).statusCode).toBe(400);
    const noJob = await withKey(acmeKey, 'GET', '/api/data/product');
    expect(noJob.statusCode).toBe(400);
    expect(noJob.json<ErrorResponse>().fieldErrors).toHaveProperty(['jobId']);
    expect((await user.get('/api/data/job')).statusCode).toBe(403);
    const ownIncidents = (await user.get('/api/data/incident?pageSize=100')).json<DataApiResponse>();
    expect(new Set(ownIncidents.rows.map((r) => r.ContactID))).toEqual(new Set([String(user.session.user.contactId)]));
  });
});
