import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { COMPAT_MESSAGES, CSRF_HEADER, type ErrorResponse } from '@sc/common';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { registerErrorHandling } from '../src/http/errors.ts';
import { multiple, single } from '../src/modules/compat/bridged-core.ts';
import { BRIDGED_RESOURCES } from '../src/modules/compat/bridged-registry.ts';
import { bridgedRoutes } from '../src/modules/compat/bridged.routes.ts';
import { buildCompatFixtures, formBody, valuesOf, type CompatFixtures } from './compat-fixtures.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §16.3: every named bridged resource of both specs, the record / records / count shapes of §3,
// the §5 validation texts, 'Invalid server response.', and the scope of the REST API.

let t: TestApp;
let admin: Client;
let user: Client;
let globexAdmin: Client;
let f: CompatFixtures;

beforeAll(async () => {
  t = await createTestApp();
  [admin, user, globexAdmin] = await Promise.all(['admin@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e))) as [Client, Client, Client];
  f = await buildCompatFixtures(t, admin);
});
afterAll(async () => {
  await t.close();
});

const KAPP_URL = (name: string, count = false) => `/acme/customer-portal/shared-resources/bridgedResources/${encodeURIComponent(name)}${count ? '/count' : ''}`;

function post(c: Client | null, url: string, body: string, headers: Record<string, string> = {}): Promise<LightMyRequestResponse> {
  return t.app.inject({
    method: 'POST',
    url,
    payload: body,
    headers: { 'content-type': 'application/x-www-form-urlencoded', ...(c ? { cookie: c.cookie, [CSRF_HEADER]: c.csrfToken } : {}), ...headers },
  });
}

const bridged = (c: Client | null, name: string, fields: Record<string, string | number | undefined> = {}, headers: Record<string, string> = {}) =>
  post(c, KAPP_URL(name), formBody(fields), headers);

interface RecordsBody {
  records: { fields: string[]; records: (string | null)[][]; metadata: { count: number; size: number; nextPageToken: string | null } };
}
interface RecordBody {
  record: { attributes: Record<string, string | null> };
}

/** §3: records = the field list, one row of text-or-null values per record, metadata with count = size. */
function expectRecords(res: LightMyRequestResponse): RecordsBody['records'] {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<RecordsBody>();
  expect(Object.keys(body)).toEqual(['records']);
  const r = body.records;
  expect(r.fields.length).toBeGreaterThan(0);
  for (const row of r.records) {
    expect(row).toHaveLength(r.fields.length);
    for (const v of row) expect(v === null || typeof v === 'string').toBe(true);
  }
  expect(r.metadata.size).toBe(r.metadata.count);
  expect(r.metadata.count).toBeGreaterThanOrEqual(r.records.length);
  return r;
}
function expectRecord(res: LightMyRequestResponse): Record<string, string | null> {
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<RecordBody>();
  expect(Object.keys(body)).toEqual(['record']);
  for (const v of Object.values(body.record.attributes)) expect(v === null || typeof v === 'string').toBe(true);
  return body.record.attributes;
}
const column = (r: RecordsBody['records'], field: string) => r.records.map((row) => row[r.fields.indexOf(field)]);

/** Values each resource needs, from this file's fixtures. */
function valuesFor(name: string): Record<string, string | number> {
  const v: Record<string, Record<string, string | number>> = {
    'All Incidents Filtered': { Status: 'All', SearchValue: 'Compat incident' },
    AllIncidentsExport: { Status: 'All' },
    'Service Requests Simplified': { Status: 'All' },
    'Service Requests by ContactID': { ContactID: f.contactId, Status: 'All' },
    'Service Requests by DeviceID': { DeviceID: f.deviceId, Status: 'All' },
    AllServiceRequestsExport: { Status: 'All' },
    'Incident by ID': { IncidentID: f.incidentId },
    'Service Request by ID': { ServiceRequestID: f.requestId },
    'Actions by Incident ID': { IncidentID: f.incidentId, SortField: 'ActionID', AscDesc: 'DESC', PageNum: 1, PageSize: 5, IsSharedOperator: 'true', UserType: 'Administrator', GetTotal: 'true' },
    'Actions by Incident ID Export': { IncidentID: f.incidentId },
    'Get Filters': { SearchType: 'Incidents', GetTotal: 'true' },
    TicketSubClass: {},
    GlobalSearch: { SearchValue: 'Compat', currentCid: 'GLOBEX' },
    'All Contacts': { SearchValue: 'Bridget', PageNum: 1, PageSize: 20, SortField: 'LastName', AscDesc: 'ASC' },
    AllContactsExport: { PageSize: 2000 },
    'Contact by ID': { ContactID: f.contactId },
    'Contact Profile by ID': { ContactID: admin.session.user.contactId },
    'All Devices': { DeviceName: 'COMPAT' },
    'Devices by ContactID': { ContactID: f.contactId },
    'Device by ID': { DeviceID: f.deviceId },
    Contacts2Invite: { SearchValue: 'Bridget' },
    'All Invited Contacts': {},
    'All Jobs': { IncludeInactive: 'true' },
    'Job by ID': { JobID: f.jobId },
    'All Managed Services': { JobID: f.jobId },
    'Managed Service by ID': { JobID: f.jobId },
    AllManagedServicesExport: { JobID: f.jobId },
    'All Customer Balances': { JobID: f.jobId, asOfDate: '2026-01-01' },
    AllCustomerBalancesExport: { JobID: f.jobId, asOfDate: '2026-01-01' },
    InvoiceDetails: { InvoiceID: f.invoiceId },
    'All Products': { JobID: f.jobId },
    AllProductsExport: { JobID: f.jobId },
    'Job Report by Job ID': { JobID: f.jobId, ShowAll: 'true' },
    JobReportsExport: { JobID: f.jobId },
  };
  return v[name] ?? {};
}

describe('every named resource of both specs', () => {
  const NAMES = [
    // portal-shell-and-tickets.md §7
    'GlobalSearch',
    'Get Filters',
    'TicketSeverity',
    'TicketPriority',
    'TicketClass',
    'TicketAssignee',
    'TicketDepartments',
    'TicketSubClass',
    'TicketSites',
    'Actions by Incident ID',
    'All Incidents Filtered',
    'AllIncidentsExport',
    'Service Requests Simplified',
    'Service Requests by ContactID',
    'Service Requests by DeviceID',
    'AllServiceRequestsExport',
    'DPTeam',
    'Contact Profile by ID',
    // portal-contacts-jobs-and-public.md §7
    'All Contacts',
    'Contact by ID',
    'AllContactsExport',
    'All Devices',
    'Devices by ContactID',
    'Job by ID',
    'All Jobs',
    'Managed Service by ID',
    'All Managed Services',
    'AllManagedServicesExport',
    'All Customer Balances',
    'AllCustomerBalancesExport',
    'InvoiceDetails',
    'All Products',
    'AllProductsExport',
    'Job Report by Job ID',
    'JobReportsExport',
    'Incident by ID',
    'Service Request by ID',
    'Actions by Incident ID Export',
    'Contacts2Invite',
    'All Invited Contacts',
    'Surveys list',
  ];

  it('the registry holds each of them', () => {
    for (const n of NAMES) expect(Object.keys(BRIDGED_RESOURCES), n).toContain(n);
  });

  it.each(Object.keys(BRIDGED_RESOURCES))('%s answers the §3 shape to an Administrator, and /count agrees', async (name) => {
    const res = await bridged(admin, name, valuesOf(valuesFor(name)));
    if (BRIDGED_RESOURCES[name]!.kind === 'single') {
      const attrs = expectRecord(res);
      expect(Object.values(attrs).some((v) => v !== null), name).toBe(true);
    } else {
      const r = expectRecords(res);
      if (name !== 'All Invited Contacts') expect(r.records.length, name).toBeGreaterThan(0);
      const count = await post(admin, KAPP_URL(name, true), formBody(valuesOf(valuesFor(name))));
      expect(count.statusCode, count.body).toBe(200);
      expect(count.json()).toEqual({ count: { value: r.metadata.count } });
    }
  });
});

describe('records of the caller’s customer, mapped from the services', () => {
  it('All Incidents Filtered finds the fixture incident with its attributes', async () => {
    const r = expectRecords(await bridged(admin, 'All Incidents Filtered', valuesOf({ Status: 'All', SearchValue: 'Compat incident' })));
    expect(column(r, 'IncidentID')).toEqual([String(f.incidentId)]);
    expect(column(r, 'IsVIP')[0]).toMatch(/^(-1|0)$/);
  });

  it('Service Requests by DeviceID and by ContactID: only that device’s / contact’s requests', async () => {
    const byDevice = expectRecords(await bridged(admin, 'Service Requests by DeviceID', valuesOf({ DeviceID: f.deviceId, Status: 'All' })));
    expect(column(byDevice, 'IncidentID')).toEqual([String(f.requestId)]);
    const byContact = expectRecords(await bridged(admin, 'Service Requests by ContactID', valuesOf({ ContactID: f.contactId, Status: 'All' })));
    expect(column(byContact, 'IncidentID')).toEqual([String(f.requestId)]);
  });

  it('Surveys list answers what GET /api/v1/surveys answers: the customer’s for an Administrator, a User its own', async () => {
    for (const who of [admin, user]) {
      const rest = await t.app.inject({ method: 'GET', url: '/api/v1/surveys?pageSize=50', headers: { cookie: who.cookie } });
      expect(rest.statusCode, rest.body).toBe(200);
      const restIds = rest.json<{ rows: { id: number; submittedByContactId: number | null }[] }>().rows.map((r) => String(r.id));
      const r = expectRecords(await bridged(who, 'Surveys list', valuesOf({ PageSize: 50 })));
      expect(column(r, 'SurveyID')).toEqual(restIds);
      if (who === user) for (const c of column(r, 'SubmittedByContactID')) expect(c).toBe(String(user.session.user.contactId));
    }
    expect(column(expectRecords(await bridged(admin, 'Surveys list', valuesOf({ PageSize: 50 }))), 'SurveyID').length).toBeGreaterThan(0);
  });

  it('Actions by Incident ID gives the note as plain text', async () => {
    const r = expectRecords(await bridged(admin, 'Actions by Incident ID', valuesOf(valuesFor('Actions by Incident ID'))));
    expect(column(r, 'Action Desc')).toContain('Cleared the jam.');
  });

  it('attributes (comma-joined) choose and order the fields; InvoiceDetails keeps money as 2-decimal text', async () => {
    const r = expectRecords(await bridged(admin, 'InvoiceDetails', { attributes: 'Total,Item', ...valuesOf({ InvoiceID: f.invoiceId }) }));
    expect(r.fields).toEqual(['Total', 'Item']);
    expect(r.records).toEqual([['30.30', 'MSA-COMPAT']]);
  });

  it('values may come as JSON, and limit/offset page with nextPageToken', async () => {
    const first = expectRecords(await bridged(admin, 'TicketPriority', { values: '{}', limit: 2, offset: 0 }));
    expect(first.records).toHaveLength(2);
    expect(first.metadata.nextPageToken).toBe('2');
    const second = expectRecords(await bridged(admin, 'TicketPriority', { limit: 2, 'metadata[pageToken]': '2' }));
    expect(second.records[0]).not.toEqual(first.records[0]);
    const json = await t.app.inject({
      method: 'POST',
      url: KAPP_URL('Contact by ID'),
      payload: { values: { ContactID: String(f.contactId) } },
      headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken },
    });
    expect(expectRecord(json)['Last Name']).toBe('Compat');
  });

  it('the datastore form and the §3 request posted whole answer alike', async () => {
    const ds = expectRecord(await post(admin, '/datastore/shared-resources/bridgedResources/Contact%20by%20ID', formBody(valuesOf({ ContactID: f.contactId }))));
    expect(ds['First Name']).toBe('Bridget');
    const whole = await t.app.inject({
      method: 'POST',
      url: '/app/bridgedResources',
      payload: { formSlug: 'shared-resources', bridgedResourceName: 'Contact by ID', kappSlug: 'customer-portal', attributes: ['First Name'], values: { ContactID: f.contactId } },
      headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken },
    });
    expect(expectRecord(whole)).toEqual({ 'First Name': 'Bridget' });
  });

  it('an X-User in the values or the headers naming another customer’s contact changes nothing', async () => {
    const forged = JSON.stringify({ CID: f.globexCid, ContactID: f.globex.contactId, UserType: 'Administrator', UserName: 'admin@globex.example' });
    const r = expectRecords(
      await bridged(admin, 'All Incidents Filtered', { ...valuesOf({ Status: 'All', SearchValue: 'secret incident' }), 'values[X-User]': forged }, { 'x-user': forged }),
    );
    expect(r.records).toEqual([]);
    const userView = expectRecords(await bridged(user, 'All Incidents Filtered', valuesOf({ Status: 'All' }), { 'x-user': JSON.stringify({ UserType: 'Administrator', ContactID: f.contactId }) }));
    expect(new Set(column(userView, 'ContactID'))).toEqual(new Set([String(user.session.user.contactId)]));
  });
});

