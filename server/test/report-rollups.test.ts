import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { CYBER_SECURITY_REPORT_ID, SUPPORT_TICKETS_REPORT_ID, type NativeReport, type ReportResponse, type TicketDetail } from '@sc/common';
import { rowsOf } from '../src/db/ids.ts';
import { contacts, ticketActions, tickets, userPreferences } from '../src/db/schema/index.ts';
import { ensureTicketLookups, makeAction, makeCustomerWithUser, makeSite, makeStaff, makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// docs/decisions/026: the reports' pre-aggregates (tickets.first_response_at and report_open_counts,
// kept by triggers, migration 0020) follow every write: tickets created, closed, reopened, moved to
// another site or class, deleted, inserted several at once; staff notes added, edited and deleted.
// After each step the report's figures equal a computation in JavaScript over the test's own model of
// the rows, and the pre-aggregates equal a fresh computation over the base tables.

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const BUCKETS = ['Under 1 day', '1–7 days', '7–30 days', '30–90 days', 'Over 90 days'] as const;
const bucketOf = (ageDays: number) => (ageDays < 1 ? 0 : ageDays < 7 ? 1 : ageDays < 30 ? 2 : ageDays < 90 ? 3 : 4);
function median(values: number[]): number | null {
  if (!values.length) return null;
  const v = [...values].sort((a, b) => a - b);
  const pos = 0.5 * (v.length - 1);
  return v[Math.floor(pos)]! + (pos - Math.floor(pos)) * (v[Math.ceil(pos)]! - v[Math.floor(pos)]!);
}
const localDay = (d: Date, tz: string) => new Intl.DateTimeFormat('en-CA', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

interface Model {
  id: number;
  openDate: Date;
  status: string;
  siteId: number | null;
  classId: number;
  /** Notes: start time and whether provider staff wrote it. */
  notes: { id: number; at: Date; staff: boolean }[];
}

let t: TestApp;
let admin: Client;
let adminEmail: string;
let cid: number;
let contactId: number;
let staffId: number;
let sites: [number, number];
let classIds: { security: number; other: number; securitySub: number; otherSub: number };
const model = new Map<number, Model>();
const now = new Date();

async function report(id: string, q: string): Promise<NativeReport> {
  const res = await admin.get(`/api/v1/reports/${id}?${q}`);
  expect(res.statusCode, res.body).toBe(200);
  const body = res.json<ReportResponse>();
  if (body.kind !== 'native') throw new Error('not native');
  return body;
}
const figure = (r: NativeReport, id: string) => r.figures.find((f) => f.id === id)?.value;
const backlogOf = (r: NativeReport, chartId = 'backlog') => r.charts.find((c) => c.id === chartId)!.data.series[0]!.values;

/** The pre-aggregates equal a fresh computation over tickets and ticket_actions. */
async function expectRollupsFresh() {
  const db = t.database.db;
  const counts = rowsOf<{ k: string; n: number }>(
    await db.execute(sql`select ticket_type || '/' || site_id || '/' || class_id || '/' || subclass_id as k, n from report_open_counts where cid = ${cid} and n <> 0 order by 1`),
  );
  const fresh = rowsOf<{ k: string; n: number }>(
    await db.execute(sql`select ticket_type || '/' || coalesce(site_id, 0) || '/' || coalesce(class_id, 0) || '/' || coalesce(subclass_id, 0) as k, count(*)::int as n
                         from tickets where cid = ${cid} and status <> 'Closed' group by 1 order by 1`),
  );
  expect(counts.map((r) => [r.k, Number(r.n)])).toEqual(fresh.map((r) => [r.k, Number(r.n)]));
  const stale = rowsOf(
    await db.execute(sql`select t.id from tickets t
      where t.cid = ${cid} and t.first_response_at is distinct from (select min(a.start_date) from ticket_actions a where a.ticket_id = t.id and a.staff_id is not null)`),
  );
  expect(stale).toEqual([]);
}

/** Open count, backlog by age (all sites, one site, the security class) and the median first response, from the model. */
async function expectReportsFollow(q = '') {
  const rows = [...model.values()];
  const open = rows.filter((r) => r.status !== 'Closed');
  const buckets = (xs: Model[]) => BUCKETS.map((_, i) => xs.filter((r) => bucketOf((now.getTime() - r.openDate.getTime()) / DAY) === i).length);
  const r = await report(SUPPORT_TICKETS_REPORT_ID, q);
  expect(figure(r, 'open')).toBe(String(open.length));
  expect(backlogOf(r)).toEqual(buckets(open));
  const inPeriod = rows.filter((x) => localDay(x.openDate, r.timeZone) >= r.from && localDay(x.openDate, r.timeZone) <= r.to);
  const fr = inPeriod.flatMap((x) => {
    const staff = x.notes.filter((n) => n.staff).map((n) => n.at.getTime());
    return staff.length ? [(Math.min(...staff) - x.openDate.getTime()) / HOUR] : [];
  });
  const m = median(fr);
  expect(figure(r, 'firstResponse')).toBe(m === null ? null : m.toFixed(1));
  const site = await report(SUPPORT_TICKETS_REPORT_ID, `${q}&siteId=${sites[0]}`);
  expect(backlogOf(site)).toEqual(buckets(open.filter((x) => x.siteId === sites[0])));
  const sec = await report(CYBER_SECURITY_REPORT_ID, q);
  expect(backlogOf(sec, 'openByAge')).toEqual(buckets(open.filter((x) => x.classId === classIds.security)));
  await expectRollupsFresh();
}

async function addTicket(o: { daysAgo: number; status?: 'Open' | 'Closed' | 'On Hold'; site: 0 | 1 | null; security?: boolean }) {
  const openDate = new Date(now.getTime() - o.daysAgo * DAY);
  const security = o.security ?? false;
  const tk = await makeTicket(t.database.db, {
    cid,
    ticketType: 'Incident',
    contactId,
    status: o.status ?? 'Open',
    openDate,
    siteId: o.site === null ? null : sites[o.site],
    classId: security ? classIds.security : classIds.other,
    subclassId: security ? classIds.securitySub : classIds.otherSub,
  });
  model.set(tk.id, { id: tk.id, openDate, status: tk.status, siteId: tk.siteId, classId: tk.classId!, notes: [] });
  return tk.id;
}
async function addNote(ticketId: number, hoursAfterOpen: number, staff: boolean) {
  const m = model.get(ticketId)!;
  const at = new Date(m.openDate.getTime() + hoursAfterOpen * HOUR);
  const a = await makeAction(t.database.db, { cid, ticketId, startDate: at, staffId: staff ? staffId : null, userName: staff ? 'tech@provider.example' : 'contact@example.com' });
  m.notes.push({ id: a.id, at, staff });
  return a.id;
}
async function put(ticketId: number, changes: Record<string, unknown>) {
  const cur = await admin.get(`/api/v1/tickets/${ticketId}`);
  expect(cur.statusCode, cur.body).toBe(200);
  const d = cur.json<TicketDetail>();
  const res = await admin.put(`/api/v1/tickets/${ticketId}`, { shortDescription: d.shortDescription, version: d.version, ...changes });
  expect(res.statusCode, res.body).toBe(200);
  const after = res.json<TicketDetail>();
  const m = model.get(ticketId)!;
  Object.assign(m, { status: after.status, siteId: after.siteId, classId: after.classId });
}

beforeAll(async () => {
  t = await createTestApp();
  const db = t.database.db;
  const lookups = await ensureTicketLookups(db);
  const made = await makeCustomerWithUser(db, 'Administrator');
  cid = made.customer.id;
  contactId = made.primary.id;
  adminEmail = made.user.email;
  admin = await signIn(t.app, adminEmail);
  sites = [(await makeSite(db, { cid, name: 'North' })).id, (await makeSite(db, { cid, name: 'South' })).id];
  staffId = (await makeStaff(db)).id;
  const classes = await db.query.ticketClasses.findMany();
  const security = classes.find((c) => c.name === 'Security')!.id;
  const other = classes.find((c) => c.name !== 'Security' && lookups.subclasses.some((s) => s.classId === c.id))!.id;
  classIds = {
    security,
    other,
    securitySub: lookups.subclasses.find((s) => s.classId === security)!.id,
    otherSub: lookups.subclasses.find((s) => s.classId === other)!.id,
  };
});
afterAll(() => t.close());

describe('report pre-aggregates follow ticket and note writes', () => {
  let a: number, b: number, c: number, d: number;

  it('a fixture of open, on-hold and closed tickets of every age, with customer and staff notes', async () => {
    a = await addTicket({ daysAgo: 0.5, site: 0 });
    b = await addTicket({ daysAgo: 3, site: 0, security: true });
    c = await addTicket({ daysAgo: 12, site: 1, status: 'On Hold' });
    d = await addTicket({ daysAgo: 45, site: null, status: 'Closed' });
    await addTicket({ daysAgo: 60, site: 1, security: true });
    await addTicket({ daysAgo: 300, site: 0 });
    await addNote(a, 1, false);
    await addNote(a, 3, true);
    await addNote(b, 5, true);
    await addNote(c, 30, true);
    await addNote(d, 2, true);
    await expectReportsFollow();
  });

  it('closing, reopening and putting a ticket on hold through the API', async () => {
    await put(a, { status: 'Closed' });
    await expectReportsFollow();
    await put(a, { status: 'Open' });
    await expectReportsFollow();
    await put(d, { status: 'On Hold' });
    await expectReportsFollow();
  });

  it('moving a ticket to another site and into the security class', async () => {
    await put(b, { siteId: sites[1] });
    await expectReportsFollow();
    await put(c, { classId: classIds.security, subclassId: classIds.securitySub });
    await expectReportsFollow();
    await put(b, { siteId: null, classId: classIds.other, subclassId: classIds.otherSub });
    await expectReportsFollow();
  });

  it('staff notes: an earlier one moves the first response, a later one and a customer note do not; edits and deletes recompute it', async () => {
    await addNote(a, 2, true);
    await expectReportsFollow();
    await addNote(a, 0.5, false);
    await addNote(b, 9, true);
    await expectReportsFollow();
    const db = t.database.db;
    // An edited note (the time it was written corrected) and one that turns out to be the customer's.
    const earliestB = model.get(b)!.notes.find((n) => n.staff)!;
    await db.update(ticketActions).set({ startDate: new Date(earliestB.at.getTime() + 10 * HOUR) }).where(eq(ticketActions.id, earliestB.id));
    earliestB.at = new Date(earliestB.at.getTime() + 10 * HOUR);
    await expectReportsFollow();
    const cNote = model.get(c)!.notes[0]!;
    await db.update(ticketActions).set({ staffId: null }).where(eq(ticketActions.id, cNote.id));
    cNote.staff = false;
    await expectReportsFollow();
    // Deleting the first staff note falls back to the next one, deleting the last leaves none.
    const firstA = model.get(a)!.notes.filter((n) => n.staff).sort((x, y) => x.at.getTime() - y.at.getTime())[0]!;
    await db.delete(ticketActions).where(eq(ticketActions.id, firstA.id));
    model.get(a)!.notes = model.get(a)!.notes.filter((n) => n.id !== firstA.id);
    await expectReportsFollow();
    await db.delete(ticketActions).where(eq(ticketActions.ticketId, d));
    model.get(d)!.notes = [];
    await expectReportsFollow();
  });

  it('several tickets and notes in one statement, and a deleted ticket', async () => {
    const db = t.database.db;
    const base = { cid, ticketType: 'Incident' as const, contactId, shortDescription: 'Bulk', classId: classIds.security, subclassId: classIds.securitySub };
    const inserted = await db
      .insert(tickets)
      .values([0, 1, 2].map((i) => ({ ...base, ticketNo: `RB-${cid}-${i}`, status: i === 2 ? ('Closed' as const) : ('Open' as const), siteId: sites[0], openDate: new Date(now.getTime() - (i * 20 + 2) * DAY) })))
      .returning();
    for (const x of inserted) model.set(x.id, { id: x.id, openDate: x.openDate, status: x.status, siteId: x.siteId, classId: x.classId!, notes: [] });
    const notes = await db
      .insert(ticketActions)
      .values(inserted.flatMap((x, i) => [1, 4].map((h) => ({ cid, ticketId: x.id, startDate: new Date(x.openDate.getTime() + (h + i) * HOUR), staffId, userName: 'tech@provider.example', actionDesc: '<p>x</p>' }))))
      .returning();
    for (const n of notes) model.get(n.ticketId)!.notes.push({ id: n.id, at: n.startDate, staff: true });
    await expectReportsFollow();
    await db.delete(tickets).where(eq(tickets.id, inserted[0]!.id));
    model.delete(inserted[0]!.id);
    await db.delete(tickets).where(eq(tickets.id, c));
    model.delete(c);
    await expectReportsFollow();
  });

  it("tickets and their notes moved to another customer (one statement per table, tickets first): the first responses and both customers' counts stay right", async () => {
    const db = t.database.db;
    const other = await makeCustomerWithUser(db, 'Administrator');
    // One after another: the expected firsts below are in id order (concurrent inserts may number them in any order).
    const moved: Awaited<ReturnType<typeof makeTicket>>[] = [];
    for (const i of [1, 2, 3]) {
      moved.push(await makeTicket(db, { cid: other.customer.id, ticketType: 'Incident', contactId: other.primary.id, status: 'Open', openDate: new Date(now.getTime() - (40 + i * 3) * DAY), classId: classIds.other, subclassId: classIds.otherSub }));
    }
    for (const [i, x] of moved.entries()) {
      for (const h of [2 + i, 5]) await makeAction(db, { cid: other.customer.id, ticketId: x.id, startDate: new Date(x.openDate.getTime() + h * HOUR), staffId, userName: 'tech@provider.example' });
    }
    const ids = moved.map((x) => x.id);
    const movedIds = sql.raw(ids.join(','));
    await db.execute(sql`update tickets set cid = ${cid}, contact_id = ${contactId}, site_id = null where id in (${movedIds})`);
    await db.execute(sql`update ticket_actions set cid = ${cid} where ticket_id in (${movedIds})`);
    const firsts = rowsOf<{ id: number; first: Date | string }>(await db.execute(sql`select id, first_response_at as first from tickets where id in (${movedIds}) order by id`));
    expect(firsts.map((r) => new Date(r.first).getTime())).toEqual(moved.map((x, i) => x.openDate.getTime() + (2 + i) * HOUR));
    const left = rowsOf<{ n: number }>(await db.execute(sql`select coalesce(sum(n), 0)::int as n from report_open_counts where cid = ${other.customer.id}`));
    expect(Number(left[0]!.n)).toBe(0);
    for (const x of moved) {
      model.set(x.id, { id: x.id, openDate: x.openDate, status: 'Open', siteId: null, classId: classIds.other, notes: [0, 1].map((k) => ({ id: 0, at: new Date(x.openDate.getTime() + (k === 0 ? 2 + moved.indexOf(x) : 5) * HOUR), staff: true })) });
    }
    await expectReportsFollow();
  });

  it("the period's days are the user's: a ticket opened just before or after local midnight (a +5:30 zone) counts on its local day", async () => {
    const db = t.database.db;
    const tz = 'Asia/Kolkata';
    await db.update(contacts).set({ timeZone: tz }).where(eq(contacts.id, contactId));
    await db.update(userPreferences).set({ timeZone: tz }).where(eq(userPreferences.webUserId, admin.session.user.ccWebUserId));
    admin = await signIn(t.app, adminEmail);
    // Local midnight starting `day` (5 days ago) is 18:30 UTC of the day before.
    const day = localDay(new Date(now.getTime() - 5 * DAY), tz);
    const midnight = new Date(`${day}T00:00:00+05:30`);
    const before = await addTicket({ daysAgo: (now.getTime() - midnight.getTime()) / DAY + 10 / 1440, site: 0 });
    const after = await addTicket({ daysAgo: (now.getTime() - midnight.getTime()) / DAY - 10 / 1440, site: 0 });
    await addNote(before, 1, true);
    await addNote(after, 7, true);
    expect(localDay(model.get(before)!.openDate, tz)).not.toBe(day);
    expect(localDay(model.get(after)!.openDate, tz)).toBe(day);
    const q = `from=${day}&to=${day}`;
    const r = await report(SUPPORT_TICKETS_REPORT_ID, q);
    expect(r.timeZone).toBe(tz);
    expect(figure(r, 'created')).toBe('1');
    expect(figure(r, 'firstResponse')).toBe('7.0');
    await expectReportsFollow(q);
    const prev = await report(SUPPORT_TICKETS_REPORT_ID, `from=${localDay(model.get(before)!.openDate, tz)}&to=${localDay(model.get(before)!.openDate, tz)}`);
    expect(figure(prev, 'firstResponse')).toBe('1.0');
  });
});
