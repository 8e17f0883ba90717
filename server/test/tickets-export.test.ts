import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import type { IncidentListResponse, ServiceRequestListResponse } from '@sc/common';
import { tickets } from '../src/db/schema/index.ts';
import { buildTicket, insertMany, makeTicket, reserveIds, testFaker, ticketNumber } from '../src/db/seed/factories.ts';
import { escapeCellText, exportTimestamp, safeFileName } from '../src/exports/xlsx.ts';
import { createTestApp, customerIdsOf, signIn, type Client, type TestApp  } from './helpers.ts';

let t: TestApp;
let operator: Client;
let user: Client;
let acmeCid: number;

beforeAll(async () => {
  t = await createTestApp();
  [operator, user] = (await Promise.all(['operator@acme.example', 'user@acme.example'].map((e) => signIn(t.app, e)))) as [Client, Client];
  [acmeCid] = (await customerIdsOf(t.database.db, 'ACME')) as [number];
});
afterAll(() => t.close());

async function readBack(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const ws = wb.worksheets[0]!;
  const rows: ExcelJS.CellValue[][] = [];
  ws.eachRow((r) => rows.push((r.values as ExcelJS.CellValue[]).slice(1)));
  return { names: wb.worksheets.map((w) => w.name), header: rows[0]!, data: rows.slice(1) };
}

describe('GET /incidents/export', () => {
  it('streams the list as sorted and filtered, with formulas escaped', async () => {
    const evil = await makeTicket(t.database.db, { cid: acmeCid, ticketType: 'Incident', contactId: operator.session.user.contactId, shortDescription: '=1+1', status: 'Open' });
    const q = 'status=%3CALL%3E&sort=ticketNo&direction=asc';
    const res = await operator.get(`/api/v1/incidents/export?${q}&page=3&pageSize=10`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('spreadsheetml');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="INCIDENTS_CMS_\d{8}_\d{6}\.xlsx"$/);
    const x = await readBack(res.rawPayload);
    expect(x.names).toEqual(['Incidents']);
    expect(x.header).toEqual(['Incident ID', 'Incident No', 'Status', 'Assigned To', 'Short Description', 'Priority', 'Severity', 'Open Date', 'Class', 'Subclass', 'Contact', 'Target Name', 'VIP']);

    // The same rows, in the same order, as the list (all pages), whatever page was asked.
    const ids: number[] = [];
    for (let page = 1; ; page++) {
      const l = (await operator.get(`/api/v1/incidents?${q}&page=${page}&pageSize=50`)).json<IncidentListResponse>();
      ids.push(...l.rows.map((r) => r.id));
      if (!l.hasNextPage) break;
    }
    expect(x.data).toHaveLength(ids.length);
    expect(x.data.map((r) => r[0])).toEqual(ids);
    const row = x.data.find((r) => r[0] === evil.id)!;
    expect(row[4]).toBe("'=1+1");
    expect(row[7]).toBeInstanceOf(Date);
  });

  it('a User exports only its own contact’s tickets', async () => {
    const res = await user.get('/api/v1/service-requests/export?status=%3CALL%3E');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/SERVICE_REQUESTS_CMS_\d{8}_\d{6}\.xlsx/);
    const x = await readBack(res.rawPayload);
    expect(x.names).toEqual(['Service Requests']);
    expect(x.header.slice(-2)).toEqual(['Requested Start', 'Requested End']);
    const l = (await user.get('/api/v1/service-requests?status=%3CALL%3E&pageSize=50')).json<ServiceRequestListResponse>();
    expect(x.data).toHaveLength(l.total);
    const own = `${user.session.user.firstName} ${user.session.user.lastName}`;
    expect(x.data.every((r) => r[10] === own)).toBe(true);
  });

  it('stops at 2000 rows', async () => {
    const db = t.database.db;
    const contactId = operator.session.user.contactId;
    const ids = await reserveIds(db, 'tickets', 2001);
    await insertMany(
      db,
      tickets,
      ids.map((id) => ({ ...buildTicket(testFaker, { cid: acmeCid, ticketType: 'Incident', contactId, status: 'On Hold' }), id, ticketNo: ticketNumber('Incident', id) })),
    );
    const res = await operator.get('/api/v1/incidents/export?status=On%20Hold');
    const x = await readBack(res.rawPayload);
    expect(x.data).toHaveLength(2000);
    const got = x.data.map((r) => r[0] as number);
    expect(got).toEqual([...got].sort((a, b) => b - a));
  });

  it('refuses the signed-out and bad input', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/service-requests/export' })).statusCode).toBe(401);
    const bad = await operator.get('/api/v1/incidents/export?sort=nope');
    expect(bad.statusCode).toBe(400);
  });
});

describe('xlsx helpers', () => {
  it.each(['=1+1', '+1', '-1', '@SUM(A1)', '\tx', '\rx'])('escapes %j', (v) => expect(escapeCellText(v)).toBe(`'${v}`));
  it('leaves ordinary text alone', () => expect(escapeCellText('Printer 1-2')).toBe('Printer 1-2'));
  it('builds the spec timestamp and safe names', () => {
    expect(exportTimestamp(new Date('2026-11-22T15:30:45Z'), 'UTC')).toBe('20261122_153045');
    expect(safeFileName('a"b\r\n;c.xlsx')).toBe('a_b_c.xlsx');
  });
});
