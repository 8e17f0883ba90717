import { PassThrough } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type ErrorResponse } from '@sc/common';
import { makeContact, makeCustomer, makeTicket, makeWebUser } from '../src/db/seed/factories.ts';
import { fieldWithNul, NUL_MESSAGE } from '../src/http/nul-guard.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// docs/requirements.md §18.4: the answers ≥ 500 `npm run fuzz` found, each as the request that caused it
// (trimmed to the part that mattered); every one must now be a 4xx naming the field, or a plain answer.

let t: TestApp;
let operator: Client;
let contactId: number;
let ticketId: number;
beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const home = await makeCustomer(db);
  const c = await makeContact(db, { cid: home.id, isPrimary: true, email: `fuzzreg.op.${Date.now()}@fuzzreg.example` });
  await makeWebUser(db, { contactId: c.id, userType: 'Operator' });
  contactId = c.id;
  ticketId = (await makeTicket(db, { cid: home.id, contactId: c.id, ticketType: 'Incident' })).id;
  operator = await signIn(t.app, c.email!);
});
afterAll(async () => {
  await t?.close();
});

describe('ids written as ten digits past the integer range', () => {
  it.each(['2147483648', '9999999999'])('GET /api/v1/tickets/new?id=%s (a contact id) → 400 naming id, not 500', async (id) => {
    const res = await operator.get(`/api/v1/tickets/new?type=contact&id=${id}`);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toEqual({ id: 'Expected a number' });
  });

  it('GET /api/v1/tickets/new?type=device&id=2147483648 → 400 naming id', async () => {
    const res = await operator.get('/api/v1/tickets/new?type=device&devicetype=device&id=2147483648');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {})).toEqual(['id']);
  });

  it('the largest id still reaches the lookup (contact not found), and a real one the form (200)', async () => {
    const largest = await operator.get('/api/v1/tickets/new?type=contact&id=2147483647');
    expect(largest.statusCode).toBe(400);
    expect(largest.json<ErrorResponse>().fieldErrors).toEqual({ contactId: 'Contact not found' });
    const res = await operator.get(`/api/v1/tickets/new?type=contact&id=${contactId}`);
    expect(res.statusCode).toBe(200);
    expect(res.json<{ contactId: number }>().contactId).toBe(contactId);
  });

  it('the compatibility bodies with a bare id string past the range are a 400 (request-status-update-inc, delete-contact)', async () => {
    const post = (url: string, id: string) =>
      t.app.inject({ method: 'POST', url, headers: { cookie: operator.cookie, [CSRF_HEADER]: operator.csrfToken, 'content-type': 'application/json' }, payload: JSON.stringify(id) });
    expect((await post('/app/kapps/customer-portal/webApis/request-status-update-inc', '2147483648')).statusCode).toBe(400);
    expect((await post('/app/kapps/customer-portal/webApis/delete-contact', '9999999999')).statusCode).toBe(400);
    // In range, the same call still reaches the ticket.
    expect((await post('/app/kapps/customer-portal/webApis/request-status-update-inc', String(ticketId))).statusCode).toBeLessThan(300);
  });
});

describe('U+0000 in any string of a request (PostgreSQL text cannot hold it)', () => {
  const json = (method: 'POST' | 'PUT', url: string, body: unknown) =>
    t.app.inject({ method, url, headers: { cookie: operator.cookie, [CSRF_HEADER]: operator.csrfToken, 'content-type': 'application/json' }, payload: JSON.stringify(body) });

  it('a note of "\\u0000" (the request fuzz seed 1 #331 sent to POST /tickets/{id}/actions) → 400 naming note', async () => {
    const res = await json('POST', `/api/v1/tickets/${ticketId}/actions`, { note: '\u0000' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toEqual({ note: NUL_MESSAGE });
  });

  it.each([
    ['PUT /tickets/{id} shortDescription', 'PUT', (): string => `/api/v1/tickets/${ticketId}`, { shortDescription: 'Printer\u0000jam', version: 1 }, 'shortDescription'],
    ['PUT /ticket-filters searchName', 'PUT', (): string => '/api/v1/ticket-filters', { searchType: 'Incidents', searchName: 'Mine\u0000', criteria: {} }, 'searchName'],
    ['PUT /ticket-filters a key inside criteria', 'PUT', (): string => '/api/v1/ticket-filters', { searchType: 'Incidents', searchName: 'Mine', criteria: { 'a\u0000': 1 } }, 'criteria.a\u0000'],
  ] as const)('%s → 400 naming the field', async (_name, method, url, body, field) => {
    const res = await json(method, url(), body);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toEqual({ [field]: NUL_MESSAGE });
  });

  it('a path parameter of %00 (fuzz seed 1 #29 to GET /public/registration/{gid}, signed out) → 400 naming gid', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/public/registration/%00' });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toEqual({ gid: NUL_MESSAGE });
  });

  it.each([
    ['/api/v1/incidents?search=a%00b', 'search'],
    ['/api/v1/search?q=abc%00', 'q'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    const res = await operator.get(url);
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().fieldErrors).toEqual({ [field]: NUL_MESSAGE });
  });

  it('text without NUL still saves, and an uploaded file may hold NUL bytes (a file, not text)', async () => {
    expect((await json('POST', `/api/v1/tickets/${ticketId}/actions`, { note: '<p>Printer jam</p>' })).statusCode).toBe(201);
    const upload = await t.app.inject({
      method: 'POST',
      url: `/api/v1/tickets/${ticketId}/attachments?name=screen.png`,
      headers: { cookie: operator.cookie, [CSRF_HEADER]: operator.csrfToken, 'content-type': 'image/png' },
      // A PNG signature, then an IHDR chunk's length: a binary file is full of zero bytes.
      payload: Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 0x0d, 0x49, 0x48, 0x44, 0x52]),
    });
    expect(upload.statusCode, upload.body).toBe(201);
  });

  it('fieldWithNul names the first string or key holding U+0000, and nothing else', () => {
    expect(fieldWithNul({ a: 'x', b: ['ok', 'n\u0000'] })).toBe('b.1');
    expect(fieldWithNul('\u0000')).toBe('request');
    expect(fieldWithNul({ a: { 'k\u0000': 1 } })).toBe('a.k\u0000');
    expect(fieldWithNul({ a: 'x', n: 1, z: null, buf: Buffer.from([0]) })).toBeNull();
    // A streamed upload's body (the request's stream) is a file, and its object graph is not walked.
    const stream = new PassThrough();
    (stream as unknown as { note: string }).note = 'n\u0000';
    expect(fieldWithNul(stream)).toBeNull();
    expect(fieldWithNul(Object.assign(Object.create(null) as object, { q: 'n\u0000' }))).toBe('q');
  });
});

