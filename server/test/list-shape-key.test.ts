import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { TICKET_KEYSET_SORTS, TICKET_SORT_KEYS, type TicketCriteria, type TicketType } from '@sc/common';
import type { Db } from '../src/db/client.ts';
import { paramsFor } from '../src/db/shaped-statements.ts';
import { ticketNumberTypeOf } from '../src/db/search.ts';
import { shapeKey, ticketPageQuery, ticketPageStatement } from '../src/modules/tickets/list.queries.ts';
import type { TicketListFilter, TicketOrder } from '../src/modules/tickets/list.types.ts';
import { rng } from './rng.ts';

// The ticket list builds its page statement once per shape key and names the prepared statement from
// it (issue 18, docs/decisions/031). A key shared by two different SQL texts would run one request with
// another shape's SQL (and make node-postgres refuse a second text under one name: "Prepared statements
// must be unique"): this walks a few thousand random shapes, searches and date ranges included, and
// checks every key always means one text, and that the statement with this request's values is
// exactly the query drizzle builds with the values in it.

const db = drizzle.mock() as unknown as Db;

const CRITERIA: Record<string, (r: () => number) => unknown> = {
  assignedTo: (r) => 1 + Math.floor(r() * 50),
  assignedContactId: (r) => 1 + Math.floor(r() * 50),
  departmentId: (r) => 1 + Math.floor(r() * 9),
  boardId: (r) => 1 + Math.floor(r() * 9),
  isShared: (r) => r() < 0.5,
  isVip: (r) => r() < 0.5,
  priorityId: (r) => 1 + Math.floor(r() * 4),
  classId: (r) => 1 + Math.floor(r() * 9),
  subclassId: (r) => 1 + Math.floor(r() * 9),
  siteId: (r) => 1 + Math.floor(r() * 9),
  isRequestScheduled: (r) => r() < 0.5,
};

/** A bare day (read in the caller's zone) or an instant: two SQL texts. */
const dayOrInstant = (r: () => number) => (r() < 0.5 ? `2026-0${1 + Math.floor(r() * 9)}-1${Math.floor(r() * 10)}` : `2026-03-0${1 + Math.floor(r() * 9)}T10:00:00+02:00`);
const RANGES = ['openDateFrom', 'openDateTo', 'requestedStartFrom', 'requestedStartTo'] as const;

/** `n` random list requests: filter, order and page, as listTickets, the export and the bridged lists make them. */
function* shapes(seed: number, n: number) {
  const r = rng(seed);
  for (let i = 0; i < n; i++) {
    const criteria: TicketCriteria & Record<string, unknown> = {};
    for (const [k, gen] of Object.entries(CRITERIA)) if (r() < 0.2) criteria[k] = gen(r);
    for (const k of RANGES) if (r() < 0.1) criteria[k] = dayOrInstant(r);
    // An explicitly undefined key is what zod leaves for an absent optional: same shape as absent.
    if (r() < 0.3) criteria.classId = undefined;
    const f: TicketListFilter = {
      cid: 1 + Math.floor(r() * 5),
      ticketType: r() < 0.5 ? 'Incident' : 'ServiceRequest',
      ...(r() < 0.3 ? { contactId: 1 + Math.floor(r() * 100) } : {}),
      ...(r() < 0.2 ? { assignedContactId: 1 + Math.floor(r() * 100) } : {}),
      ...(r() < 0.2 ? { deviceId: 1 + Math.floor(r() * 100) } : {}),
      status: (['<ALL>', 'Open', 'Closed'] as const)[Math.floor(r() * 3)]!,
      ...(r() < 0.15 ? { search: ['printer', '50%_off', 'INC-1', 'sr-20', 'a\\b'][Math.floor(r() * 5)]! } : {}),
      criteria,
      timeZone: r() < 0.5 ? 'UTC' : 'Europe/Zurich',
    };
    const sort = TICKET_SORT_KEYS[Math.floor(r() * TICKET_SORT_KEYS.length)]!;
    const o: TicketOrder = { sort, direction: r() < 0.5 ? 'asc' : 'desc' };
    const keyset = TICKET_KEYSET_SORTS.includes(sort) && r() < 0.4;
    const after = keyset ? { value: sort === 'openDate' ? '2026-01-01T00:00:00.000Z' : sort === 'id' ? 5 : 'x', id: 5 } : undefined;
    const offset = r() < 0.5 ? 0 : 20 * Math.floor(1 + r() * 100);
    const filterFirst = r() < 0.2;
    const walk = r() < 0.3;
    const priorityById = r() < 0.7;
    const page = { limit: [11, 16, 21, 26, 51][Math.floor(r() * 5)]!, offset, ...(after ? { after } : {}), filterFirst, walk };
    yield { f, o, page, priorityById };
  }
}

