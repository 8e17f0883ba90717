import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  BACKUP_REPORT_ID,
  CYBER_SECURITY_REPORT_ID,
  INFRASTRUCTURE_REPORT_ID,
  SINGLE_PANE_REPORT_ID,
  SUPPORT_TICKETS_REPORT_ID,
  type ErrorResponse,
  type NativeReport,
  type ReportChart,
  type ReportResponse,
  type TicketType,
  ZReportResponseSchema,
} from '@sc/common';
import {
  ensureTicketLookups,
  makeAction,
  makeBalanceTransaction,
  makeContact,
  makeCustomerWithUser,
  makeDepartment,
  makeDevice,
  makeJob,
  makeManagedService,
  makeSite,
  makeStaff,
  makeTicket,
  makeTimeEntry,
  makeWebUser,
} from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §13.2–§13.6: every figure of the five reports on a small data set built here equals an
// independent computation in JavaScript over the same fixture rows (not the report's SQL).

const TZ = 'America/New_York';
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const localDay = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: TZ, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);
const addDays = (day: string, n: number) => new Date(Date.parse(`${day}T00:00:00Z`) + n * DAY).toISOString().slice(0, 10);
const monday = (day: string) => addDays(day, -((new Date(`${day}T00:00:00Z`).getUTCDay() + 6) % 7));
/** PostgreSQL's percentile_cont: linear interpolation between the closest ranks. */
function percentile(values: number[], p: number): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  const pos = p * (v.length - 1);
  const lo = Math.floor(pos);
  const hi = Math.ceil(pos);
  return v[lo]! + (pos - lo) * (v[hi]! - v[lo]!);
}
const hours1 = (h: number | null) => (h === null ? null : h.toFixed(1));
const countBy = <T>(rows: T[], key: (r: T) => string | null | undefined) => {
  const m = new Map<string, number>();
  for (const r of rows) {
    const k = key(r);
    if (k === null || k === undefined) continue;
    m.set(k, (m.get(k) ?? 0) + 1);
  }
  return m;
};
/** A chart's single series as category → value. */
const chartMap = (c: ReportChart, series = 0) => new Map(c.data.categories.map((cat, i) => [cat, c.data.series[series]!.values[i]!]));
const figure = (r: NativeReport, id: string) => r.figures.find((f) => f.id === id)?.value;
const chartOf = (r: NativeReport, id: string) => {
  const c = r.charts.find((x) => x.id === id);
  if (!c) throw new Error(`no chart ${id}`);
  return c;
};

interface Fixture {
  id: number;
  type: TicketType;
  openDate: Date;
  closedDate: Date | null;
  status: string;
  siteId: number | null;
  departmentId: number | null;
  priorityId: number;
  classId: number;
  subclassId: number;
  deviceId: number | null;
  firstStaffAt: Date | null;
}

let t: TestApp;
let admin: Client;
let others: Record<'operator' | 'limited' | 'user', Client>;
let otherAdmin: Client;
let cid: number;
const now = new Date();
const from = localDay(new Date(now.getTime() - 70 * DAY));
const to = localDay(now);
const rows: Fixture[] = [];
let lookups: Awaited<ReturnType<typeof ensureTicketLookups>>;
let names: { priorities: Map<number, string>; sites: Map<number, string>; departments: Map<number, string>; devices: Map<number, string>; classes: Map<number, string> };
let siteA: number;
let deviceRows: { id: number; name: string; type: string; os: string | null; siteId: number | null; contact: boolean; warrantyInDays: number; active: boolean }[] = [];
let securityClassId: number;
let backupSubclassId: number;

