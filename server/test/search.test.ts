import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, ilike, ne, or, sql } from 'drizzle-orm';
import { SEARCH_LIMIT_PER_TYPE, SEARCH_TYPE, type SearchGroup, type SearchResponse, type SearchType, type TicketType } from '@sc/common';
import { contacts, tickets } from '../src/db/schema/index.ts';
import { rowsOf } from '../src/db/ids.ts';
import { containsPattern } from '../src/db/search.ts';
import { makeContact, makeJob, makeTicket } from '../src/db/seed/factories.ts';
import { RECENT_WINDOW } from '../src/modules/search/queries.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let admin: Client, operator: Client, limited: Client, user: Client, globexAdmin: Client;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, limited, user, globexAdmin] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client, Client];
});
afterAll(() => t.close());

const search = async (c: Client, q: string): Promise<SearchResponse> => {
  const res = await c.get(`/api/v1/search?q=${encodeURIComponent(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<SearchResponse>();
};
const groupOf = (r: SearchResponse, type: SearchType): SearchGroup | undefined => r.groups.find((g) => g.searchType === type);
const idsOf = (r: SearchResponse, type: SearchType): number[] => groupOf(r, type)?.records.map((x) => x.internalId) ?? [];
const allIds = (r: SearchResponse): number[] => r.groups.flatMap((g) => g.records.map((x) => x.internalId));

describe('GET /api/v1/search refusals and validation', () => {
  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/search?q=printer' });
    expect(res.statusCode).toBe(401);
  });

  it('answers 400 naming q when the trimmed term is shorter than 3 characters, missing or longer than 100', async () => {
    for (const q of ['?q=ab', '?q=%20%20ab%20%20', '', `?q=${'x'.repeat(101)}`]) {
      const res = await admin.get(`/api/v1/search${q}`);
      expect(res.statusCode, q).toBe(400);
      expect(Object.keys(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors).join(',')).toContain('q');
    }
  });
});

describe('GET /api/v1/search scope', () => {
  it('an Acme account searching a Globex ticket number finds nothing', async () => {
    const globexCid = globexAdmin.session.user.cid;
    const [globexTicket] = await t.database.db.select().from(tickets).where(eq(tickets.cid, globexCid)).limit(1);
    expect(globexTicket).toBeDefined();
    // Globex itself finds it: the number is searchable, the scope is what hides it.
    expect(allIds(await search(globexAdmin, globexTicket!.ticketNo))).toContain(globexTicket!.id);
    for (const c of [admin, operator, limited, user]) expect(allIds(await search(c, globexTicket!.ticketNo)), c.session.user.userName).toEqual([]);
  });

  it('user@acme.example finds its own ticket but not another Acme contact’s, and gets no contacts and no jobs', async () => {
    const me = user.session.user;
    const db = t.database.db;
    const [other] = await db.select().from(contacts).where(and(eq(contacts.cid, me.cid), ne(contacts.id, me.contactId))).limit(1);
    const mine = await makeTicket(db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, shortDescription: 'Quokka scanner jams daily' });
    const theirs = await makeTicket(db, { cid: me.cid, ticketType: 'Incident', contactId: other!.id, shortDescription: 'Quokka scanner jams weekly' });
    const r = await search(user, 'quokka');
    expect(idsOf(r, SEARCH_TYPE.Incident)).toEqual([mine.id]);
    expect(groupOf(r, SEARCH_TYPE.Contact)).toBeUndefined();
    expect(groupOf(r, SEARCH_TYPE.Job)).toBeUndefined();
    expect(allIds(await search(user, theirs.ticketNo))).toEqual([]);
    // An operator of the same customer finds both, newest first.
    expect(idsOf(await search(operator, 'quokka'), SEARCH_TYPE.Incident)).toEqual([theirs.id, mine.id]);
  });

  it('an Operator gets incidents and service requests but no contacts and no jobs', async () => {
    const r = await search(operator, 'acme');
    expect(r.groups.map((g) => g.searchType)).toEqual([SEARCH_TYPE.Incident, SEARCH_TYPE.ServiceRequest]);
    const r2 = await search(limited, 'acme');
    expect(r2.groups.map((g) => g.searchType)).toEqual([SEARCH_TYPE.Incident, SEARCH_TYPE.ServiceRequest]);
  });

  it('an Administrator gets its own customer’s contacts and jobs, mapped to the §3 record', async () => {
    const acme = admin.session.user;
    const db = t.database.db;
    const contact = await makeContact(db, { cid: acme.cid, firstName: 'Wombat', lastName: 'Falkenrath', email: 'wombat@acme.example', isActive: false });
    const job = await makeJob(db, { cid: acme.cid, jobNum: 'JWOMBAT1', internalShortDesc: 'Wombat Managed Print', jobStatus: 'Active', startDate: '2025-03-01' });
    const globexCid = globexAdmin.session.user.cid;
    await makeContact(db, { cid: globexCid, firstName: 'Wombat', lastName: 'Globex', email: 'wombat@globex.example' });
    await makeJob(db, { cid: globexCid, jobNum: 'JWOMBAT2', internalShortDesc: 'Wombat Globex Agreement' });

    const r = await search(admin, 'wombat');
    expect(r.groups.map((g) => g.searchType)).toEqual([SEARCH_TYPE.Contact, SEARCH_TYPE.Incident, SEARCH_TYPE.ServiceRequest, SEARCH_TYPE.Job]);
    expect(groupOf(r, SEARCH_TYPE.Contact)!.records).toEqual([
      {
        searchType: 0,
        internalId: contact.id,
        dateField: contact.createdAt.toISOString(),
        stringField: 'wombat@acme.example',
        status: 'Inactive',
        organizationName: acme.organizationName,
        lastName: 'Falkenrath',
        firstName: 'Wombat',
        deviceName: null,
        department: null,
        description: null,
      },
    ]);
    expect(groupOf(r, SEARCH_TYPE.Job)!.records).toEqual([
      expect.objectContaining({ searchType: 3, internalId: job.id, stringField: 'JWOMBAT1', status: 'Active', dateField: '2025-03-01', description: 'Wombat Managed Print' }),
    ]);
    // E-mail and job number match too.
    expect(idsOf(await search(admin, 'wombat@acme'), SEARCH_TYPE.Contact)).toEqual([contact.id]);
    expect(idsOf(await search(admin, 'jwombat'), SEARCH_TYPE.Job)).toEqual([job.id]);
  });

  it('maps a ticket to the §3 record: ticket number as StringField, status, open date, contact name', async () => {
    const me = user.session.user;
    const sr = await makeTicket(t.database.db, { cid: me.cid, ticketType: 'ServiceRequest', contactId: me.contactId, shortDescription: 'Axolotl desk move', status: 'On Hold' });
    const r = await search(user, 'axolotl');
    expect(groupOf(r, SEARCH_TYPE.ServiceRequest)!.records).toEqual([
      expect.objectContaining({
        searchType: 2,
        internalId: sr.id,
        stringField: sr.ticketNo,
        status: 'On Hold',
        dateField: sr.openDate.toISOString(),
        firstName: me.firstName,
        lastName: me.lastName,
        description: 'Axolotl desk move',
      }),
    ]);
    expect(idsOf(await search(user, sr.ticketNo.toLowerCase()), SEARCH_TYPE.ServiceRequest)).toEqual([sr.id]);
  });
});

describe('GET /api/v1/search bounds and matching', () => {
  it('returns at most SEARCH_LIMIT_PER_TYPE per entity, newest first, and says there were more', async () => {
    const me = operator.session.user;
    const made = [];
    for (let i = 0; i < SEARCH_LIMIT_PER_TYPE + 2; i++) {
      made.push(await makeTicket(t.database.db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, shortDescription: `Narwhal badge reader ${i}` }));
    }
    const g = groupOf(await search(operator, 'narwhal'), SEARCH_TYPE.Incident)!;
    expect(g.records.map((x) => x.internalId)).toEqual(made.map((m) => m.id).reverse().slice(0, SEARCH_LIMIT_PER_TYPE));
    expect(g.hasMore).toBe(true);
    const exact = groupOf(await search(operator, 'narwhal badge reader 6'), SEARCH_TYPE.Incident)!;
    expect(exact.records).toHaveLength(1);
    expect(exact.hasMore).toBe(false);
  });

  it('finds older matches beyond the newest tickets (the trigram branch)', async () => {
    const me = operator.session.user;
    const db = t.database.db;
    // The oldest Acme incident gets a unique word, and more than RECENT_WINDOW newer ones are added after it.
    const [oldest] = await db.select().from(tickets).where(and(eq(tickets.cid, me.cid), eq(tickets.ticketType, 'Incident'))).orderBy(tickets.id).limit(1);
    await db.update(tickets).set({ targetName: 'Pangolin Annex' }).where(eq(tickets.id, oldest!.id));
    await db.execute(sql`
      insert into tickets (cid, ticket_no, ticket_type, short_description, contact_id)
      select ${me.cid}, 'BULK-' || g, 'Incident', 'Bulk filler ' || g, ${me.contactId} from generate_series(1, ${RECENT_WINDOW}) g`);
    expect(idsOf(await search(operator, 'pangolin'), SEARCH_TYPE.Incident)).toEqual([oldest!.id]);
    // The newest window alone answers a common word: five of the fillers, and more.
    const common = groupOf(await search(operator, 'bulk filler'), SEARCH_TYPE.Incident)!;
    expect(common.records).toHaveLength(SEARCH_LIMIT_PER_TYPE);
    expect(common.hasMore).toBe(true);
  });

  it('a term across two columns is no match (search_text only pre-tests the row), and search_text follows an edit', async () => {
    const me = operator.session.user;
    const db = t.database.db;
    const x = await makeTicket(db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, shortDescription: 'Alpha Tapir', targetName: 'Capybara Bravo' });
    // search_text is '<number> alpha tapir capybara bravo': it holds 'tapir capybara', no column does.
    const [row] = rowsOf<{ s: string }>(await db.execute(sql`select search_text as s from tickets where id = ${x.id}`));
    expect(row!.s).toContain('tapir capybara');
    expect(idsOf(await search(operator, 'tapir capybara'), SEARCH_TYPE.Incident)).toEqual([]);
    expect(idsOf(await search(operator, 'CAPYBARA'), SEARCH_TYPE.Incident)).toEqual([x.id]);
    await db.update(tickets).set({ targetName: 'Tapir Capybara' }).where(eq(tickets.id, x.id));
    expect(idsOf(await search(operator, 'tapir capybara'), SEARCH_TYPE.Incident)).toEqual([x.id]);
    await db.update(tickets).set({ shortDescription: 'Renamed', targetName: null }).where(eq(tickets.id, x.id));
    expect(idsOf(await search(operator, 'tapir'), SEARCH_TYPE.Incident)).toEqual([]);
    expect(idsOf(await search(operator, 'renamed'), SEARCH_TYPE.Incident)).toEqual(await expectedIds(me.cid, 'Incident', 'renamed'));
  });

  it('takes % and _ literally', async () => {
    const me = operator.session.user;
    const lit = await makeTicket(t.database.db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, shortDescription: 'Disk at 100%_full on FS1' });
    expect(idsOf(await search(operator, '100%_f'), SEARCH_TYPE.Incident)).toEqual([lit.id]);
    expect(allIds(await search(operator, '%%%'))).toEqual([]);
    expect(allIds(await search(operator, '___'))).toEqual([]);
  });
});

/** What global search must find for a type: the plain query, newest first, at most one more than shown. */
async function expectedIds(cid: number, ticketType: TicketType, term: string, contactId?: number): Promise<number[]> {
  const p = containsPattern(term);
  const rows = await t.database.db
    .select({ id: tickets.id })
    .from(tickets)
    .where(
      and(
        eq(tickets.cid, cid),
        eq(tickets.ticketType, ticketType),
        contactId === undefined ? undefined : eq(tickets.contactId, contactId),
        or(ilike(tickets.ticketNo, p), ilike(tickets.shortDescription, p), ilike(tickets.targetName, p)),
      ),
    )
    .orderBy(desc(tickets.id))
    .limit(SEARCH_LIMIT_PER_TYPE);
  return rows.map((r) => r.id);
}

describe('GET /api/v1/search: incidents and requests in one statement (decision 027)', () => {
  it('limits each type on its own: many incidents do not crowd out the requests, and each says whether there were more', async () => {
    const me = operator.session.user;
    const db = t.database.db;
    const incidents = [];
    for (let i = 0; i < SEARCH_LIMIT_PER_TYPE + 3; i++) {
      incidents.push(await makeTicket(db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, shortDescription: `Okapi plotter ${i}` }));
    }
    const requests = [];
    for (let i = 0; i < 2; i++) requests.push(await makeTicket(db, { cid: me.cid, ticketType: 'ServiceRequest', contactId: me.contactId, shortDescription: `Okapi plotter move ${i}` }));
    const r = await search(operator, 'okapi plotter');
    expect(idsOf(r, SEARCH_TYPE.Incident)).toEqual(incidents.map((x) => x.id).reverse().slice(0, SEARCH_LIMIT_PER_TYPE));
    expect(groupOf(r, SEARCH_TYPE.Incident)!.hasMore).toBe(true);
    expect(idsOf(r, SEARCH_TYPE.ServiceRequest)).toEqual(requests.map((x) => x.id).reverse());
    expect(groupOf(r, SEARCH_TYPE.ServiceRequest)!.hasMore).toBe(false);
    // Every record is of its group's type.
    for (const g of r.groups) for (const rec of g.records) expect(rec.searchType).toBe(g.searchType);
  });

  it('keeps to the customer: a word both customers use finds only the caller’s tickets of each type', async () => {
    const acme = operator.session.user;
    const globex = globexAdmin.session.user;
    const db = t.database.db;
    const [globexContact] = await db.select().from(contacts).where(eq(contacts.cid, globex.cid)).limit(1);
    const ours = [
      await makeTicket(db, { cid: acme.cid, ticketType: 'Incident', contactId: acme.contactId, shortDescription: 'Tapir kiosk frozen' }),
      await makeTicket(db, { cid: acme.cid, ticketType: 'ServiceRequest', contactId: acme.contactId, shortDescription: 'Tapir kiosk install' }),
    ];
    const theirs = [
      await makeTicket(db, { cid: globex.cid, ticketType: 'Incident', contactId: globexContact!.id, shortDescription: 'Tapir kiosk frozen' }),
      await makeTicket(db, { cid: globex.cid, ticketType: 'ServiceRequest', contactId: globexContact!.id, targetName: 'Tapir Kiosk Ltd', shortDescription: 'Kiosk install' }),
    ];
    const r = await search(operator, 'tapir kiosk');
    expect(idsOf(r, SEARCH_TYPE.Incident)).toEqual([ours[0]!.id]);
    expect(idsOf(r, SEARCH_TYPE.ServiceRequest)).toEqual([ours[1]!.id]);
    const g = await search(globexAdmin, 'tapir kiosk');
    expect(idsOf(g, SEARCH_TYPE.Incident)).toEqual([theirs[0]!.id]);
    expect(idsOf(g, SEARCH_TYPE.ServiceRequest)).toEqual([theirs[1]!.id]);
  });

  it('a User finds only its own contact’s incidents and requests, each type limited on its own', async () => {
    const me = user.session.user;
    const db = t.database.db;
    const [other] = await db.select().from(contacts).where(and(eq(contacts.cid, me.cid), ne(contacts.id, me.contactId))).limit(1);
    const mine = [];
    for (let i = 0; i < SEARCH_LIMIT_PER_TYPE + 1; i++) mine.push(await makeTicket(db, { cid: me.cid, ticketType: 'ServiceRequest', contactId: me.contactId, shortDescription: `Gecko badge ${i}` }));
    const myIncident = await makeTicket(db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, shortDescription: 'Gecko badge broken' });
    // Newer than all of mine: a window of the whole customer's newest would meet these first.
    for (const ticketType of ['Incident', 'ServiceRequest'] as const) {
      for (let i = 0; i < 3; i++) await makeTicket(db, { cid: me.cid, ticketType, contactId: other!.id, shortDescription: `Gecko badge of someone else ${i}` });
    }
    const r = await search(user, 'gecko badge');
    expect(idsOf(r, SEARCH_TYPE.Incident)).toEqual([myIncident.id]);
    expect(idsOf(r, SEARCH_TYPE.ServiceRequest)).toEqual(mine.map((x) => x.id).reverse().slice(0, SEARCH_LIMIT_PER_TYPE));
    expect(groupOf(r, SEARCH_TYPE.ServiceRequest)!.hasMore).toBe(true);
    expect(groupOf(r, SEARCH_TYPE.Incident)!.hasMore).toBe(false);
  });

  it('a word common in one type only: the other type still finds its one old match beyond its newest window', async () => {
    const me = operator.session.user;
    const db = t.database.db;
    // One old request with the word, then more than RECENT_WINDOW newer requests without it, and more
    // than RECENT_WINDOW newer incidents with it (the scale seed's shape: a word common in one type).
    const oldRequest = await makeTicket(db, { cid: me.cid, ticketType: 'ServiceRequest', contactId: me.contactId, shortDescription: 'Replace the walrus toner' });
    await db.execute(sql`
      insert into tickets (cid, ticket_no, ticket_type, short_description, contact_id)
      select ${me.cid}, 'WSR-' || g, 'ServiceRequest', 'Set up monitor ' || g, ${me.contactId} from generate_series(1, ${RECENT_WINDOW + 10}) g`);
    await db.execute(sql`
      insert into tickets (cid, ticket_no, ticket_type, short_description, contact_id)
      select ${me.cid}, 'WINC-' || g, 'Incident', 'Walrus printer jam ' || g, ${me.contactId} from generate_series(1, ${RECENT_WINDOW + 10}) g`);
    const r = await search(operator, 'walrus');
    expect(idsOf(r, SEARCH_TYPE.ServiceRequest)).toEqual([oldRequest.id]);
    expect(idsOf(r, SEARCH_TYPE.Incident)).toEqual(await expectedIds(me.cid, 'Incident', 'walrus'));
    expect(groupOf(r, SEARCH_TYPE.Incident)!.hasMore).toBe(true);
  });

  it('a ticket-number term (a prefix range of the number, requirements §17.6) finds what the contains-search finds', async () => {
    const db = t.database.db;
    const me = operator.session.user;
    const [inc] = await db.select().from(tickets).where(and(eq(tickets.cid, me.cid), eq(tickets.ticketType, 'Incident'))).orderBy(desc(tickets.id)).limit(1);
    const [req] = await db.select().from(tickets).where(and(eq(tickets.cid, me.cid), eq(tickets.ticketType, 'ServiceRequest'))).orderBy(desc(tickets.id)).limit(1);
    // The number inside another ticket's text, of either type, is still a contains-match there.
    const mention = await makeTicket(db, { cid: me.cid, ticketType: 'ServiceRequest', contactId: me.contactId, shortDescription: `Follow-up of ${inc!.ticketNo.toLowerCase()} (printer)` });
    const named = await makeTicket(db, { cid: me.cid, ticketType: 'Incident', contactId: me.contactId, targetName: `see ${req!.ticketNo}` });
    const terms = [inc!.ticketNo, inc!.ticketNo.toLowerCase(), inc!.ticketNo.slice(0, -1), inc!.ticketNo.slice(0, 5), req!.ticketNo, `sr-${req!.ticketNo.slice(3, -2)}`, 'INC-9999999', 'SR-0'];
    for (const term of terms) {
      const r = await search(operator, term);
      expect(idsOf(r, SEARCH_TYPE.Incident), term).toEqual(await expectedIds(me.cid, 'Incident', term));
      expect(idsOf(r, SEARCH_TYPE.ServiceRequest), term).toEqual(await expectedIds(me.cid, 'ServiceRequest', term));
    }
    expect(idsOf(await search(operator, inc!.ticketNo), SEARCH_TYPE.ServiceRequest)).toContain(mention.id);
    expect(idsOf(await search(operator, req!.ticketNo.toLowerCase()), SEARCH_TYPE.Incident)).toContain(named.id);
  });

  it('finds what the plain query finds, in the same order, for common, rare and number terms, per scope', async () => {
    const db = t.database.db;
    const [sample] = await db.select().from(tickets).where(eq(tickets.cid, operator.session.user.cid)).orderBy(desc(tickets.id)).limit(1);
    const terms = ['printer', 'password', 'the', 'zzqx', sample!.ticketNo, sample!.ticketNo.slice(0, -2), 'INC-', 'SR-'];
    for (const [client, contactId] of [
      [operator, undefined],
      [user, user.session.user.contactId],
      [globexAdmin, undefined],
    ] as const) {
      const cid = client.session.user.cid;
      for (const term of terms) {
        const r = await search(client, term);
        expect(idsOf(r, SEARCH_TYPE.Incident), `${client.session.user.userName} ${term}`).toEqual(await expectedIds(cid, 'Incident', term, contactId));
        expect(idsOf(r, SEARCH_TYPE.ServiceRequest), `${client.session.user.userName} ${term}`).toEqual(await expectedIds(cid, 'ServiceRequest', term, contactId));
      }
    }
  });
});
