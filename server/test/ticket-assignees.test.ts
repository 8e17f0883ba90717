// Issue 14, bug 1: one source of assignees for the lists, the filter dialog, the picker and the edit form.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { ONE_ASSIGNEE_ONLY, type ServiceRequestListResponse, type TicketDetail, type TicketLookupsResponse } from '@sc/common';
import { contacts, tickets } from '../src/db/schema/index.ts';
import { createTestApp, customerIdsOf, signIn, type Client, type TestApp  } from './helpers.ts';

let t: TestApp;
let admin: Client;
let operator: Client;
let acmeCid: number;
let globexCid: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator] = (await Promise.all(['admin@acme.example', 'operator@acme.example'].map((e) => signIn(t.app, e)))) as [Client, Client];
  [acmeCid, globexCid] = (await customerIdsOf(t.database.db, 'ACME', 'GLOBEX')) as [number, number];
});
afterAll(() => t.close());

async function allRows(c: Client, path: string, q: Record<string, string | number> = {}) {
  const out: ServiceRequestListResponse['rows'] = [];
  for (let page = 1; ; page++) {
    const params = new URLSearchParams(Object.entries({ status: '<ALL>', ...q, page, pageSize: 50 }).map(([k, v]): [string, string] => [k, String(v)]));
    const res = await c.get(`/api/v1/${path}?${params.toString()}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ServiceRequestListResponse>();
    out.push(...body.rows);
    if (!body.hasNextPage) return out;
  }
}
const lookups = async (c: Client) => (await c.get('/api/v1/tickets/lookups')).json<TicketLookupsResponse>();
const read = async (c: Client, id: number) => (await c.get(`/api/v1/tickets/${id}`)).json<TicketDetail>();

describe('ticket assignees (issue 14, bug 1)', () => {
  it('every assignee a list shows is offered by the lookups the filter dialog and the form use', async () => {
    const offered = new Set((await lookups(operator)).assignees.map((a) => a.displayName));
    const shown = new Set<string>();
    for (const path of ['incidents', 'service-requests']) for (const r of await allRows(operator, path)) if (r.assignedToName) shown.add(r.assignedToName);
    // The demo assigns open Acme tickets to its own staff-type accounts, so contacts are among them.
    expect([...shown]).toEqual(expect.arrayContaining(['Daniel Okafor', 'Priya Raman', 'Margaret Holloway']));
    expect([...shown].filter((name) => !offered.has(name))).toEqual([]);
  });

  it('a contact assignee can be chosen in the filter: the list holds exactly that contact’s tickets', async () => {
    const daniel = (await lookups(operator)).assignees.find((a) => a.displayName === 'Daniel Okafor')!;
    expect(daniel).toMatchObject({ kind: 'contact', key: `contact:${daniel.id}` });
    const rows = await allRows(operator, 'incidents', { assignedContactId: daniel.id });
    const inDb = await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.cid, acmeCid), eq(tickets.ticketType, 'Incident'), eq(tickets.assignedContactId, daniel.id)));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.map((r) => r.id).sort()).toEqual(inDb.map((r) => r.id).sort());
    expect(rows.every((r) => r.assignedToName === 'Daniel Okafor')).toBe(true);
  });

  it('an edit that sends the assignee back as the form holds it leaves it unchanged; a new one replaces it', async () => {
    const [row] = await t.database.db
      .select({ id: tickets.id })
      .from(tickets)
      .where(and(eq(tickets.cid, acmeCid), isNotNull(tickets.assignedContactId)))
      .limit(1);
    const before = await read(admin, row!.id);
    expect(before.assignedContactId).not.toBeNull();
    expect(before.assignedStaffId).toBeNull();

    // What the edit form sends: both fields, the contact kept.
    let res = await admin.put(`/api/v1/tickets/${before.id}`, {
      shortDescription: `${before.shortDescription} (edited)`,
      assignedStaffId: null,
      assignedContactId: before.assignedContactId,
      version: before.version,
    });
    expect(res.statusCode, res.body).toBe(200);
    let after = res.json<TicketDetail>();
    expect(after).toMatchObject({ assignedContactId: before.assignedContactId, assignedStaffId: null, assignedToName: before.assignedToName });

    // An older client that only knows technicians and sends none does not clear a contact assignee.
    res = await admin.put(`/api/v1/tickets/${before.id}`, { shortDescription: after.shortDescription, assignedStaffId: null, version: after.version });
    after = res.json<TicketDetail>();
    expect(after).toMatchObject({ assignedContactId: before.assignedContactId, assignedToName: before.assignedToName });

    // Another offered contact replaces it, with its name.
    const other = (await lookups(admin)).assignees.find((a) => a.kind === 'contact' && a.id !== before.assignedContactId)!;
    res = await admin.put(`/api/v1/tickets/${before.id}`, { shortDescription: after.shortDescription, assignedContactId: other.id, version: after.version });
    expect(res.statusCode, res.body).toBe(200);
    after = res.json<TicketDetail>();
    expect(after).toMatchObject({ assignedContactId: other.id, assignedStaffId: null, assignedToName: other.displayName });

    // A technician replaces the contact.
    const tech = (await lookups(admin)).assignees.find((a) => a.kind === 'staff')!;
    res = await admin.put(`/api/v1/tickets/${before.id}`, { shortDescription: after.shortDescription, assignedStaffId: tech.id, assignedContactId: null, version: after.version });
    after = res.json<TicketDetail>();
    expect(after).toMatchObject({ assignedContactId: null, assignedStaffId: tech.id, assignedToName: tech.displayName });
  });

  it('refuses a contact of another customer, a contact that is not assignable and both kinds at once, naming the field', async () => {
    const [ticket] = await t.database.db.select().from(tickets).where(eq(tickets.cid, acmeCid)).limit(1);
    const [globexContact] = await t.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.cid, globexCid)).limit(1);
    const offered = new Set((await lookups(admin)).assignees.filter((a) => a.kind === 'contact').map((a) => a.id));
    const acmeContacts = await t.database.db.select({ id: contacts.id }).from(contacts).where(eq(contacts.cid, acmeCid));
    const notAssignable = acmeContacts.find((c) => !offered.has(c.id))!;
    for (const assignedContactId of [globexContact!.id, notAssignable.id]) {
      const res = await admin.put(`/api/v1/tickets/${ticket!.id}`, { shortDescription: 'x', assignedContactId, version: ticket!.version });
      expect(res.statusCode).toBe(400);
      expect(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors).toEqual({ assignedContactId: 'Assignee not found' });
    }
    const both = await admin.put(`/api/v1/tickets/${ticket!.id}`, { shortDescription: 'x', assignedContactId: notAssignable.id, assignedStaffId: 1, version: ticket!.version });
    expect(both.statusCode).toBe(400);
    expect(both.json<{ message: string }>().message).toContain(ONE_ASSIGNEE_ONLY);
  });
});
