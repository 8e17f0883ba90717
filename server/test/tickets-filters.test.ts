import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import type { TicketFilter, TicketFilterListResponse, TicketFilterSaveRequest } from '@sc/common';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client;
let operator: Client;
let user: Client;
let globex: Client;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, user, globex] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client];
});
afterAll(() => t.close());

const md5 = (s: string) => createHash('md5').update(s).digest('hex');
const save = (c: Client, body: TicketFilterSaveRequest) => c.put('/api/v1/ticket-filters', body);
async function names(c: Client, searchType: 'Incidents' | 'Requests' = 'Incidents'): Promise<string[]> {
  const res = await c.get(`/api/v1/ticket-filters?searchType=${searchType}&pageSize=50`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TicketFilterListResponse>().rows.map((r) => r.searchName);
}

describe('saved ticket filters', () => {
  it('saves under md5(name) with the owner and the criteria as sent', async () => {
    const res = await save(admin, {
      searchType: 'Incidents',
      searchName: '  Open VIP printers ',
      isPublic: true,
      criteria: { isVip: true, priorityId: 2, openDateFrom: '2026-01-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const f = res.json<TicketFilter>();
    expect(f.id).toBe(md5('Open VIP printers'));
    expect(f.searchName).toBe('Open VIP printers');
    expect(f.ownerName).toBe('Margaret Holloway');
    expect(f.isMine).toBe(true);
    expect(f.criteria).toEqual({ isVip: true, priorityId: 2, openDateFrom: '2026-01-01' });
    expect(Date.parse(f.updatedDate)).not.toBeNaN();
  });

  it('a public filter is visible to another account of the customer and invisible to another customer', async () => {
    await save(admin, { searchType: 'Incidents', searchName: 'Acme public', isPublic: true, criteria: { classId: 1 } });
    expect(await names(operator)).toContain('Acme public');
    expect(await names(user)).toContain('Acme public');
    const op = (await operator.get('/api/v1/ticket-filters?searchType=Incidents&pageSize=50')).json<TicketFilterListResponse>();
    expect(op.rows.find((r) => r.searchName === 'Acme public')!.isMine).toBe(false);
    expect(await names(globex)).not.toContain('Acme public');
    // Nor can it be fetched (applied) by id.
    const got = await globex.get(`/api/v1/ticket-filters/Incidents/${md5('Acme public')}`);
    expect(got.statusCode).toBe(404);
    const mine = await operator.get(`/api/v1/ticket-filters/Incidents/${md5('Acme public')}`);
    expect(mine.statusCode).toBe(200);
    expect(mine.json<TicketFilter>().criteria).toEqual({ classId: 1 });
  });

  it('a private filter is listed only to its owner', async () => {
    await save(operator, { searchType: 'Incidents', searchName: 'Operator private', isPublic: false, criteria: { isShared: true } });
    expect(await names(operator)).toContain('Operator private');
    expect(await names(admin)).not.toContain('Operator private');
    expect(await names(globex)).not.toContain('Operator private');
    expect((await admin.get(`/api/v1/ticket-filters/Incidents/${md5('Operator private')}`)).statusCode).toBe(404);
  });

  it('keeps search types apart', async () => {
    await save(admin, { searchType: 'Requests', searchName: 'Requests only', isPublic: true, criteria: {} });
    expect(await names(admin, 'Requests')).toContain('Requests only');
    expect(await names(admin, 'Incidents')).not.toContain('Requests only');
  });

  it('the owner overwrites its own filter; another account may not take the name (403)', async () => {
    await save(admin, { searchType: 'Incidents', searchName: 'Shared name', isPublic: true, criteria: { priorityId: 1 } });
    const again = await save(admin, { searchType: 'Incidents', searchName: 'Shared name', isPublic: false, criteria: { priorityId: 3 } });
    expect(again.statusCode).toBe(200);
    expect(again.json<TicketFilter>().criteria).toEqual({ priorityId: 3 });
    const taken = await save(operator, { searchType: 'Incidents', searchName: 'Shared name', isPublic: true, criteria: {} });
    expect(taken.statusCode).toBe(403);
    expect(taken.json<{ message: string }>().message).toBe('A filter with this name belongs to another user');
    // Another customer has its own namespace: the same name is free there.
    expect((await save(globex, { searchType: 'Incidents', searchName: 'Shared name', isPublic: true, criteria: {} })).statusCode).toBe(200);
    const adminView = (await admin.get(`/api/v1/ticket-filters/Incidents/${md5('Shared name')}`)).json<TicketFilter>();
    expect(adminView.criteria).toEqual({ priorityId: 3 });
  });

  it('pages with a total', async () => {
    const before = (await user.get('/api/v1/ticket-filters?searchType=Requests')).json<TicketFilterListResponse>().total;
    for (let i = 0; i < 12; i++) await save(user, { searchType: 'Requests', searchName: `U${String(i).padStart(2, '0')}`, isPublic: false, criteria: {} });
    const p1 = (await user.get('/api/v1/ticket-filters?searchType=Requests&page=1&pageSize=10')).json<TicketFilterListResponse>();
    const p2 = (await user.get('/api/v1/ticket-filters?searchType=Requests&page=2&pageSize=10')).json<TicketFilterListResponse>();
    expect(p1.total).toBe(before + 12);
    expect(p1.rows).toHaveLength(10);
    expect(p2.rows).toHaveLength(Math.min(10, before + 2));
    const p3 = (await user.get('/api/v1/ticket-filters?searchType=Requests&page=1&pageSize=50')).json<TicketFilterListResponse>();
    expect(p3.rows.slice(0, 20).map((r) => r.id)).toEqual([...p1.rows, ...p2.rows].map((r) => r.id));
  });

  it('deletes only the owner’s filter', async () => {
    await save(admin, { searchType: 'Incidents', searchName: 'To delete', isPublic: true, criteria: {} });
    const id = md5('To delete');
    expect((await operator.delete(`/api/v1/ticket-filters/Incidents/${id}`)).statusCode).toBe(403);
    expect((await globex.delete(`/api/v1/ticket-filters/Incidents/${id}`)).statusCode).toBe(404);
    expect((await admin.delete(`/api/v1/ticket-filters/Incidents/${id}`)).statusCode).toBe(204);
    expect((await admin.delete(`/api/v1/ticket-filters/Incidents/${id}`)).statusCode).toBe(404);
    expect(await names(admin)).not.toContain('To delete');
  });

  it.each([
    ['searchName', { searchType: 'Incidents', searchName: '   ', isPublic: false, criteria: {} }],
    ['searchType', { searchType: 'Devices', searchName: 'x', isPublic: false, criteria: {} }],
    ['criteria.priorityId', { searchType: 'Incidents', searchName: 'x', isPublic: false, criteria: { priorityId: 'high' } }],
  ])('bad input is a 400 naming %s', async (field, body) => {
    const res = await admin.put('/api/v1/ticket-filters', body);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toContain(field);
  });

  it('refuses the signed-out (401) and a missing searchType (400)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/ticket-filters?searchType=Incidents' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/ticket-filters', payload: {} })).statusCode).toBe(401);
    expect((await admin.get('/api/v1/ticket-filters')).statusCode).toBe(400);
  });
});