const get = async (c: Client, reportId: string, q = `from=${from}&to=${to}`) => {
  const res = await c.get(`/api/v1/reports/${reportId}?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ReportResponse>();
  if (body.kind !== 'native') throw new Error('not native');
  return body;
};

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  lookups = await ensureTicketLookups(db);
  const made = await makeCustomerWithUser(db, 'Administrator');
  cid = made.customer.id;
  const extra = async (userType: 'Operator' | 'OperatorLimited' | 'User') => {
    const c = await makeContact(db, { cid });
    return (await makeWebUser(db, { contactId: c.id, userType })).user.email;
  };
  const [opEmail, limEmail, userEmail] = [await extra('Operator'), await extra('OperatorLimited'), await extra('User')];
  const otherCustomer = await makeCustomerWithUser(db, 'Administrator');
  [admin, others, otherAdmin] = [
    await signIn(t.app, made.user.email),
    { operator: await signIn(t.app, opEmail), limited: await signIn(t.app, limEmail), user: await signIn(t.app, userEmail) },
    await signIn(t.app, otherCustomer.user.email),
  ];

  const [a, b] = [await makeSite(db, { cid, name: 'Alpha Office' }), await makeSite(db, { cid, name: 'Beta Plant' })];
  siteA = a.id;
  const [dx, dy] = [await makeDepartment(db, { name: 'Finance Desk' }), await makeDepartment(db, { name: 'Field Service' })];
  const staff = await makeStaff(db);
  const priorityRows = await db.query.ticketPriorities.findMany();
  const classRows = await db.query.ticketClasses.findMany();
  securityClassId = classRows.find((c) => c.name === 'Security')!.id;
  backupSubclassId = lookups.subclasses.find((s) => s.name === 'Backup')!.id;
  const today = localDay(now);
  const dev = async (i: number, o: { type: string; os: string | null; siteId: number | null; contact: boolean; warrantyInDays: number; active?: boolean }) => {
    const contactId = o.contact ? made.primary.id : null;
    const d = await makeDevice(db, {
      cid,
      deviceName: `DEV-${i}`,
      deviceType: o.type,
      operatingSystem: o.os,
      siteId: o.siteId,
      contactId,
      warrantyEnd: addDays(today, o.warrantyInDays),
      isActive: o.active ?? true,
    });
    deviceRows.push({ id: d.id, name: d.deviceName, type: o.type, os: o.os, siteId: o.siteId, contact: o.contact, warrantyInDays: o.warrantyInDays, active: o.active ?? true });
    return d.id;
  };
  deviceRows = [];
  const devIds = [
    await dev(1, { type: 'Server', os: 'Windows Server 2022', siteId: a.id, contact: false, warrantyInDays: -10 }),
    await dev(2, { type: 'Laptop', os: 'Windows 11 Pro', siteId: a.id, contact: true, warrantyInDays: 10 }),
    await dev(3, { type: 'Laptop', os: 'macOS 15', siteId: b.id, contact: true, warrantyInDays: 45 }),
    await dev(4, { type: 'Printer', os: null, siteId: null, contact: false, warrantyInDays: 80 }),
    await dev(5, { type: 'Server', os: 'Ubuntu 24.04 LTS', siteId: b.id, contact: false, warrantyInDays: 200 }),
    await dev(6, { type: 'Laptop', os: 'Windows 11 Pro', siteId: a.id, contact: false, warrantyInDays: 5, active: false }),
  ];

  for (let i = 0; i < 41; i += 1) {
    const old = i === 40; // opened long before the period, still open: only the backlog counts it
    const sub = lookups.subclasses[i % lookups.subclasses.length]!;
    const type = i % 4 === 3 && sub.id !== backupSubclassId ? 'ServiceRequest' : 'Incident';
    const openDate = old ? new Date(now.getTime() - 200 * DAY) : new Date(now.getTime() - (2 + i * 1.5) * DAY - 3 * HOUR);
    const status = old ? 'Open' : i % 3 === 0 ? 'Closed' : i % 7 === 0 ? 'On Hold' : 'Open';
    const closedDate = status === 'Closed' ? new Date(openDate.getTime() + (i + 1) * 3 * HOUR) : null;
    const siteId = old ? null : [a.id, b.id, null][i % 3]!;
    const departmentId = i % 5 === 0 ? dx.id : i % 5 === 1 ? dy.id : null;
    const priorityId = lookups.priorityIds[i % lookups.priorityIds.length]!;
    const deviceId = i % 4 === 0 || sub.id === backupSubclassId ? devIds[i % 3]! : null;
    const tk = await makeTicket(db, {
      cid,
      ticketType: type,
      contactId: made.primary.id,
      status,
      openDate,
      closedDate,
      siteId,
      departmentId,
      priorityId,
      severityShort: lookups.severityShorts[i % 4]!,
      classId: sub.classId,
      subclassId: sub.id,
      deviceId,
    });
    let firstStaffAt: Date | null = null;
    if (i % 2 === 0) {
      // A customer's own note comes first and is not a response; the staff note is.
      await makeAction(db, { cid, ticketId: tk.id, startDate: new Date(openDate.getTime() + HOUR), staffId: null, userName: 'contact@example.com' });
      firstStaffAt = new Date(openDate.getTime() + (i + 2) * HOUR);
      await makeAction(db, { cid, ticketId: tk.id, startDate: firstStaffAt, staffId: staff.id });
      await makeAction(db, { cid, ticketId: tk.id, startDate: new Date(openDate.getTime() + (i + 9) * HOUR), staffId: staff.id });
    }
    rows.push({ id: tk.id, type, openDate, closedDate, status, siteId, departmentId, priorityId, classId: sub.classId, subclassId: sub.id, deviceId, firstStaffAt });
  }

  // Agreements: backup services (by agreement summary, by service name), one closed, one unrelated.
  const bdr = await makeJob(db, { cid, jobNum: 'J-BDR', internalShortDesc: 'Backup and Disaster Recovery', jobStatus: 'Active' });
  const net = await makeJob(db, { cid, jobNum: 'J-NET', internalShortDesc: 'Network Infrastructure Support', jobStatus: 'Active' });
  await makeManagedService(db, { cid, jobId: bdr.id, rateDesc: 'Offsite replication', description: 'Offsite replication service', sellPrice: '49.99', quantity: '2' });
  await makeManagedService(db, { cid, jobId: bdr.id, rateDesc: 'Per workstation', description: 'Per workstation service', sellPrice: '10.00', quantity: '3' });
  await makeManagedService(db, { cid, jobId: net.id, rateDesc: 'Cloud Backup Vault', description: 'Cloud Backup Vault service', sellPrice: '5.00', quantity: '1' });
  await makeManagedService(db, { cid, jobId: net.id, rateDesc: 'Firewall monitoring', description: 'Firewall monitoring service', sellPrice: '80.00', quantity: '1' });
  await makeManagedService(db, { cid, jobId: bdr.id, rateDesc: 'Old backup tapes', description: 'Old backup tapes service', sellPrice: '7.00', quantity: '1', isClosed: true });
  const inv = await makeBalanceTransaction(db, { cid, jobId: bdr.id, transNum: 'R-INV-1', transType: 'INVOICE', transDate: '2025-06-01', amount: '100.10' });
  await makeBalanceTransaction(db, { cid, jobId: bdr.id, transNum: 'R-PAY-1', transType: 'PAYMENT', transDate: '2025-07-01', amount: '0.10', invoiceAppliedId: inv.id });
  await makeBalanceTransaction(db, { cid, jobId: bdr.id, transNum: 'R-CM-1', transType: 'CREDIT MEMO', transDate: '2025-08-01', amount: '0.20', invoiceAppliedId: inv.id });
  await makeTimeEntry(db, { cid, jobId: bdr.id, memberName: 'Ann Zimmer', timeIn: now, durationHours: '0.25' });
  await makeTimeEntry(db, { cid, jobId: net.id, memberName: 'Bob Adams', timeIn: now, durationHours: '0.33' });
  await makeTimeEntry(db, { cid, jobId: net.id, memberName: 'Bob Adams', timeIn: new Date(now.getTime() - 40 * DAY), durationHours: '5.00' });

  names = {
    priorities: new Map(priorityRows.map((p) => [p.id, p.name])),
    sites: new Map([
      [a.id, a.name],
      [b.id, b.name],
    ]),
    departments: new Map([
      [dx.id, dx.name],
      [dy.id, dy.name],
    ]),
    devices: new Map(deviceRows.map((d) => [d.id, d.name])),
    classes: new Map(classRows.map((c) => [c.id, c.name])),
  };
});
afterAll(() => t.close());

const inPeriod = (d: Date | null) => d !== null && localDay(d) >= from && localDay(d) <= to;

describe('Support Tickets: figures equal a computation over the fixture rows', () => {
  it('created, closed, open, weeks, priority, class, subclass, sites, departments, resolve and first-response times', async () => {
    const r = await get(admin, SUPPORT_TICKETS_REPORT_ID);
    // Serialised by fast-json-stringify (decision 026): exactly what the zod schema declares, nothing lost.
    expect(ZReportResponseSchema.parse(r)).toEqual(r);
    expect(r.type).toBe('Incident');
    expect([r.from, r.to]).toEqual([from, to]);
    const inc = rows.filter((x) => x.type === 'Incident');
    const opened = inc.filter((x) => inPeriod(x.openDate));
    const closed = inc.filter((x) => inPeriod(x.closedDate));
    expect(opened.length).toBeGreaterThan(10);
    expect(figure(r, 'created')).toBe(String(opened.length));
    expect(figure(r, 'closed')).toBe(String(closed.length));
    expect(figure(r, 'open')).toBe(String(inc.filter((x) => x.status !== 'Closed').length));
    const resolveHours = closed.map((x) => (x.closedDate!.getTime() - x.openDate.getTime()) / HOUR);
    expect(figure(r, 'medianResolve')).toBe(hours1(percentile(resolveHours, 0.5)));
    expect(figure(r, 'p90Resolve')).toBe(hours1(percentile(resolveHours, 0.9)));
    const fr = opened.filter((x) => x.firstStaffAt).map((x) => (x.firstStaffAt!.getTime() - x.openDate.getTime()) / HOUR);
    expect(figure(r, 'firstResponse')).toBe(hours1(percentile(fr, 0.5)));

    const weekly = chartOf(r, 'createdClosed');
    const createdWeeks = countBy(opened, (x) => monday(localDay(x.openDate)));
    const closedWeeks = countBy(closed, (x) => monday(localDay(x.closedDate!)));
    weekly.data.categories.forEach((w, i) => {
      expect(weekly.data.series[0]!.values[i], `created ${w}`).toBe(createdWeeks.get(w) ?? 0);
      expect(weekly.data.series[1]!.values[i], `closed ${w}`).toBe(closedWeeks.get(w) ?? 0);
    });
    expect(weekly.data.series[0]!.values.reduce((s, v) => s + v, 0)).toBe(opened.length);

    expect(chartMap(chartOf(r, 'priority'))).toEqual(countBy(opened, (x) => names.priorities.get(x.priorityId)));
    expect(chartMap(chartOf(r, 'class'))).toEqual(countBy(opened, (x) => names.classes.get(x.classId)));
    const subName = (x: Fixture) => `${names.classes.get(x.classId)} › ${lookups.subclasses.find((s) => s.id === x.subclassId)!.name}`;
    // The 15 largest subclasses (ties by name).
    const subs = [...countBy(opened, subName)].sort((x, y) => y[1] - x[1] || x[0].localeCompare(y[0])).slice(0, 15);
    expect(chartMap(chartOf(r, 'subclass'))).toEqual(new Map(subs));
    expect(chartMap(chartOf(r, 'sites'))).toEqual(countBy(opened, (x) => (x.siteId ? names.sites.get(x.siteId) : null)));
    expect(chartMap(chartOf(r, 'departments'))).toEqual(countBy(opened, (x) => (x.departmentId ? names.departments.get(x.departmentId) : null)));

    // Backlog ages (days since opening, now): every open incident once.
    const backlog = chartOf(r, 'backlog');
    const ageDays = inc.filter((x) => x.status !== 'Closed').map((x) => (now.getTime() - x.openDate.getTime()) / DAY);
    const bucket = (d: number) => (d < 1 ? 'Under 1 day' : d < 7 ? '1–7 days' : d < 30 ? '7–30 days' : d < 90 ? '30–90 days' : 'Over 90 days');
    const expected = countBy(ageDays, bucket);
    expect(new Map([...chartMap(backlog)].filter(([, n]) => n > 0))).toEqual(expected);
  });

  it('a click target is the matching ticket list: the priority slice carries priorityId, the period and status (All)', async () => {
    const r = await get(admin, SUPPORT_TICKETS_REPORT_ID);
    const c = chartOf(r, 'priority');
    const i = c.data.categories.indexOf('Critical');
    expect(c.links[i]).toEqual({ list: 'incidents', query: { status: '<ALL>', openDateFrom: from, openDateTo: to, priorityId: String(lookups.priorityIds[0]) } });
    expect(c.data.keys![i]).toBe(String(i));
  });

  it('service requests and a site filter change the figures accordingly', async () => {
    const sr = await get(admin, SUPPORT_TICKETS_REPORT_ID, `from=${from}&to=${to}&type=ServiceRequest`);
    expect(figure(sr, 'created')).toBe(String(rows.filter((x) => x.type === 'ServiceRequest' && inPeriod(x.openDate)).length));
    expect(chartOf(sr, 'priority').links[0]!.list).toBe('requests');
    const site = await get(admin, SUPPORT_TICKETS_REPORT_ID, `from=${from}&to=${to}&siteId=${siteA}`);
    expect(site.siteId).toBe(siteA);
    expect(figure(site, 'created')).toBe(String(rows.filter((x) => x.type === 'Incident' && x.siteId === siteA && inPeriod(x.openDate)).length));
    expect(chartOf(site, 'priority').links[0]!.query.siteId).toBe(String(siteA));
    const narrow = await get(admin, SUPPORT_TICKETS_REPORT_ID, `from=${addDays(to, -6)}&to=${to}`);
    expect(figure(narrow, 'created')).toBe(String(rows.filter((x) => x.type === 'Incident' && localDay(x.openDate) >= addDays(to, -6) && localDay(x.openDate) <= to).length));
  });
});

describe('Cyber Security, Backup / Disaster Recovery, Infrastructure, Single Pane of Glass', () => {
  it('Cyber Security counts the Security class incidents', async () => {
    const r = await get(admin, CYBER_SECURITY_REPORT_ID);
    const sec = rows.filter((x) => x.type === 'Incident' && x.classId === securityClassId);
    const opened = sec.filter((x) => inPeriod(x.openDate));
    expect(opened.length).toBeGreaterThan(0);
    expect(figure(r, 'created')).toBe(String(opened.length));
    expect(figure(r, 'open')).toBe(String(sec.filter((x) => x.status !== 'Closed').length));
    const closed = sec.filter((x) => inPeriod(x.closedDate)).map((x) => (x.closedDate!.getTime() - x.openDate.getTime()) / HOUR);
    expect(figure(r, 'medianResolve')).toBe(hours1(percentile(closed, 0.5)));
    expect(chartMap(chartOf(r, 'subclass'))).toEqual(countBy(opened, (x) => lookups.subclasses.find((s) => s.id === x.subclassId)!.name));
    expect(chartOf(r, 'perWeek').data.series[0]!.values.reduce((a, b) => a + b, 0)).toBe(opened.length);
    expect([...chartMap(chartOf(r, 'severity')).values()].reduce((a, b) => a + b, 0)).toBe(opened.length);
    expect(chartOf(r, 'perWeek').links.find(Boolean)!.query.classId).toBe(String(securityClassId));
  });

  it('Backup / Disaster Recovery: Backup subclass incidents, failures by device, backup services on the agreements', async () => {
    const r = await get(admin, BACKUP_REPORT_ID);
    const opened = rows.filter((x) => x.type === 'Incident' && x.subclassId === backupSubclassId && inPeriod(x.openDate));
    expect(opened.length).toBeGreaterThan(0);
    expect(figure(r, 'created')).toBe(String(opened.length));
    expect(chartMap(chartOf(r, 'byDevice'))).toEqual(countBy(opened, (x) => (x.deviceId ? names.devices.get(x.deviceId) : null)));
    expect(figure(r, 'services')).toBe('3');
    // 49.99 × 2 + 10.00 × 3 + 5.00 × 1, in cents.
    expect(figure(r, 'servicesValue')).toBe(((4999 * 2 + 1000 * 3 + 500) / 100).toFixed(2));
    expect(chartOf(r, 'perWeek').links.find(Boolean)!.query.subclassId).toBe(String(backupSubclassId));
  });

  it('Infrastructure Management: active devices by type and system, without a contact, warranties, incidents per device', async () => {
    const r = await get(admin, INFRASTRUCTURE_REPORT_ID);
    const active = deviceRows.filter((d) => d.active);
    expect(figure(r, 'devices')).toBe(String(active.length));
    expect(figure(r, 'withoutContact')).toBe(String(active.filter((d) => !d.contact).length));
    expect(figure(r, 'warranty90')).toBe(String(active.filter((d) => d.warrantyInDays >= 0 && d.warrantyInDays <= 90).length));
    expect(chartMap(chartOf(r, 'byType'))).toEqual(countBy(active, (d) => d.type));
    expect(chartMap(chartOf(r, 'byOs'))).toEqual(countBy(active, (d) => d.os ?? 'Unknown'));
    expect(chartMap(chartOf(r, 'warranty'))).toEqual(
      new Map([
        ['Ended', active.filter((d) => d.warrantyInDays < 0).length],
        ['Within 30 days', active.filter((d) => d.warrantyInDays >= 0 && d.warrantyInDays <= 30).length],
        ['31–60 days', active.filter((d) => d.warrantyInDays > 30 && d.warrantyInDays <= 60).length],
        ['61–90 days', active.filter((d) => d.warrantyInDays > 60 && d.warrantyInDays <= 90).length],
      ]),
    );
    const incidents = rows.filter((x) => x.type === 'Incident' && inPeriod(x.openDate));
    expect(chartMap(chartOf(r, 'topOffenders'))).toEqual(countBy(incidents, (x) => (x.deviceId ? names.devices.get(x.deviceId) : null)));
    const site = await get(admin, INFRASTRUCTURE_REPORT_ID, `from=${from}&to=${to}&siteId=${siteA}`);
    expect(figure(site, 'devices')).toBe(String(active.filter((d) => d.siteId === siteA).length));
  });

  it("Single Pane of Glass: each report's headline plus the agreements' balance and hours this month", async () => {
    const r = await get(admin, SINGLE_PANE_REPORT_ID);
    const inc = rows.filter((x) => x.type === 'Incident');
    expect(figure(r, 'created')).toBe(String(inc.filter((x) => inPeriod(x.openDate)).length));
    expect(figure(r, 'open')).toBe(String(inc.filter((x) => x.status !== 'Closed').length));
    expect(figure(r, 'devices')).toBe(String(deviceRows.filter((d) => d.active).length));
    expect(figure(r, 'securityOpen')).toBe(String(inc.filter((x) => x.classId === securityClassId && x.status !== 'Closed').length));
    expect(figure(r, 'backupIncidents')).toBe(String(inc.filter((x) => x.subclassId === backupSubclassId && inPeriod(x.openDate)).length));
    expect(figure(r, 'balance')).toBe(((10010 - 10 - 20) / 100).toFixed(2));
    // 0.25 + 0.33 this month; the 5.00 of 40 days ago is another month.
    expect(figure(r, 'hoursThisMonth')).toBe(((25 + 33) / 100).toFixed(2));
  });
});

describe('Reports: who may, and bad input', () => {
  it('signed out 401; Operator, OperatorLimited and User 403; an unknown report 404', async () => {
    for (const path of [`/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}`, `/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}/embed-token`]) {
      expect((await t.app.inject({ method: 'GET', url: path })).statusCode).toBe(401);
      for (const c of Object.values(others)) expect((await c.get(path)).statusCode).toBe(403);
    }
    expect((await admin.get('/api/v1/reports/3f6d1c2a-5b8e-4d1f-9a7c-000000000000')).statusCode).toBe(404);
    expect((await admin.get(`/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}/embed-token`)).statusCode).toBe(404);
  });

  it("another customer's Administrator gets its own (empty) figures and cannot name this customer's site", async () => {
    const r = await get(otherAdmin, SUPPORT_TICKETS_REPORT_ID);
    expect(figure(r, 'created')).toBe('0');
    expect(figure(r, 'open')).toBe('0');
    expect(r.sites).toEqual([]);
    expect((await otherAdmin.get(`/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}?siteId=${siteA}`)).statusCode).toBe(404);
  });

  it('a 400 names the field: an end before the start, a bad date, a too long period', async () => {
    const bad = async (q: string) => {
      const res = await admin.get(`/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}?${q}`);
      expect(res.statusCode, q).toBe(400);
      return Object.keys(res.json<ErrorResponse>().fieldErrors ?? {}).join(',');
    };
    expect(await bad(`from=${to}&to=${from}`)).toContain('to');
    expect(await bad('from=2026-13-45')).toContain('from');
    expect(await bad('from=2020-01-01&to=2026-01-01')).toContain('from');
    expect(await bad('from=2020-01-01')).toContain('from');
    expect(await bad('type=Bogus')).toContain('type');
  });

  it('the default period is the last 90 days ending today in the user\u2019s time zone', async () => {
    const res = await admin.get(`/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}`);
    expect(res.statusCode, res.body).toBe(200);
    const r = res.json<NativeReport>();
    expect([r.from, r.to]).toEqual([addDays(localDay(new Date()), -89), localDay(new Date())]);
  });
});
