import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { TicketType } from '@sc/common';
import { tickets } from '../src/db/schema/index.ts';
import { makeContact, makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, customerIdsOf, listPage as list, signIn, type Client, type TestApp  } from './helpers.ts';

// The ticket lists' search (requirements §2.1, §2.9): what a term matches. How the page is fetched for it
// is list-walk.test.ts's and search-indexes.test.ts's; scope, paging and the other criteria are tickets-list.test.ts's.

let t: TestApp;
let operator: Client;
let globexAdmin: Client;
let acmeCid: number;

beforeAll(async () => {
  t = await createTestApp();
  [operator, globexAdmin] = (await Promise.all(['operator@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)))) as [Client, Client];
  [acmeCid] = (await customerIdsOf(t.database.db, 'ACME')) as [number];
});
afterAll(() => t.close());

describe('ticket list search', () => {
  it('search: by ticket number, by short description, and by contact name', async () => {
    const db = t.database.db;
    const [some] = await db.select().from(tickets).where(and(eq(tickets.cid, acmeCid), eq(tickets.ticketType, 'Incident'))).limit(1);
    const byNo = await list(operator, 'incidents', { status: '<ALL>', search: some!.ticketNo.toLowerCase() });
    expect(byNo.rows.map((x) => x.id)).toContain(some!.id);
    expect(byNo.rows.every((x) => x.ticketNo.toLowerCase().includes(some!.ticketNo.toLowerCase()) || x.contactName)).toBe(true);

    const c = await makeContact(db, { cid: acmeCid, firstName: 'Zebulon', lastName: 'Quartermaine' });
    const mine = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: c.id, shortDescription: 'Printer jam', targetName: 'Someone Else' });
    const other = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: operator.session.user.contactId, shortDescription: '100% wrong_value' });
    const byName = await list(operator, 'incidents', { search: 'quarterMAINE' });
    expect(byName.rows.map((x) => x.id)).toEqual([mine.id]);
    expect(byName.rows[0]!.contactName).toBe('Zebulon Quartermaine');
    expect((await list(operator, 'incidents', { search: 'zebulon quart' })).rows.map((x) => x.id)).toEqual([mine.id]);
    // LIKE wildcards are literal.
    expect((await list(operator, 'incidents', { search: '100%' })).rows.map((x) => x.id)).toEqual([other.id]);
    expect((await list(operator, 'incidents', { search: 'g_v' })).rows.map((x) => x.id)).toEqual([other.id]);
    // A Globex contact of the same name is not matched into Acme's list, and Acme's is not Globex's.
    expect((await list(globexAdmin, 'incidents', { search: 'Quartermaine' })).rows).toEqual([]);
  });

  it('search by a ticket-number term: a prefix of the list type\'s numbers, a contains-match everywhere else', async () => {
    // The list reads such a term as a range of the type's number btree (db/search.ts ticketListPatternMatches):
    // the rows must be exactly those of the contains-search of requirements §2.9.
    const db = t.database.db;
    const contactId = operator.session.user.contactId;
    const make = (ticketType: TicketType, ticketNo: string, shortDescription = 'Plain subject') =>
      makeTicket(db, { cid: acmeCid, ticketType, contactId, ticketNo, shortDescription, status: 'Open' });
    const a = await make('Incident', 'INC-7731001');
    const b = await make('Incident', 'INC-77310012');
    await make('Incident', 'INC-9773100');
    const mention = await make('Incident', 'INC-7731999', 'Follows up SR-7731001');
    const irregular = await make('Incident', 'MIG-INC-7731001');
    const sr = await make('ServiceRequest', 'SR-7731001', 'Caused by inc-7731001');
    await make('ServiceRequest', 'SR-97731001');
    const ids = async (path: string, search: string) => (await list(operator, path, { status: '<ALL>', search, sort: 'id', direction: 'asc' })).rows.map((r) => r.id);
    expect(await ids('incidents', 'INC-7731001')).toEqual([a.id, b.id, irregular.id]);
    expect(await ids('incidents', 'inc-7731001')).toEqual([a.id, b.id, irregular.id]);
    // An SR number in the incident list: only text that mentions it; an incident number in the request list likewise.
    expect(await ids('incidents', 'SR-7731001')).toEqual([mention.id]);
    expect(await ids('service-requests', 'INC-7731001')).toEqual([sr.id]);
    expect(await ids('service-requests', 'sr-7731001')).toEqual([sr.id]);
    // The total is counted with the same condition.
    expect((await list(operator, 'incidents', { status: '<ALL>', search: 'INC-7731001' })).total).toBe(3);
    // Another customer's list never shows them.
    expect((await list(globexAdmin, 'incidents', { status: '<ALL>', search: 'INC-7731001' })).rows).toEqual([]);
  });
});