describe('validation texts of requirements §5 and bad input', () => {
  const expect400 = (res: LightMyRequestResponse, message: string) => {
    expect(res.statusCode, res.body).toBe(400);
    expect(res.json<ErrorResponse>().message).toBe(message);
  };
  const whole = (payload: object) =>
    t.app.inject({ method: 'POST', url: '/app/bridgedResources', payload, headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrfToken } });

  it('formSlug and bridgedResourceName are required', async () => {
    expect400(await whole({ bridgedResourceName: 'TicketClass' }), COMPAT_MESSAGES.formSlugRequired);
    expect400(await whole({ formSlug: 'shared-resources' }), COMPAT_MESSAGES.bridgedResourceNameRequired);
    expect400(await whole({ formSlug: '  ', bridgedResourceName: 'TicketClass' }), COMPAT_MESSAGES.formSlugRequired);
  });

  it('attributes must be an array of strings', async () => {
    expect400(await whole({ formSlug: 'shared-resources', bridgedResourceName: 'TicketClass', attributes: [1, 2] }), COMPAT_MESSAGES.attributesArray);
    expect400(await whole({ formSlug: 'shared-resources', bridgedResourceName: 'TicketClass', attributes: { a: 1 } }), COMPAT_MESSAGES.attributesArray);
  });

  it('limit and offset must be numbers', async () => {
    expect400(await bridged(admin, 'TicketClass', { limit: 'ten' }), COMPAT_MESSAGES.limitNumber);
    expect400(await bridged(admin, 'TicketClass', { offset: 'x' }), COMPAT_MESSAGES.offsetNumber);
    expect400(await whole({ formSlug: 'f', bridgedResourceName: 'TicketClass', limit: true }), COMPAT_MESSAGES.limitNumber);
  });

  it('a bad value names it; an unknown resource or kapp is 404; a malformed X-User is 400', async () => {
    const bad = await bridged(admin, 'Contact by ID', valuesOf({ ContactID: 'abc' }));
    expect(bad.statusCode).toBe(400);
    expect(bad.json<ErrorResponse>().fieldErrors).toHaveProperty(['values.ContactID']);
    const missing = await bridged(admin, 'Incident by ID', {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>().fieldErrors).toHaveProperty(['values.IncidentID']);
    expect((await bridged(admin, 'No Such Resource')).statusCode).toBe(404);
    expect((await post(admin, '/acme/other-kapp/shared-resources/bridgedResources/TicketClass', '')).statusCode).toBe(404);
    expect((await bridged(admin, 'TicketClass', {}, { 'x-user': 'not json' })).statusCode).toBe(400);
  });

  it('no input gives a 500 (a sweep of odd bodies)', async () => {
    for (const body of ['values=%7Bnot-json', 'attributes=&limit=&offset=', 'limit=-1', 'limit=1e9', 'values%5BPageNum%5D=zero', 'values%5BAscDesc%5D=sideways', 'offset=3&limit=2']) {
      const res = await post(admin, KAPP_URL('All Contacts'), body);
      expect(res.statusCode, `${body}: ${res.body}`).toBeLessThan(500);
    }
  });
});

