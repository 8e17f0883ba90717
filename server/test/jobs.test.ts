import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import {
  defaultAsOfDate,
  JOB_MESSAGES,
  type BalanceResponse,
  type ErrorResponse,
  type InvoiceDetailsResponse,
  type JobDetail,
  type JobListResponse,
  type ManagedServiceListResponse,
  type ProductListResponse,
  type TimeEntryListResponse,
} from '@sc/common';
import { customers, jobs, tickets } from '../src/db/schema/index.ts';
import { makeBalanceTransaction, makeInvoiceLine, makeJob, makeJobProduct, makeManagedService, makeTimeEntry } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client;
let globexAdmin: Client;
let others: Record<'operator' | 'limited' | 'user', Client>;
let acmeCid: number;
let globexCid: number;
/** A job of Acme's with fixed billing rows, built here. */
let job: { id: number; jobNum: string };
let invoiceId: number;
let paymentId: number;
let ticketId: number;
let globexJobId: number;

beforeAll(async () => {
  t = await createTestApp();
  const [a, g, o, l, u] = await Promise.all(
    ['admin@acme.example', 'admin@globex.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example'].map((e) => signIn(t.app, e)),
  );
  admin = a!;
  globexAdmin = g!;
  others = { operator: o!, limited: l!, user: u! };
  const db = t.database.db;
  acmeCid = (await db.select().from(customers).where(eq(customers.code, 'ACME')))[0]!.id;
  globexCid = (await db.select().from(customers).where(eq(customers.code, 'GLOBEX')))[0]!.id;
  globexJobId = (await db.select({ id: jobs.id }).from(jobs).where(eq(jobs.cid, globexCid)))[0]!.id;
  ticketId = (await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.cid, acmeCid)).limit(1))[0]!.id;

  const j = await makeJob(db, { cid: acmeCid, jobNum: 'JTEST-CENTS', internalShortDesc: 'Cent rounding agreement', jobStatus: 'Active', startDate: '2025-01-01', endDate: '2027-12-31' });
  job = { id: j.id, jobNum: j.jobNum };
  const tx = (o: Parameters<typeof makeBalanceTransaction>[1]) => makeBalanceTransaction(db, o);
  // Before the As-of-Date 2026-01-01: +100.10 − 0.10 − 0.20 = 99.80 (the 0.1 + 0.2 case in reverse).
  const old = await tx({ cid: acmeCid, jobId: j.id, transNum: 'T-INV-1', transType: 'INVOICE', transDate: '2025-06-01', amount: '100.10' });
  await tx({ cid: acmeCid, jobId: j.id, transNum: 'T-PAY-1', transType: 'PAYMENT', transDate: '2025-07-01', amount: '0.10', invoiceAppliedId: old.id });
  await tx({ cid: acmeCid, jobId: j.id, transNum: 'T-CM-1', transType: 'CREDIT MEMO', transDate: '2025-08-01', amount: '0.20', invoiceAppliedId: old.id });
  // On or after it: +100.79 − 50.00.
  const inv = await tx({ cid: acmeCid, jobId: j.id, transNum: 'T-INV-2', transType: 'INVOICE', transDate: '2026-02-01', amount: '100.79', includeTimeActivity: true });
  invoiceId = inv.id;
  paymentId = (await tx({ cid: acmeCid, jobId: j.id, transNum: 'T-PAY-2', transType: 'PAYMENT', transDate: '2026-03-01', amount: '50.00', invoiceAppliedId: inv.id })).id;
  // 3 × 33.33 = 99.99; 0.10 + 0.20 = 0.30; 1.5 × 0.33 = 0.495 → 0.50 (half away from zero).
  for (const l of [
    { item: 'MSA-WS', quantity: '3', price: '33.33' },
    { item: 'DIME', quantity: '1', price: '0.10' },
    { item: 'NICKEL2', quantity: '1', price: '0.20' },
    { item: 'HALF', quantity: '1.5', price: '0.33' },
  ])
    await makeInvoiceLine(db, { cid: acmeCid, invoiceId: inv.id, description: `${l.item} line`, ...l });
  await makeManagedService(db, { cid: acmeCid, jobId: j.id, rateDesc: 'Per Workstation', description: 'Three seats', sellPrice: '33.33', quantity: '3' });
  await makeManagedService(db, { cid: acmeCid, jobId: j.id, rateDesc: 'Flat Monthly', description: 'Dime', sellPrice: '0.10', quantity: '1' });
  await makeManagedService(db, { cid: acmeCid, jobId: j.id, rateDesc: 'Not invoiced', description: 'Left out', sellPrice: '999.00', quantity: '1', okToInvoice: false });
  await makeJobProduct(db, { cid: acmeCid, jobId: j.id, productName: 'Dell Latitude 7450', billableOption: 'Billable', price: '1499.00', quantity: '2' });
  await makeJobProduct(db, { cid: acmeCid, jobId: j.id, productName: '=HYPERLINK("x")', billableOption: 'No Charge', price: '0.00', quantity: '1' });
  const now = new Date();
  await makeTimeEntry(db, { cid: acmeCid, jobId: j.id, ticketId, invoiceId: inv.id, isInvoiced: true, memberName: 'Ann Zimmer', timeIn: new Date('2026-01-20T14:00:00Z'), timeOut: new Date('2026-01-20T15:30:00Z'), durationHours: '1.50' });
  await makeTimeEntry(db, { cid: acmeCid, jobId: j.id, memberName: 'Bob Adams', timeIn: now, timeOut: new Date(now.getTime() + 15 * 60_000), durationHours: '0.25' });
  await makeTimeEntry(db, { cid: acmeCid, jobId: j.id, memberName: 'Cy Brown', timeIn: now, timeOut: new Date(now.getTime() + 20 * 60_000), durationHours: '0.33' });
});
afterAll(() => t.close());

