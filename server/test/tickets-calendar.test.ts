import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, isNotNull } from 'drizzle-orm';
import { CALENDAR_MAX_EVENTS, type TicketCalendarResponse } from '@sc/common';
import { contacts, tickets, userPreferences, webUsers } from '../src/db/schema/index.ts';
import { buildTicket, insertMany, makeContact, makeCustomerWithUser, makeTicket, reserveIds, testFaker, ticketNumber, type Ticket } from '../src/db/seed/factories.ts';
import { createTestApp, customerIdsOf, signIn, type Client, type TestApp  } from './helpers.ts';
import { forgetAllSessions } from '../src/auth/session-cache.ts';

// GET /service-requests/calendar: scope as the list, overlap of [from, to), the 16:00 rule, the bound.
// The fixtures live in 2031, far from the demo data (around 2026), so only they are in those ranges.

let t: TestApp;
let user: Client;
let operator: Client;
let admin: Client;
let globexAdmin: Client;
let acmeCid: number;
let globexCid: number;

const contactIdOf = async (email: string) => (await t.database.db.select().from(contacts).where(eq(contacts.email, email)))[0]!.id;
// The caller's zone is its preference, else its contact's: set both. Written straight to the database, so the
// in-process session cache is emptied by hand (an API write would do it).
const setZone = async (email: string, timeZone: string) => {
  await t.database.db.update(contacts).set({ timeZone }).where(eq(contacts.email, email));
  const [account] = await t.database.db.select({ id: webUsers.id }).from(webUsers).where(eq(webUsers.email, email));
  if (account) await t.database.db.update(userPreferences).set({ timeZone }).where(eq(userPreferences.webUserId, account.id));
  forgetAllSessions();
};