describe('list page query shape key', () => {
  // First: names are given to the first shapes a process meets (MAX_NAMED_STATEMENTS).
  it('a filtered-first search of the list type\'s own ticket number is a named statement; text and the other type\'s numbers are not', () => {
    const page = { limit: 11, offset: 0, filterFirst: true };
    const o: TicketOrder = { sort: 'id', direction: 'desc' };
    const nameOf = (ticketType: TicketType, search: string) =>
      ticketPageStatement(db, { cid: 1, ticketType, status: '<ALL>', search, criteria: {}, timeZone: 'UTC' }, o, page, true).statement.name;
    expect(nameOf('Incident', 'INC-1000731')).toMatch(/^tl_/);
    expect(nameOf('ServiceRequest', 'sr-42')).toMatch(/^tl_/);
    expect(nameOf('Incident', 'printer')).toBeUndefined();
    expect(nameOf('ServiceRequest', 'INC-1000731')).toBeUndefined();
  });

  it('one SQL text per key over random shapes', () => {
    const textOf = new Map<string, string>();
    const keys = new Set<string>();
    for (const { f, o, page, priorityById } of shapes(18, 4000)) {
      const key = shapeKey(f, o, page, priorityById);
      const text = ticketPageQuery(db, f, o, page, priorityById).toSQL().sql;
      keys.add(key);
      const seen = textOf.get(key);
      if (seen === undefined) textOf.set(key, text);
      else expect(text, `shape ${key}`).toBe(seen);
    }
    // Enough distinct shapes to mean something.
    expect(keys.size).toBeGreaterThan(500);
  });

  it('the statement built once per shape, with this request\'s values, is the query built with the values in it', () => {
    let named = 0;
    let walkedCount = 0;
    for (const { f, o, page, priorityById } of shapes(31, 3000)) {
      const direct = ticketPageQuery(db, f, o, page, priorityById).toSQL();
      const { statement, params } = ticketPageStatement(db, f, o, page, priorityById);
      expect(statement.text).toBe(direct.sql);
      expect(paramsFor(statement, params)).toEqual(direct.params);
      // Searches and date ranges are planned for their values: never a named (generic-plan) statement,
      // unless the page is walked (whose plan is the walk whatever the values, its values hidden from the
      // planner), an open-date range that ended is filtered first, or a search of the list type's own ticket
      // number without a range is filtered first (a prefix range of the number).
      const walked = statement.text.includes('with walked as materialized');
      const value = (k: string) => f.criteria[k as keyof TicketCriteria] !== undefined;
      const ownNumberFirst =
        page.filterFirst && f.search !== undefined && ticketNumberTypeOf(f.search) === f.ticketType && !RANGES.some(value);
      if (walked) {
        // The window reads the tenant's tickets with the values hidden from the planner (walkedIds).
        expect(statement.text).toMatch(/from \(select \* from "tickets" where \(+"tickets"."cid" = \(select \$\d+::integer\) and /);
        expect(statement.text).toMatch(/ limit \(select \$\d+::int\)\) "tickets"/);
        walkedCount++;
      } else if ((f.search && !ownNumberFirst) || value('requestedStartFrom') || value('requestedStartTo') || ((value('openDateFrom') || value('openDateTo')) && !statement.text.includes('+ 0'))) {
        expect(statement.name).toBeUndefined();
      }
      if (statement.name) named++;
      // A standard page's LIMIT is a number in the text (a parameter would keep PostgreSQL from settling on a
      // generic plan: decision 034); any other limit stays a parameter.
      if ([11, 16, 26, 51].includes(page.limit)) {
        expect(statement.text).toMatch(new RegExp(` limit ${page.limit}( offset (\\(select )?\\$\\d+(::int\\))?)?\\)`));
        expect('limit' in params).toBe(false);
      } else {
        expect(statement.text).toMatch(/ limit (\(select )?\$\d+/);
        expect(params.limit).toBe(page.limit);
      }
    }
    expect(named).toBeGreaterThan(50);
    expect(walkedCount).toBeGreaterThan(50);
  });

  it('an open-date range that ended days ago is filtered first, not walked from the newest id; one reaching today is walked', () => {
    const day = (offsetDays: number) => new Date(Date.now() + offsetDays * 86_400_000).toISOString().slice(0, 10);
    const base = { cid: 1, ticketType: 'Incident' as const, status: '<ALL>' as const, timeZone: 'UTC' };
    const order: TicketOrder = { sort: 'id', direction: 'desc' };
    const sqlOf = (criteria: TicketCriteria) => ticketPageQuery(db, { ...base, criteria }, order, { limit: 11, offset: 0 }, false).toSQL().sql;
    expect(sqlOf({ openDateFrom: day(-200), openDateTo: day(-30) })).toMatch(/"id" \+ 0 desc/);
    expect(sqlOf({ openDateTo: `${day(-10)}T12:00:00Z` })).toMatch(/"id" \+ 0 desc/);
    expect(sqlOf({ openDateFrom: day(-30), openDateTo: day(0) })).not.toMatch(/\+ 0/);
    expect(sqlOf({ openDateFrom: day(-30) })).not.toMatch(/\+ 0/);
  });
});