const jobBody = { jobNum: 'JNEW-1', internalShortDesc: 'New agreement', jobStatus: 'Active', startDate: '2026-01-01', endDate: '2026-12-31' };

const routes = (jobId: number, invId: number) =>
  [
    ['GET', '/api/v1/jobs'],
    ['POST', '/api/v1/jobs', jobBody],
    ['GET', `/api/v1/jobs/${jobId}`],
    ['PUT', `/api/v1/jobs/${jobId}`, jobBody],
    ['GET', `/api/v1/managed-services?jobId=${jobId}`],
    ['GET', `/api/v1/managed-services/export?jobId=${jobId}`],
    ['GET', `/api/v1/balances?jobId=${jobId}&asOfDate=2026-01-01`],
    ['GET', `/api/v1/balances/export?jobId=${jobId}&asOfDate=2026-01-01`],
    ['GET', `/api/v1/invoices/${invId}`],
    ['GET', `/api/v1/invoices/${invId}/export`],
    ['GET', `/api/v1/jobs/${jobId}/products`],
    ['GET', `/api/v1/jobs/${jobId}/products/export`],
    ['GET', `/api/v1/jobs/${jobId}/time-entries`],
    ['GET', `/api/v1/jobs/${jobId}/time-entries/export`],
  ] as const;
type Route = readonly [string, string, unknown?];
const call = (c: Client, [method, url, payload]: Route) => (method === 'GET' ? c.get(url) : method === 'POST' ? c.post(url, payload) : c.put(url, payload));

