import { describe, expect, it } from 'vitest';
import { drizzle } from 'drizzle-orm/node-postgres';
import { TICKET_KEYSET_SORTS, TICKET_SORT_KEYS, type TicketCriteria } from '@sc/common';
import type { Db } from '../src/db/client.ts';
import { shapeKey, ticketPageQuery, type TicketListFilter, type TicketOrder } from '../src/modules/tickets/list.queries.ts';

// The ticket list names its prepared statement from a shape key instead of building the SQL twice
// (issue 18). A key shared by two different SQL texts would make node-postgres refuse the second
// ("Prepared statements must be unique"): this walks a few thousand random named shapes (the ones
// selectTicketPage names: no search, no date range) and checks every key always means one text.

const db = drizzle.mock() as unknown as Db;

/** A small deterministic generator, so a failure can be reproduced. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => {
    s = (s * 1664525 + 1013904223) >>> 0;
    return s / 2 ** 32;
  };
}

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

describe('list page query shape key', () => {
  it('one SQL text per key over random named shapes', () => {
    const r = rng(18);
    const textOf = new Map<string, string>();
    const keys = new Set<string>();
    for (let i = 0; i < 4000; i++) {
      const criteria: TicketCriteria & Record<string, unknown> = {};
      for (const [k, gen] of Object.entries(CRITERIA)) if (r() < 0.2) criteria[k] = gen(r);
      // An explicitly undefined key is what zod leaves for an absent optional: same shape as absent.
      if (r() < 0.3) criteria.classId = undefined;
      const f: TicketListFilter = {
        cid: 1 + Math.floor(r() * 5),
        ticketType: r() < 0.5 ? 'Incident' : 'ServiceRequest',
        ...(r() < 0.3 ? { contactId: 1 + Math.floor(r() * 100) } : {}),
        ...(r() < 0.2 ? { assignedContactId: 1 + Math.floor(r() * 100) } : {}),
        ...(r() < 0.2 ? { deviceId: 1 + Math.floor(r() * 100) } : {}),
        status: (['<ALL>', 'Open', 'Closed'] as const)[Math.floor(r() * 3)]!,
        criteria,
        timeZone: 'UTC',
      };
      const sort = TICKET_SORT_KEYS[Math.floor(r() * TICKET_SORT_KEYS.length)]!;
      const o: TicketOrder = { sort, direction: r() < 0.5 ? 'asc' : 'desc' };
      const keyset = TICKET_KEYSET_SORTS.includes(sort) && r() < 0.4;
      const after = keyset ? { value: sort === 'openDate' ? '2026-01-01T00:00:00.000Z' : sort === 'id' ? 5 : 'x', id: 5 } : undefined;
      const offset = r() < 0.5 ? 0 : 20 * Math.floor(1 + r() * 100);
      const filterFirst = r() < 0.2;
      const priorityById = r() < 0.7;
      const page = { limit: [11, 16, 21, 26, 51][Math.floor(r() * 5)]!, offset, ...(after ? { after } : {}), filterFirst };
      const key = shapeKey(f, o, { after: !!after, offset: !after && offset > 0, filterFirst, priorityById });
      const text = ticketPageQuery(db, f, o, page, priorityById).toSQL().sql;
      keys.add(key);
      const seen = textOf.get(key);
      if (seen === undefined) textOf.set(key, text);
      else expect(text, `shape ${key}`).toBe(seen);
    }
    // Enough distinct shapes to mean something.
    expect(keys.size).toBeGreaterThan(500);
  });
});
