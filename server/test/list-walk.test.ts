import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { asc } from 'drizzle-orm';
import { TICKET_KEYSET_SORTS, type TicketCriteria, type TicketStatusFilter, type TicketType } from '@sc/common';
import type { Database } from '../src/db/client.ts';
import { ticketPriorities, ticketSeverities, tickets } from '../src/db/schema/index.ts';
import { makeContact, makeCustomer } from '../src/db/seed/factories.ts';
import { reserveIds, ticketNumber } from '../src/db/ids.ts';
import { keysetValueOf, selectTicketPage } from '../src/modules/tickets/list.queries.ts';
import type { TicketListFilter, TicketOrder, TicketPageOptions } from '../src/modules/tickets/list.types.ts';
import { WALK_SORTS } from '../src/modules/tickets/list.walk.queries.ts';
import { walkPays } from '../src/modules/tickets/list.service.ts';
import { openTestDatabase } from './helpers.ts';
import { rng } from './rng.ts';

// A walked list page (list.walk.queries.ts walkedIds: the base list read in the sort's order, the rest of the
// filter tested row by row, the matches past the window fetched by a second branch) must be the very page
// the plain query gives, whatever the sort, direction, status, search, criteria, offset, cursor and
// window: the counts that choose a walk only decide its cost. A window of 3 rows makes the second branch
// supply nearly every page; one of 5,000 holds the whole tenant.

let database: Database;
let cid: number;
let priorityIds: number[];
const DAY = 86_400_000;

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  const customer = await makeCustomer(db, { name: `Walk ${Date.now()}` });
  cid = customer.id;
  const people = [
    await makeContact(db, { cid, isPrimary: true, firstName: 'Wanda', lastName: 'Walkname', email: `wanda.${Date.now()}@walk.example` }),
    await makeContact(db, { cid, firstName: 'Otto', lastName: 'Other', email: `otto.${Date.now()}@walk.example` }),
    await makeContact(db, { cid, firstName: 'Rita', lastName: 'Rest', email: `rita.${Date.now()}@walk.example` }),
  ];
  priorityIds = (await db.select({ id: ticketPriorities.id }).from(ticketPriorities).orderBy(asc(ticketPriorities.id))).map((r) => r.id);
  const severities = (await db.select({ short: ticketSeverities.short }).from(ticketSeverities)).map((r) => r.short);
  const r = rng(7);
  const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
  const n = 160;
  const ids = await reserveIds(db, 'tickets', n);
  const now = Date.now();
  const rows = ids.map((id, i) => {
    const ticketType: TicketType = i % 4 === 3 ? 'ServiceRequest' : 'Incident';
    const openDate = new Date(now - (n - i) * DAY + Math.floor(r() * 3_600_000));
    const status = pick(['Open', 'Open', 'Closed', 'Closed', 'Closed', 'On Hold', 'Escalation'] as const);
    const scheduled = r() < 0.4;
    return {
      id,
      cid,
      ticketType,
      ticketNo: ticketNumber(ticketType, id),
      contactId: pick(people).id,
      status,
      // Repeated values and NULLs in every sorted column: ties and NULL placement must agree too.
      shortDescription: `${pick(['Printer jam', 'Zebra stripes on screen', 'VPN down', 'Printer offline', 'Mail quota'])}${r() < 0.3 ? ' again' : ''}`,
      targetName: r() < 0.2 ? 'zebra crossing kiosk' : null,
      severityShort: r() < 0.3 ? null : pick(severities),
      priorityId: r() < 0.2 ? null : pick(priorityIds),
      assignedToName: r() < 0.5 ? null : pick(['Alex', 'Billie', 'Alex']),
      isVip: r() < 0.15,
      isRequestScheduled: scheduled,
      requestedStartDate: scheduled || r() < 0.2 ? new Date(openDate.getTime() + Math.floor(r() * 20) * DAY) : null,
      openDate,
      createdAt: openDate,
      updatedAt: openDate,
      closedDate: status === 'Closed' ? new Date(openDate.getTime() + DAY) : null,
    };
  });
  await db.insert(tickets).values(rows);
});
afterAll(async () => {
  await database?.close();
});

const ids = (rows: { id: number }[]) => rows.map((x) => x.id);