describe('refusals', () => {
  it.each(['operator', 'limited', 'user'] as const)('refuses %s on every route with 403 Not Authorized', async (who) => {
    for (const r of [...routes(job.id, invoiceId), ['GET', '/api/v1/managed-services'] as const, ['GET', '/api/v1/balances?asOfDate=2025-01-01'] as const]) {
      const res = await call(others[who], r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect(res.json<ErrorResponse>().message).toBe('Not Authorized');
    }
  });

  it('refuses signed-out callers with 401', async () => {
    for (const [method, url, payload] of routes(job.id, invoiceId)) {
      const res = await t.app.inject({ method: method as 'GET', url, ...(payload ? { payload: payload as object } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it("refuses another customer's Administrator on every job and invoice route", async () => {
    for (const r of routes(job.id, invoiceId).filter(([, url]) => url !== '/api/v1/jobs')) {
      const res = await call(globexAdmin, r);
      expect(res.statusCode, `${r[0]} ${r[1]}`).toBe(403);
      expect(res.json<ErrorResponse>().message).toBe('Not Authorized');
    }
    // And the other way round, on a Globex job.
    expect((await admin.get(`/api/v1/jobs/${globexJobId}`)).statusCode).toBe(403);
  });

  it("never lists another customer's rows", async () => {
    const jobsPage = (await globexAdmin.get('/api/v1/jobs?includeInactive=true&pageSize=100')).json<JobListResponse>();
    expect(jobsPage.rows.map((r) => r.id)).not.toContain(job.id);
    const services = (await globexAdmin.get('/api/v1/managed-services?pageSize=100')).json<ManagedServiceListResponse>();
    expect(services.rows.some((r) => r.jobNum === job.jobNum)).toBe(false);
    const balances = (await globexAdmin.get('/api/v1/balances?asOfDate=2000-01-01')).json<BalanceResponse>();
    expect(balances.rows.some((r) => r.transNum.startsWith('T-'))).toBe(false);
    expect(balances.rows.length).toBeGreaterThan(0);
  });

  it('answers 404 for what does not exist and 400 naming bad fields', async () => {
    expect((await admin.get('/api/v1/jobs/999999')).statusCode).toBe(404);
    expect((await admin.get('/api/v1/invoices/999999')).statusCode).toBe(404);
    // A payment is not an invoice.
    expect((await admin.get(`/api/v1/invoices/${paymentId}`)).statusCode).toBe(404);
    const bad = await admin.post('/api/v1/jobs', { ...jobBody, jobNum: '', jobStatus: 'Sleeping', startDate: '2026-02-30' });
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(bad.json<ErrorResponse>().fieldErrors!)).toEqual(expect.arrayContaining(['jobNum', 'jobStatus', 'startDate']));
    const noDate = await admin.get('/api/v1/balances');
    expect(noDate.statusCode).toBe(400);
    expect(noDate.json<ErrorResponse>().fieldErrors).toHaveProperty('asOfDate');
    expect((await admin.get('/api/v1/managed-services?sort=secret')).json<ErrorResponse>().fieldErrors).toHaveProperty('sort');
    expect((await admin.get(`/api/v1/jobs/${job.id}/time-entries?pageSize=5000`)).json<ErrorResponse>().fieldErrors).toHaveProperty('pageSize');
  });
});

describe('jobs', () => {
  it('lists Active jobs by JOBID descending; Show All Jobs adds the others', async () => {
    const active = (await admin.get('/api/v1/jobs?pageSize=100')).json<JobListResponse>();
    expect(active.rows.every((r) => r.status === 'Active')).toBe(true);
    const ids = active.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(active.rows.find((r) => r.id === job.id)).toMatchObject({ agreementNumber: 'JTEST-CENTS', summary: 'Cent rounding agreement' });
    const all = (await admin.get('/api/v1/jobs?pageSize=100&includeInactive=true')).json<JobListResponse>();
    expect(all.total).toBeGreaterThan(active.total);
    expect(all.rows.some((r) => r.status === 'Closed')).toBe(true);
  });

  it('gives the Agreement dialog figures: invoiceable services, exact monthly value, this month’s hours', async () => {
    const d = (await admin.get(`/api/v1/jobs/${job.id}`)).json<JobDetail>();
    expect(d).toMatchObject({ managedServicesCount: 2, monthlyValue: '100.09', hoursThisMonth: '0.58' });
  });

  it('creates and updates a job (Agreement # unique within the customer)', async () => {
    const created = await admin.post('/api/v1/jobs', jobBody);
    expect(created.statusCode).toBe(201);
    const id = created.json<JobDetail>().id;
    const dup = await admin.post('/api/v1/jobs', jobBody);
    expect(dup.statusCode).toBe(400);
    expect(dup.json<ErrorResponse>().fieldErrors).toHaveProperty('jobNum');
    const upd = await admin.put(`/api/v1/jobs/${id}`, { ...jobBody, jobStatus: 'Closed', endDate: '2026-06-30' });
    expect(upd.statusCode).toBe(200);
    expect(upd.json<JobDetail>()).toMatchObject({ status: 'Closed', endDate: '2026-06-30' });
    const [row] = await t.database.db.select().from(jobs).where(and(eq(jobs.id, id), eq(jobs.cid, acmeCid)));
    expect(row?.jobStatus).toBe('Closed');
    expect(JOB_MESSAGES.saved).toBe('Job is saved');
  });
});

describe('managed services', () => {
  it('pages one job’s invoiceable services, POServiceDetailID descending, and sorts by price', async () => {
    const page = (await admin.get(`/api/v1/managed-services?jobId=${job.id}`)).json<ManagedServiceListResponse>();
    expect(page.total).toBe(2);
    expect(page.rows.map((r) => r.description)).toEqual(['Dime', 'Three seats']);
    expect(page.rows[1]).toMatchObject({ sellPrice: '33.33', quantity: '3.00', rateDesc: 'Per Workstation' });
    const byPrice = (await admin.get(`/api/v1/managed-services?jobId=${job.id}&sort=sellPrice&direction=desc`)).json<ManagedServiceListResponse>();
    expect(byPrice.rows.map((r) => r.sellPrice)).toEqual(['33.33', '0.10']);
  });

  it('lists all managed services of the customer without a job, paged', async () => {
    const page = (await admin.get('/api/v1/managed-services?pageSize=5&page=2')).json<ManagedServiceListResponse>();
    expect(page.total).toBeGreaterThan(5);
    expect(page.rows.length).toBeLessThanOrEqual(5);
    expect(page.page).toBe(2);
  });

  it('exports MANAGED_SERVICES_CMS_{timestamp}.xlsx', async () => {
    const res = await admin.get(`/api/v1/managed-services/export?jobId=${job.id}`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/filename="MANAGED_SERVICES_CMS_\d{8}_\d{6}\.xlsx"/);
    const ws = await sheetOf(res.rawPayload);
    expect(ws.name).toBe('Managed Services');
    expect(ws.getRow(1).values).toEqual([undefined, 'Agreement #', 'Code', 'Description', 'Price', 'Quantity']);
    expect(ws.rowCount).toBe(3);
  });
});

describe('balances', () => {
  it('computes Balance Forward before the As-of-Date and Total = forward + invoices − payments and credit memos, exactly', async () => {
    const b = (await admin.get(`/api/v1/balances?jobId=${job.id}&asOfDate=2026-01-01`)).json<BalanceResponse>();
    expect(b.balanceForward).toBe('99.80');
    expect(b.rows.map((r) => r.transNum)).toEqual(['T-PAY-2', 'T-INV-2']);
    expect(b.totalAmount).toBe('150.59');
    expect(b.truncated).toBe(false);
    expect(b.job).toMatchObject({ id: job.id, agreementNumber: 'JTEST-CENTS' });
    expect(b.rows[1]).toMatchObject({ transType: 'INVOICE', includeTimeActivity: true, amount: '100.79', jobId: job.id });
    // Moving the date moves rows into the forward balance; the total does not change.
    const later = (await admin.get(`/api/v1/balances?jobId=${job.id}&asOfDate=2026-02-15`)).json<BalanceResponse>();
    expect(later).toMatchObject({ balanceForward: '200.59', totalAmount: '150.59' });
    expect(later.rows.map((r) => r.transNum)).toEqual(['T-PAY-2']);
    const early = (await admin.get(`/api/v1/balances?jobId=${job.id}&asOfDate=2025-07-01`)).json<BalanceResponse>();
    expect(early).toMatchObject({ balanceForward: '100.10', totalAmount: '150.59' });
  });

  it('covers every job of the customer without a job, and bounds the rows', async () => {
    const b = (await admin.get('/api/v1/balances?asOfDate=2000-01-01')).json<BalanceResponse>();
    expect(b.balanceForward).toBe('0.00');
    expect(new Set(b.rows.map((r) => r.jobId)).size).toBeGreaterThan(1);
    expect(b.rows.length).toBeLessThanOrEqual(2000);
  });

  it('defaults the As-of-Date to 1 January of the previous year in the user’s time zone', () => {
    // 00:30 on 1 January 2027 in Sydney is still 2026 in New York.
    const at = new Date('2026-12-31T13:30:00Z');
    expect(defaultAsOfDate(at, 'Australia/Sydney')).toBe('2026-01-01');
    expect(defaultAsOfDate(at, 'America/New_York')).toBe('2025-01-01');
  });

  it('exports INVOICES_CMS_{timestamp}.xlsx with the Balance Forward and Total rows', async () => {
    const res = await admin.get(`/api/v1/balances/export?jobId=${job.id}&asOfDate=2026-01-01`);
    expect(res.headers['content-disposition']).toMatch(/filename="INVOICES_CMS_\d{8}_\d{6}\.xlsx"/);
    const ws = await sheetOf(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([undefined, 'Invoice Num', 'Type', 'Date', 'Agreement #', 'Total']);
    expect(ws.rowCount).toBe(5);
    expect(ws.getRow(2).getCell(2).value).toBe('Balance Forward');
    expect(ws.getRow(2).getCell(5).value).toBe(99.8);
    expect(ws.getRow(5).getCell(2).value).toBe('Total');
    expect(ws.getRow(5).getCell(5).value).toBe(150.59);
  });
});

describe('invoice details', () => {
  it('totals each line as Qty × Price rounded to the cent, and the grand total of those', async () => {
    const d = (await admin.get(`/api/v1/invoices/${invoiceId}`)).json<InvoiceDetailsResponse>();
    expect(d.invoice).toMatchObject({ transNum: 'T-INV-2', agreementNumber: 'JTEST-CENTS', jobId: job.id });
    expect(d.lines.map((l) => [l.item, l.total])).toEqual([
      ['MSA-WS', '99.99'],
      ['DIME', '0.10'],
      ['NICKEL2', '0.20'],
      ['HALF', '0.50'],
    ]);
    expect(d.grandTotal).toBe('100.79');
  });

  it('exports INVOICE_DETAILS_CMS_{number}_{timestamp}.xlsx with a total row', async () => {
    const res = await admin.get(`/api/v1/invoices/${invoiceId}/export`);
    expect(res.headers['content-disposition']).toMatch(/filename="INVOICE_DETAILS_CMS_T-INV-2_\d{8}_\d{6}\.xlsx"/);
    const ws = await sheetOf(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([undefined, 'Item', 'Description', 'Qty', 'Price', 'Total']);
    expect(ws.rowCount).toBe(6);
    expect(ws.getRow(6).getCell(5).value).toBe(100.79);
  });
});

describe('products', () => {
  it('pages the job’s products with the Bill flag', async () => {
    const p = (await admin.get(`/api/v1/jobs/${job.id}/products`)).json<ProductListResponse>();
    expect(p.total).toBe(2);
    expect(p.rows.map((r) => [r.productName, r.billable])).toEqual([
      ['Dell Latitude 7450', true],
      ['=HYPERLINK("x")', false],
    ]);
  });

  it('exports PRODUCTS_CMS_{timestamp}.xlsx with formulas escaped', async () => {
    const res = await admin.get(`/api/v1/jobs/${job.id}/products/export`);
    expect(res.headers['content-disposition']).toMatch(/filename="PRODUCTS_CMS_\d{8}_\d{6}\.xlsx"/);
    const ws = await sheetOf(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([undefined, 'Product', 'Description', 'Quantity', 'Price', 'Type', 'Bill']);
    expect(ws.rowCount).toBe(3);
    expect(ws.getRow(3).getCell(1).value).toBe('\'=HYPERLINK("x")');
  });
});

describe('time data', () => {
  it('pages by TimeDataID descending with ticket and invoice, sums the hours exactly, and filters to an invoice', async () => {
    const all = (await admin.get(`/api/v1/jobs/${job.id}/time-entries`)).json<TimeEntryListResponse>();
    expect(all.total).toBe(3);
    expect(all.totalHours).toBe('2.08');
    expect(all.rows.map((r) => r.memberName)).toEqual(['Cy Brown', 'Bob Adams', 'Ann Zimmer']);
    const one = (await admin.get(`/api/v1/jobs/${job.id}/time-entries?invoiceId=${invoiceId}`)).json<TimeEntryListResponse>();
    expect(one.total).toBe(1);
    expect(one.rows[0]).toMatchObject({ memberName: 'Ann Zimmer', ticketId, isInvoiced: true, invoiceNum: 'T-INV-2', hours: '1.50', timeIn: '2026-01-20T14:00:00.000Z' });
    expect(one.rows[0]!.ticketNo).toBeTruthy();
    const byName = (await admin.get(`/api/v1/jobs/${job.id}/time-entries?sort=memberName&direction=asc`)).json<TimeEntryListResponse>();
    expect(byName.rows.map((r) => r.memberName)).toEqual(['Ann Zimmer', 'Bob Adams', 'Cy Brown']);
  });

  it('exports JOB_REPORTS_CMS_{timestamp}.xlsx', async () => {
    const res = await admin.get(`/api/v1/jobs/${job.id}/time-entries/export?invoiceId=${invoiceId}`);
    expect(res.headers['content-disposition']).toMatch(/filename="JOB_REPORTS_CMS_\d{8}_\d{6}\.xlsx"/);
    const ws = await sheetOf(res.rawPayload);
    expect(ws.getRow(1).values).toEqual([undefined, 'Staff Name', 'Type', 'Rate', 'Ticket #', 'Invoiced', 'Time In', 'Time Out', 'Hours']);
    expect(ws.rowCount).toBe(2);
    expect(ws.getRow(2).getCell(8).value).toBe(1.5);
  });
});

describe('demo data', () => {
  it('gives Acme agreements with invoices, payments, a credit memo and time entries on real tickets', async () => {
    const b = (await admin.get('/api/v1/balances?asOfDate=2000-01-01')).json<BalanceResponse>();
    const types = new Set(b.rows.map((r) => r.transType));
    expect([...types].sort()).toEqual(['CREDIT MEMO', 'INVOICE', 'PAYMENT']);
    const jobsPage = (await admin.get('/api/v1/jobs')).json<JobListResponse>();
    const main = jobsPage.rows.find((r) => r.summary === 'Managed Services Agreement')!;
    const time = (await admin.get(`/api/v1/jobs/${main.id}/time-entries?pageSize=100`)).json<TimeEntryListResponse>();
    expect(time.rows.some((r) => r.ticketId !== null && r.ticketNo !== null)).toBe(true);
    // TransID order is the calendar's (the statement reads newest first).
    const demoRows = b.rows.filter((r) => !r.transNum.startsWith('T-'));
    const dates = demoRows.map((r) => r.transDate);
    expect(dates).toEqual([...dates].sort().reverse());
    // Every invoice with the 'Time Data' link bills time entries of its agreement.
    for (const r of demoRows.filter((x) => x.includeTimeActivity)) {
      const te = (await admin.get(`/api/v1/jobs/${r.jobId}/time-entries?invoiceId=${r.id}`)).json<TimeEntryListResponse>();
      expect(te.total, r.transNum).toBeGreaterThan(0);
    }
    const inv = b.rows.find((r) => r.transType === 'INVOICE')!;
    const d = (await admin.get(`/api/v1/invoices/${inv.id}`)).json<InvoiceDetailsResponse>();
    expect(d.grandTotal).toBe(inv.amount);
  });
});

async function sheetOf(payload: Buffer): Promise<ExcelJS.Worksheet> {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(payload as unknown as ArrayBuffer);
  return wb.worksheets[0]!;
}