describe('refusals: the same scope as the REST API', () => {
  it('signed out: 401', async () => {
    expect((await bridged(null, 'TicketClass')).statusCode).toBe(401);
    expect((await post(null, '/datastore/shared-resources/bridgedResources/TicketClass', '')).statusCode).toBe(401);
  });

  it('wrong role: a User gets 403 on the Administrator resources (contacts, jobs, invitations)', async () => {
    for (const name of ['All Contacts', 'Contact by ID', 'All Jobs', 'Job by ID', 'Contacts2Invite', 'All Customer Balances']) {
      const res = await bridged(user, name, valuesOf(valuesFor(name)));
      expect(res.statusCode, name).toBe(403);
    }
  });

  it('another customer: Globex’s Administrator cannot read Acme’s records by id', async () => {
    expect((await bridged(globexAdmin, 'Contact by ID', valuesOf({ ContactID: f.contactId }))).statusCode).toBe(403);
    expect([403, 404]).toContain((await bridged(globexAdmin, 'Incident by ID', valuesOf({ IncidentID: f.incidentId }))).statusCode);
    expect((await bridged(globexAdmin, 'Job by ID', valuesOf({ JobID: f.jobId }))).statusCode).toBe(403);
    expect([403, 404]).toContain((await bridged(globexAdmin, 'InvoiceDetails', valuesOf({ InvoiceID: f.invoiceId }))).statusCode);
    expect([403, 404]).toContain((await bridged(globexAdmin, 'Device by ID', valuesOf({ DeviceID: f.deviceId }))).statusCode);
    const list = expectRecords(await bridged(globexAdmin, 'All Contacts', valuesOf({ SearchValue: 'Bridget' })));
    expect(list.records).toEqual([]);
  });
});

