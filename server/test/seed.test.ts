import { and, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyPassword } from '../src/auth/password.ts';
import { openPglite, type Database } from '../src/db/client.ts';
import { contacts, customers, tickets, ticketActions, webUsers, bannerMessages, devices, jobs, timeEntries } from '../src/db/schema/index.ts';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { seedDemo } from '../src/db/seed/demo.ts';
import { makeContact, makeCustomer, makeTicket, makeWebUser } from '../src/db/seed/factories.ts';
import { rowsOf } from '../src/db/seed/random.ts';
import { NOTES, seedScale } from '../src/db/seed/scale.ts';
import { sanitizeNoteHtml } from '../src/modules/ticket-detail/note-html.ts';

async function freshDatabase(): Promise<Database> {
  const d = await openPglite(undefined);
  await d.migrate();
  return d;
}

const ticketFingerprint = (d: Database) =>
  d.db.select({ no: tickets.ticketNo, text: tickets.shortDescription, status: tickets.status }).from(tickets).orderBy(tickets.id);

describe('seedDemo', () => {
  let d: Database;
  let other: Database;
  beforeAll(async () => {
    [d, other] = await Promise.all([freshDatabase(), freshDatabase()]);
    expect(await seedDemo(d.db)).toBe(true);
  });
  afterAll(async () => {
    await d.close();
    await other.close();
  });

  it('creates the provider and at least three client organisations including Acme and Globex', async () => {
    const rows = await d.db.select().from(customers);
    const clients = rows.filter((c) => !c.isProvider);
    expect(rows.filter((c) => c.isProvider).map((c) => c.code)).toEqual(['PROVIDER']);
    expect(clients.length).toBeGreaterThanOrEqual(3);
    expect(clients.map((c) => c.name)).toEqual(expect.arrayContaining(['Acme Corporation', 'Globex Corporation', 'Initech']));
    for (const c of rows) expect([c.accountManagerId, c.itConsultantId, c.techManagerId]).not.toContain(null);
  });

  it('gives every client ≥ 20 contacts with one primary contact, and ≥ 200 tickets of both types in all four statuses', async () => {
    const clients = await d.db.select().from(customers).where(eq(customers.isProvider, false));
    for (const c of clients) {
      const people = await d.db.select().from(contacts).where(eq(contacts.cid, c.id));
      expect(people.length).toBeGreaterThanOrEqual(20);
      const primaries = people.filter((p) => p.isPrimary);
      expect(primaries).toHaveLength(1);
      expect(people.every((p) => p.primaryContactId === primaries[0]!.id)).toBe(true);
      expect(people.some((p) => p.isVip)).toBe(true);
      expect(people.some((p) => p.isPending)).toBe(true);
      expect(people.some((p) => !p.isActive)).toBe(true);

      const groups = await d.db
        .select({ type: tickets.ticketType, status: tickets.status, n: sql<number>`count(*)::int` })
        .from(tickets)
        .where(eq(tickets.cid, c.id))
        .groupBy(tickets.ticketType, tickets.status);
      expect(groups.reduce((s, g) => s + g.n, 0)).toBeGreaterThanOrEqual(200);
      expect(groups.map((g) => `${g.type}/${g.status}`).sort()).toEqual(
        ['Incident', 'ServiceRequest'].flatMap((t) => ['Closed', 'Escalation', 'On Hold', 'Open'].map((s) => `${t}/${s}`)).sort(),
      );
    }
    const nos = await d.db.select({ no: tickets.ticketNo, type: tickets.ticketType }).from(tickets);
    expect(nos.every((t) => /^(INC|SR)-\d{6,}$/.test(t.no) && t.no.startsWith(t.type === 'Incident' ? 'INC-' : 'SR-'))).toBe(true);
  });

  it('creates every demo account with its user type, linked to a contact with the same e-mail, verifying the demo password', async () => {
    for (const a of DEMO_ACCOUNTS) {
      const [row] = await d.db
        .select({ user: webUsers, contact: contacts, code: customers.code })
        .from(webUsers)
        .innerJoin(contacts, eq(contacts.id, webUsers.contactId))
        .innerJoin(customers, eq(customers.id, webUsers.cid))
        .where(eq(webUsers.email, a.email));
      expect(row, a.email).toBeDefined();
      expect(row!.user.userType).toBe(a.userType);
      expect(row!.user.spaceAdmin).toBe(a.spaceAdmin);
      expect(row!.user.lastLoginAt).toBeNull();
      expect(row!.code).toBe(a.customerCode);
      expect(row!.contact.email).toBe(a.email);
      expect(row!.contact.cid).toBe(row!.user.cid);
      expect(await verifyPassword(row!.user.passwordHash!, DEMO_PASSWORD)).toBe(true);
    }
  });

  it('gives user@acme.example ≥ 15 tickets of each type and some devices', async () => {
    const [u] = await d.db.select().from(webUsers).where(eq(webUsers.email, 'user@acme.example'));
    const counts = await d.db
      .select({ type: tickets.ticketType, n: sql<number>`count(*)::int` })
      .from(tickets)
      .where(eq(tickets.contactId, u!.contactId))
      .groupBy(tickets.ticketType);
    expect(counts).toHaveLength(2);
    for (const c of counts) expect(c.n).toBeGreaterThanOrEqual(15);
    const own = await d.db.select().from(devices).where(eq(devices.contactId, u!.contactId));
    expect(own.length).toBeGreaterThanOrEqual(3);
  });

  it('shows a global and an Acme banner that do not expire', async () => {
    const rows = await d.db.select().from(bannerMessages).where(inArray(bannerMessages.partitionKey, ['_cmsSetting', 'acmeSetting']));
    expect(rows).toHaveLength(2);
    for (const r of rows) expect(new Date(r.expirationDate!).getTime()).toBeGreaterThan(Date.now());
  });

  it('does nothing the second time', async () => {
    const before = await ticketFingerprint(d);
    expect(await seedDemo(d.db)).toBe(false);
    expect(await d.db.$count(customers)).toBe(4);
    expect(await ticketFingerprint(d)).toEqual(before);
  });

  it('is deterministic: a second fresh database gets the same tickets', async () => {
    expect(await seedDemo(other.db)).toBe(true);
    const [a, b] = await Promise.all([ticketFingerprint(d), ticketFingerprint(other)]);
    expect(b.length).toBeGreaterThanOrEqual(600);
    expect(b).toEqual(a);
    const names = (x: Database) => x.db.select({ f: contacts.firstName, l: contacts.lastName, e: contacts.email }).from(contacts).orderBy(contacts.id);
    expect(await names(other)).toEqual(await names(d));
  });

  it('lets factories add an isolated customer beside the demo data', async () => {
    const customer = await makeCustomer(d.db);
    const primary = await makeContact(d.db, { cid: customer.id, isPrimary: true });
    expect(primary.primaryContactId).toBe(primary.id);
    const member = await makeContact(d.db, { cid: customer.id });
    expect(member.primaryContactId).toBe(primary.id);
    const { user, contact } = await makeWebUser(d.db, { contactId: member.id, userType: 'User', email: `Test.${customer.code}@Example.com` });
    expect(user.email).toBe(contact.email);
    expect(user.email).toBe(user.email.toLowerCase());
    const t = await makeTicket(d.db, { cid: customer.id, ticketType: 'ServiceRequest', contactId: contact.id, status: 'On Hold' });
    expect(t.ticketNo).toMatch(/^SR-\d{6,}$/);
    expect(await d.db.$count(tickets, and(eq(tickets.cid, customer.id), eq(tickets.status, 'On Hold')))).toBe(1);
  });
});