describe('the year 0000 (ISO 8601 allows it, PostgreSQL refuses it)', () => {
  let admin: Client;
  beforeAll(async () => {
    const db = t.database.db;
    const home = await makeCustomer(db);
    const c = await makeContact(db, { cid: home.id, email: `fuzzreg.admin.${Date.now()}@fuzzreg.example` });
    await makeWebUser(db, { contactId: c.id, userType: 'Administrator' });
    admin = await signIn(t.app, c.email!);
  });

  it('GET /api/v1/balances?asOfDate=0000-01-01 (fuzz seed 1 #1971) → 400 naming asOfDate; 0001-01-01 is answered', async () => {
    const res = await admin.get('/api/v1/balances?asOfDate=0000-01-01');
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {})).toEqual(['asOfDate']);
    expect((await admin.get('/api/v1/balances?asOfDate=0001-01-01')).statusCode).toBe(200);
  });

  it('every other date and instant of a request: audit log, reports, ticket list criteria', async () => {
    const cases: [string, string][] = [
      ['/api/v1/audit-log?from=0000-01-01T00:00:00Z', 'from'],
      ['/api/v1/reports/3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e01?from=0000-01-01&to=0000-03-01', 'from'],
      ['/api/v1/incidents?openDateFrom=0000-06-01', 'openDateFrom'],
      ['/api/v1/incidents?openDateTo=0000-06-01T10:00:00Z', 'openDateTo'],
    ];
    for (const [url, field] of cases) {
      const res = await admin.get(url);
      expect(res.statusCode, url).toBe(400);
      expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {}).join(' '), url).toContain(field);
    }
  });
});

describe('JSON bodies nested past any sane depth (issue 33 item 6)', () => {
  it('every route taking a JSON body answers a 400 naming the body for 10,000 levels, never a 500', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    const routes = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([method, op]) => ['post', 'put', 'patch'].includes(method) && op.requestBody)
        .map(([method]) => ({ method: method.toUpperCase() as 'POST' | 'PUT' | 'PATCH', url: path.replace(/\{[^}]+\}/g, '1') })),
    );
    expect(routes.length).toBeGreaterThan(20);
    const deep = `{"a":${'['.repeat(10_000)}1${']'.repeat(10_000)}}`;
    const answers: string[] = [];
    for (const r of routes) {
      const res = await t.app.inject({ ...r, headers: { cookie: operator.cookie, [CSRF_HEADER]: operator.csrfToken, 'content-type': 'application/json' }, payload: deep });
      answers.push(`${res.statusCode} ${r.method} ${r.url}`);
      if (res.statusCode === 400) expect(res.json<ErrorResponse>().fieldErrors, `${r.method} ${r.url}`).toHaveProperty('body');
    }
    expect(answers.filter((a) => Number(a.slice(0, 3)) >= 500)).toEqual([]);
    // Signed in, every route is checked before it reads the body: all 400 (none reached a service).
    expect(answers.filter((a) => !a.startsWith('400') && !a.startsWith('401') && !a.startsWith('403') && !a.startsWith('404') && !a.startsWith('415'))).toEqual([]);
  });
});