describe("'Invalid server response.'", () => {
  it('a resource producing an unusable value answers 502 with the original’s error object, not a 500', async () => {
    const app = Fastify().withTypeProvider();
    app.setValidatorCompiler(validatorCompiler);
    app.setSerializerCompiler(serializerCompiler);
    registerErrorHandling(app);
    app.decorateRequest('scope', null);
    app.addHook('onRequest', async (req) => {
      req.scope = { sessionId: 's', webUserId: 1, contactId: 1, cid: 1, userType: 'Administrator', spaceAdmin: false, email: 'a@b.c', csrfToken: '', user: admin.session.user };
    });
    const broken = {
      Broken: multiple({ params: z.object({}), fields: ['A'], list: async () => ({ rows: [{ A: { nested: true } }], total: 1 }) }),
      Fine: single({ params: z.object({}), fields: ['A'], get: async () => ({ A: 1 }) }),
    };
    await app.register(bridgedRoutes, { db: t.database.db, config: t.config, resources: broken });
    const res = await app.inject({ method: 'POST', url: '/s/customer-portal/f/bridgedResources/Broken', payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(res.statusCode).toBe(502);
    expect(res.json()).toEqual({ code: 'INTERNAL', message: COMPAT_MESSAGES.invalidResponse, statusCode: 500 });
    const ok = await app.inject({ method: 'POST', url: '/s/customer-portal/f/bridgedResources/Fine', payload: '', headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(ok.json()).toEqual({ record: { attributes: { A: '1' } } });
    await app.close();
  });
});