describe('a walked list page is the plain query’s page', () => {
  it('over random sorts, filters, pages, cursors and windows', async () => {
    const db = database.db;
    const r = rng(18);
    const pick = <T,>(xs: readonly T[]): T => xs[Math.floor(r() * xs.length)]!;
    const sorts = [...WALK_SORTS];
    const criteriaChoices: TicketCriteria[] = [
      {},
      {},
      { isVip: true },
      { priorityId: priorityIds[0]! },
      { isRequestScheduled: true },
      { isRequestScheduled: true, requestedStartFrom: new Date(Date.now() - 40 * DAY).toISOString().slice(0, 10) },
      { openDateFrom: new Date(Date.now() - 30 * DAY).toISOString().slice(0, 10) },
    ];
    let walkedWithMatches = 0;
    let secondBranch = 0;
    for (let i = 0; i < 260; i++) {
      const order: TicketOrder = { sort: pick(sorts), direction: r() < 0.5 ? 'asc' : 'desc' };
      const filter: TicketListFilter = {
        cid,
        ticketType: r() < 0.75 ? 'Incident' : 'ServiceRequest',
        status: pick(['<ALL>', 'Open', 'Closed', 'On Hold'] as TicketStatusFilter[]),
        ...(r() < 0.5 ? { search: pick(['zebra', 'walkname', 'printer', 'nothing-like-this']) } : {}),
        ...(r() < 0.1 ? { contactId: (await db.select({ c: tickets.contactId }).from(tickets).limit(1))[0]!.c } : {}),
        criteria: pick(criteriaChoices),
        timeZone: pick(['UTC', 'Asia/Kolkata']),
      };
      const limit = pick([11, 16, 26]);
      const page: TicketPageOptions = { limit, offset: pick([0, 0, 10, 25]) };
      const plain = await selectTicketPage(db, filter, order, page);
      for (const walkWindow of [3, 20, 5000]) {
        const walked = await selectTicketPage(db, filter, order, { ...page, walk: true, walkWindow });
        expect(ids(walked), `${JSON.stringify({ filter, order, page, walkWindow })}`).toEqual(ids(plain));
      }
      if (plain.length > 0) walkedWithMatches++;
      if (plain.length > 3) secondBranch++;
      // The next page by cursor, where the sort has one.
      if (TICKET_KEYSET_SORTS.includes(order.sort) && plain.length === limit) {
        const last = plain[limit - 2]!;
        const after = { value: keysetValueOf(order, last), id: last.id };
        const next = await selectTicketPage(db, filter, order, { limit, offset: 0, after });
        const walkedNext = await selectTicketPage(db, filter, order, { limit, offset: 0, after, walk: true, walkWindow: 4 });
        expect(ids(walkedNext), `cursor ${JSON.stringify({ filter, order, after })}`).toEqual(ids(next));
      }
    }
    // The random requests reached pages with rows, and pages the second branch had to fill.
    expect(walkedWithMatches).toBeGreaterThan(100);
    expect(secondBranch).toBeGreaterThan(50);
  });
});

describe('when a walk is chosen (walkPays)', () => {
  const filter = (criteria: TicketCriteria = {}): TicketListFilter => ({ cid: 1, ticketType: 'Incident', status: 'Open', criteria, timeZone: 'UTC' });
  const byId: TicketOrder = { sort: 'id', direction: 'desc' };
  it('a common match is walked, a rare one filtered first', () => {
    // 11 rows at 1,254 matches of 50,000: ≈ 440 rows walked.
    expect(walkPays(filter(), byId, 11, 1254, 50_000)).toBe(true);
    // 11 rows at 20 matches of 50,000: ≈ 27,500 rows; and page 100 of a common match.
    expect(walkPays(filter(), byId, 11, 20, 50_000)).toBe(false);
    expect(walkPays(filter(), byId, 1000, 1254, 50_000)).toBe(false);
    expect(walkPays(filter(), byId, 11, 0, 50_000)).toBe(false);
  });
  it('a date range is walked only newest first by id, and only when it reaches today', () => {
    expect(walkPays(filter({ openDateFrom: '2026-09-01' }), byId, 11, 5000, 50_000)).toBe(true);
    expect(walkPays(filter({ openDateFrom: '2026-09-01' }), { sort: 'id', direction: 'asc' }, 11, 5000, 50_000)).toBe(false);
    expect(walkPays(filter({ openDateFrom: '2026-09-01' }), { sort: 'openDate', direction: 'desc' }, 11, 5000, 50_000)).toBe(false);
    expect(walkPays(filter({ openDateFrom: '2026-01-01', openDateTo: '2026-06-30' }), byId, 11, 5000, 50_000)).toBe(false);
    expect(walkPays(filter({ requestedStartTo: '2026-06-30' }), byId, 11, 5000, 50_000)).toBe(false);
  });
});