describe('seedScale', () => {
  it('adds scale × 1000 tickets over new SCALE customers, after the demo set', async () => {
    const d = await freshDatabase();
    try {
      await seedDemo(d.db);
      const before = await d.db.$count(tickets);
      const indexCount = sql`select count(*)::int as n from pg_indexes where tablename = 'tickets' and indexname like 'tickets_%'`;
      const indexesBefore = rowsOf<{ n: number }>(await d.db.execute(indexCount))[0]!.n;
      const r = await seedScale(d.db, { scale: 1 });
      expect(r).toMatchObject({ customers: 3, contacts: 90, tickets: 1000, actions: 1000, firstCode: 'SCALE0001' });
      expect(await d.db.$count(tickets)).toBe(before + 1000);
      const scaleCustomers = await d.db.select().from(customers).where(sql`${customers.code} like 'SCALE%'`);
      expect(scaleCustomers.map((c) => c.code).sort()).toEqual(['SCALE0001', 'SCALE0002', 'SCALE0003']);
      const ids = scaleCustomers.map((c) => c.id);
      expect(await d.db.$count(contacts, inArray(contacts.cid, ids))).toBe(90);
      expect(await d.db.$count(tickets, inArray(tickets.cid, ids))).toBe(1000);
      const statuses = await d.db.selectDistinct({ s: tickets.status, t: tickets.ticketType }).from(tickets).where(inArray(tickets.cid, ids));
      expect(statuses).toHaveLength(8);
      // ticket numbers stay unique and every scale customer has a sign-in
      const count = async (q: SQL) => rowsOf<{ n: number }>(await d.db.execute(q))[0]!.n;
      expect(await count(sql`select count(*)::int as n from (select ticket_no from tickets group by 1 having count(*) > 1) x`)).toBe(0);
      expect(await d.db.$count(webUsers, eq(webUsers.email, 'admin@scale0001.example'))).toBe(1);
      // proportional billing rows: 3 jobs each, a time entry for every other ticket, invoices equal to their lines
      expect(await d.db.$count(jobs, inArray(jobs.cid, ids))).toBe(9);
      expect(await d.db.$count(timeEntries, inArray(timeEntries.cid, ids))).toBe(500);
      expect(await count(sql`select count(*)::int as n from time_entries te join tickets t on t.id = te.ticket_id where te.cid <> t.cid`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from balance_transactions b where b.trans_num like 'SINV-%'
        and b.amount <> (select sum(round(l.quantity * l.price, 2)) from invoice_lines l where l.invoice_id = b.id)`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from time_entries where cid = any(${sql.raw(`array[${ids.join(',')}]`)}) and invoice_id is not null`)).toBeGreaterThan(0);
      expect(await count(sql`select count(distinct trans_type)::int as n from balance_transactions where trans_num like 'S%'`)).toBe(3);
      // the report pre-aggregates (kept by triggers, which the load skips) equal a recount from the rows
      expect(await count(sql`select count(*)::int as n from (
          select cid, ticket_type, coalesce(site_id, 0) s, coalesce(class_id, 0) c, coalesce(subclass_id, 0) sc, count(*)::int as n
          from tickets where status <> 'Closed' group by 1, 2, 3, 4, 5
          except select cid, ticket_type, site_id, class_id, subclass_id, n from report_open_counts where n <> 0) x`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from tickets t where t.first_response_at is distinct from
          (select min(a.start_date) from ticket_actions a where a.ticket_id = t.id and a.staff_id is not null)`)).toBe(0);
      expect(await count(sql`select count(*)::int as n from tickets where first_response_at is not null and cid = any(${sql.raw(`array[${ids.join(',')}]`)})`)).toBeGreaterThan(800);
      // the generated notes are stored clean (no start-up clean pass over a million of them), and are
      expect(await d.db.$count(ticketActions, and(inArray(ticketActions.cid, ids), eq(ticketActions.htmlClean, false)))).toBe(0);
      for (const note of NOTES) expect(sanitizeNoteHtml(note)).toBe(note);
      // the secondary indexes dropped for the load are back
      expect(await count(indexCount)).toBe(indexesBefore);
      // a second run adds further customers instead of colliding
      const again = await seedScale(d.db, { scale: 1 });
      expect(again.firstCode).toBe('SCALE0004');
    } finally {
      await d.close();
    }
  });
});