beforeAll(async () => {
  t = await createTestApp();
  [acmeCid, globexCid] = (await customerIdsOf(t.database.db, 'ACME', 'GLOBEX')) as [number, number];
  // The demo gives contacts a random US zone: fix the two whose zones the 16:00 tests read.
  await setZone('operator@acme.example', 'America/Los_Angeles');
  await setZone('admin@acme.example', 'America/New_York');
  [user, operator, admin, globexAdmin] = (await Promise.all(
    ['user@acme.example', 'operator@acme.example', 'admin@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client];
});
afterAll(() => t.close());

const qs = (q: Record<string, string | number | boolean>) => new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();
async function calendar(c: Client, q: Record<string, string | number | boolean>): Promise<TicketCalendarResponse> {
  const res = await c.get(`/api/v1/service-requests/calendar?${qs(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TicketCalendarResponse>();
}
const ids = (r: TicketCalendarResponse) => r.events.map((e) => e.id);
const at = (iso: string) => new Date(iso);
const request = (o: Partial<Ticket> & { cid: number; contactId: number }) => makeTicket(t.database.db, { ticketType: 'ServiceRequest', status: 'Open', ...o });

describe('refusals', () => {
  it('signed out is a 401', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/service-requests/calendar?from=2031-02-01T00:00:00Z&to=2031-02-08T00:00:00Z' });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['from', { to: '2031-02-08T00:00:00Z' }],
    ['from', { from: 'yesterday', to: '2031-02-08T00:00:00Z' }],
    ['to', { from: '2031-02-01T00:00:00Z' }],
    ['to', { from: '2031-02-01T00:00:00Z', to: '2031-02-08T00:00:00' }],
    ['to', { from: '2031-02-08T00:00:00Z', to: '2031-02-01T00:00:00Z' }],
    ['to', { from: '2031-02-01T00:00:00Z', to: '2031-02-01T00:00:00Z' }],
    ['to', { from: '2031-02-01T00:00:00Z', to: '2031-03-20T00:00:00Z' }],
    ['status', { from: '2031-02-01T00:00:00Z', to: '2031-02-08T00:00:00Z', status: 'Deleted' }],
    ['openDateFrom', { from: '2031-02-01T00:00:00Z', to: '2031-02-08T00:00:00Z', openDateFrom: 'soon' }],
  ])('bad input is a 400 naming %s', async (field, q) => {
    const res = await operator.get(`/api/v1/service-requests/calendar?${qs(q)}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(body.message.startsWith(field)).toBe(true);
  });

  it('accepts a six-week month view across a DST change (42 days and an hour)', async () => {
    const r = await calendar(operator, { from: '2031-02-23T08:00:00Z', to: '2031-04-06T07:00:00Z' });
    expect(r.truncated).toBe(false);
  });
});

describe('scope', () => {
  const range = { from: '2031-05-01T00:00:00Z', to: '2031-05-08T00:00:00Z', status: '<ALL>' };
  let own: Ticket;
  let colleague: Ticket;
  let globex: Ticket;

  beforeAll(async () => {
    const other = await makeContact(t.database.db, { cid: acmeCid, firstName: 'Ottilie', lastName: 'Calendar' });
    const [globexContact] = await t.database.db.select().from(contacts).where(eq(contacts.cid, globexCid)).limit(1);
    own = await request({ cid: acmeCid, contactId: await contactIdOf('user@acme.example'), requestedStartDate: at('2031-05-02T14:00:00Z') });
    colleague = await request({ cid: acmeCid, contactId: other.id, requestedStartDate: at('2031-05-03T14:00:00Z') });
    globex = await request({ cid: globexCid, contactId: globexContact!.id, requestedStartDate: at('2031-05-02T15:00:00Z') });
  });

  it('a User sees only its own contact’s requests, whatever mine says', async () => {
    for (const mine of [undefined, false, true]) {
      const r = await calendar(user, mine === undefined ? range : { ...range, mine });
      expect(ids(r)).toEqual([own.id]);
    }
  });

  it('an Operator sees Acme’s requests and never Globex’s; mine=true narrows to its own contact', async () => {
    expect(ids(await calendar(operator, range))).toEqual([own.id, colleague.id]);
    expect(ids(await calendar(operator, { ...range, mine: true }))).toEqual([]);
  });

  it('Globex sees its own and nothing of Acme’s', async () => {
    expect(ids(await calendar(globexAdmin, range))).toEqual([globex.id]);
  });

  it('every event of the demo month belongs to the caller’s customer (and to the User’s contact)', async () => {
    const demo = { from: '2026-10-26T00:00:00Z', to: '2026-12-07T00:00:00Z', status: '<ALL>' };
    const [forUser, forOperator] = [await calendar(user, demo), await calendar(operator, demo)];
    expect(forOperator.events.length).toBeGreaterThan(forUser.events.length);
    const rows = await t.database.db.select().from(tickets).where(inArray(tickets.id, ids(forOperator)));
    expect(rows.every((r) => r.cid === acmeCid && r.ticketType === 'ServiceRequest')).toBe(true);
    const ownContact = await contactIdOf('user@acme.example');
    const userRows = await t.database.db.select().from(tickets).where(inArray(tickets.id, ids(forUser)));
    expect(userRows.length).toBe(forUser.events.length);
    expect(userRows.every((r) => r.cid === acmeCid && r.contactId === ownContact)).toBe(true);
  });

  it('the demo data fills the demo month with open requests for the operator and the User', async () => {
    const demo = { from: '2026-10-25T04:00:00Z', to: '2026-12-06T05:00:00Z' };
    expect((await calendar(operator, demo)).events.length).toBeGreaterThanOrEqual(20);
    expect((await calendar(user, demo)).events.length).toBeGreaterThanOrEqual(3);
  });
});

describe('range and filters', () => {
  // The range [Feb 1 12:00Z, Feb 8 12:00Z) of 2031; the operator reads derived ends in Los Angeles (UTC-8).
  const range = { from: '2031-02-01T12:00:00Z', to: '2031-02-08T12:00:00Z' };
  const made: Record<string, Ticket> = {};

  beforeAll(async () => {
    const contactId = await contactIdOf('operator@acme.example');
    const sr = (name: string, start: string | null, end: string | null, o: Partial<Ticket> = {}) =>
      request({
        cid: acmeCid,
        contactId,
        shortDescription: `Calendar ${name}`,
        requestedStartDate: start ? at(start) : null,
        requestedEndDate: end ? at(end) : null,
        ...o,
      }).then((row) => (made[name] = row));
    await sr('inside', '2031-02-03T15:00:00Z', '2031-02-03T17:00:00Z');
    await sr('endedBefore', '2031-01-31T10:00:00Z', '2031-01-31T12:00:00Z');
    await sr('endsAtFrom', '2031-02-01T08:00:00Z', '2031-02-01T12:00:00Z');
    // 02:00 in Los Angeles, no end: ends 16:00 there (Feb 2 00:00Z), after `from`.
    await sr('derivedEndOverlaps', '2031-02-01T10:00:00Z', null);
    // 15:00 in Los Angeles on Jan 31, no end: ends 16:00 there (Feb 1 00:00Z), before `from`.
    await sr('derivedEndBefore', '2031-01-31T23:00:00Z', null);
    await sr('longFromBefore', '2031-01-20T00:00:00Z', '2031-02-05T00:00:00Z');
    await sr('longAround', '2031-01-25T00:00:00Z', '2031-03-01T00:00:00Z');
    await sr('longEndedBefore', '2031-01-10T00:00:00Z', '2031-01-25T00:00:00Z');
    await sr('startsAtTo', '2031-02-08T12:00:00Z', null);
    await sr('startsJustBeforeTo', '2031-02-08T11:59:00Z', null);
    await sr('zeroAtFrom', '2031-02-01T12:00:00Z', '2031-02-01T12:00:00Z');
    await sr('unscheduled', null, null);
    await sr('closed', '2031-02-04T15:00:00Z', null, { status: 'Closed' });
    await sr('vipOnHold', '2031-02-05T15:00:00Z', null, { status: 'On Hold', isVip: true });
    await makeTicket(t.database.db, { cid: acmeCid, contactId, ticketType: 'Incident', status: 'Open', shortDescription: 'Calendar incident', requestedStartDate: at('2031-02-03T15:00:00Z') });
  });

  const names = (r: TicketCalendarResponse) => r.events.map((e) => Object.keys(made).find((k) => made[k]!.id === e.id) ?? `other ${e.ticketNo}`);

  it('returns exactly the requests whose event overlaps the range, by start; never incidents or unscheduled requests', async () => {
    const r = await calendar(operator, { ...range, status: '<ALL>' });
    expect(names(r)).toEqual([
      'longFromBefore',
      'longAround',
      'derivedEndOverlaps',
      'zeroAtFrom',
      'inside',
      'closed',
      'vipOnHold',
      'startsJustBeforeTo',
    ]);
    expect(r.events.every((e) => !e.ticketNo.startsWith('INC-'))).toBe(true);
    expect(r.truncated).toBe(false);
    expect(r.timeZone).toBe('America/Los_Angeles');
  });

  it('filters like the list: Open by default, status, search and criteria', async () => {
    expect(names(await calendar(operator, range))).toEqual(['longFromBefore', 'longAround', 'derivedEndOverlaps', 'zeroAtFrom', 'inside', 'startsJustBeforeTo']);
    expect(names(await calendar(operator, { ...range, status: 'Closed' }))).toEqual(['closed']);
    expect(names(await calendar(operator, { ...range, status: '<ALL>', search: 'calendar inside' }))).toEqual(['inside']);
    expect(names(await calendar(operator, { ...range, status: '<ALL>', isVip: true }))).toEqual(['vipOnHold']);
  });

  it('gives each event its number, short description, status and dates', async () => {
    const r = await calendar(operator, { ...range, status: '<ALL>' });
    const inside = r.events.find((e) => e.id === made.inside!.id)!;
    expect(inside).toMatchObject({
      ticketNo: made.inside!.ticketNo,
      shortDescription: 'Calendar inside',
      status: 'Open',
      start: '2031-02-03T15:00:00.000Z',
      end: '2031-02-03T17:00:00.000Z',
      endIsDefault: false,
      isVip: false,
    });
    expect(inside.contactName).toMatch(/\S+ \S+/);
    expect(r.events.find((e) => e.id === made.vipOnHold!.id)).toMatchObject({ status: 'On Hold', isVip: true, endIsDefault: true });
  });
});

describe('an event without an end ends at 16:00 in the caller’s zone', () => {
  const range = { from: '2031-01-14T00:00:00Z', to: '2031-01-18T00:00:00Z', status: '<ALL>' };
  const starts = {
    morningLA: '2031-01-15T17:00:00Z', // 09:00 in Los Angeles, 12:00 in New York
    earlyUtcDay: '2031-01-16T09:00:00Z', // 01:00 on Jan 16 in Los Angeles, 04:00 in New York
    lateLA: '2031-01-16T01:30:00Z', // 17:30 on Jan 15 in Los Angeles, 20:30 in New York
    atFourLA: '2031-01-17T00:00:00Z', // 16:00 on Jan 16 in Los Angeles, 19:00 in New York
  };
  const made: Record<string, number> = {};

  beforeAll(async () => {
    const contactId = await contactIdOf('admin@acme.example');
    for (const [k, s] of Object.entries(starts)) made[k] = (await request({ cid: acmeCid, contactId, requestedStartDate: at(s), requestedEndDate: null })).id;
  });

  const endsFor = async (c: Client) => {
    const r = await calendar(c, range);
    return Object.fromEntries(Object.entries(made).map(([k, id]) => [k, r.events.find((e) => e.id === id)?.end]));
  };

  it('for a caller in Los Angeles', async () => {
    expect(await endsFor(operator)).toEqual({
      morningLA: '2031-01-16T00:00:00.000Z', // 16:00 PST
      earlyUtcDay: '2031-01-17T00:00:00.000Z', // 16:00 PST of Jan 16, its local day
      lateLA: '2031-01-16T02:30:00.000Z', // after 16:00: start + 1 h
      atFourLA: '2031-01-17T01:00:00.000Z', // at 16:00: start + 1 h
    });
  });

  it('for a caller in New York', async () => {
    expect(await endsFor(admin)).toEqual({
      morningLA: '2031-01-15T21:00:00.000Z', // 16:00 EST
      earlyUtcDay: '2031-01-16T21:00:00.000Z',
      lateLA: '2031-01-16T02:30:00.000Z',
      atFourLA: '2031-01-17T01:00:00.000Z',
    });
  });

  it('marks the derived ends', async () => {
    const r = await calendar(operator, range);
    expect(r.events.filter((e) => Object.values(made).includes(e.id)).every((e) => e.endIsDefault)).toBe(true);
  });
});

describe('bound', () => {
  it(`returns at most ${CALENDAR_MAX_EVENTS} events, the earliest, and says truncated`, async () => {
    const db = t.database.db;
    const { customer, contact } = await makeCustomerWithUser(db, 'Operator');
    const n = CALENDAR_MAX_EVENTS + 3;
    const reserved = await reserveIds(db, 'tickets', n);
    const base = Date.parse('2031-06-01T00:00:00Z');
    await insertMany(
      db,
      tickets,
      reserved.map((id, i) => ({
        ...buildTicket(testFaker, { cid: customer.id, contactId: contact.id, ticketType: 'ServiceRequest', status: 'Open' }),
        id,
        ticketNo: ticketNumber('ServiceRequest', id),
        // one an hour, in reverse id order, so the order by start is visible
        requestedStartDate: new Date(base + (n - i) * 3_600_000),
        requestedEndDate: null,
      })),
    );
    const c = await signIn(t.app, contact.email!);
    const full = await calendar(c, { from: '2031-06-01T00:00:00Z', to: '2031-07-01T00:00:00Z' });
    expect(full.truncated).toBe(true);
    expect(full.events).toHaveLength(CALENDAR_MAX_EVENTS);
    const startsOf = full.events.map((e) => Date.parse(e.start));
    expect(startsOf).toEqual([...startsOf].sort((a, b) => a - b));
    expect(startsOf[0]).toBe(base + 3_600_000);

    // A range that holds all but the last three fits.
    const fits = await calendar(c, { from: '2031-06-01T00:00:00Z', to: new Date(base + (CALENDAR_MAX_EVENTS + 0.5) * 3_600_000).toISOString() });
    expect(fits.truncated).toBe(false);
    expect(fits.events).toHaveLength(CALENDAR_MAX_EVENTS);

    const scheduled = await db.select({ id: tickets.id }).from(tickets).where(and(eq(tickets.cid, customer.id), isNotNull(tickets.requestedStartDate)));
    expect(scheduled).toHaveLength(n);
  });
});
