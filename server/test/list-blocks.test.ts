import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray, sql } from 'drizzle-orm';
import type { TicketStatusFilter, TicketType } from '@sc/common';
import type { Database } from '../src/db/client.ts';
import { rowsOf, reserveIds, ticketNumber } from '../src/db/ids.ts';
import { ticketIdBlocks, tickets, type TicketStatus } from '../src/db/schema/index.ts';
import { makeContact, makeCustomer } from '../src/db/seed/factories.ts';
import { BLOCK_SKIP_FROM, blockStatementOf, startOfOffset } from '../src/modules/tickets/list.blocks.queries.ts';
import { selectTicketPage } from '../src/modules/tickets/list.queries.ts';
import type { TicketListFilter, TicketOrder } from '../src/modules/tickets/list.types.ts';
import { openTestDatabase } from './helpers.ts';
import { rng } from './rng.ts';

// A deep OFFSET page of a whole list skips whole blocks of 16,384 ids by their counts (ticket_id_blocks,
// kept by triggers on tickets: migration 0027). The counts must equal the tickets after every kind of
// write, and the page must be the plain OFFSET page, at every depth, in both directions, per status.

let database: Database;
let cid: number;
let otherCid: number;
let contactId: number;
const STATUSES: TicketStatus[] = ['Open', 'Closed', 'On Hold', 'Escalation'];

/**
 * `n` tickets of the customer and `n` of another, alternating, every tenth id of a reserved range of
 * 20 × n ids: they span several blocks, as a tenant's tickets do among a thousand others'.
 */
async function insertSpread(n: number, seed: number) {
  const db = database.db;
  const r = rng(seed);
  const [first] = await reserveIds(db, 'tickets', 1);
  await db.execute(sql`select setval(pg_get_serial_sequence('tickets', 'id'), ${first! + 20 * n + 1})`);
  const ids = Array.from({ length: 2 * n }, (_, i) => first! + 1 + 10 * i);
  const now = Date.now();
  const rows = ids.map((id, i) => {
    const mine = i % 2 === 0;
    const ticketType: TicketType = r() < 0.7 ? 'Incident' : 'ServiceRequest';
    const openDate = new Date(now - (ids.length - i) * 60_000);
    return {
      id,
      cid: mine ? cid : otherCid,
      ticketType,
      ticketNo: ticketNumber(ticketType, id),
      contactId: mine ? contactId : otherContactId,
      status: STATUSES[Math.floor(r() * STATUSES.length)]!,
      shortDescription: `Block test ${i}`,
      openDate,
      createdAt: openDate,
      updatedAt: openDate,
    };
  });
  for (let i = 0; i < rows.length; i += 1000) await db.insert(tickets).values(rows.slice(i, i + 1000));
}
let otherContactId: number;

/** The blocks as the table holds them, and as the tickets say they should be (zero counts left out). */
async function blocksNow() {
  const db = database.db;
  const held = rowsOf<{ k: string; n: number }>(
    await db.execute(sql`select concat_ws('|', cid, ticket_type, block, status) as k, n from ${ticketIdBlocks} where cid in (${cid}, ${otherCid}) and n <> 0 order by 1`),
  );
  const fresh = rowsOf<{ k: string; n: number }>(
    await db.execute(sql`select concat_ws('|', cid, ticket_type, id >> 14, status) as k, count(*)::int as n from ${tickets} where cid in (${cid}, ${otherCid}) group by cid, ticket_type, id >> 14, status order by 1`),
  );
  return { held: held.map((x) => `${x.k}=${Number(x.n)}`), fresh: fresh.map((x) => `${x.k}=${Number(x.n)}`) };
}

beforeAll(async () => {
  database = await openTestDatabase();
  const db = database.db;
  cid = (await makeCustomer(db, { name: `Blocks ${Date.now()}` })).id;
  otherCid = (await makeCustomer(db, { name: `Blocks other ${Date.now()}` })).id;
  contactId = (await makeContact(db, { cid, isPrimary: true, email: `blocks.${Date.now()}@blocks.example` })).id;
  otherContactId = (await makeContact(db, { cid: otherCid, isPrimary: true, email: `blocks.other.${Date.now()}@blocks.example` })).id;
  await insertSpread(4200, 5);
});
afterAll(async () => {
  await database?.close();
});

describe('ticket_id_blocks', () => {
  it('equals the tickets after a bulk insert, status changes, a type change, moves between customers and deletes', async () => {
    const db = database.db;
    let b = await blocksNow();
    expect(b.held.length).toBeGreaterThan(20);
    expect(b.held).toEqual(b.fresh);

    const some = (await db.select({ id: tickets.id }).from(tickets).where(eq(tickets.cid, cid)).limit(300)).map((x) => x.id);
    await db.update(tickets).set({ status: 'Closed' }).where(inArray(tickets.id, some.slice(0, 120)));
    await db.update(tickets).set({ ticketType: 'ServiceRequest' }).where(and(inArray(tickets.id, some.slice(100, 150)), eq(tickets.ticketType, 'Incident')));
    await db.update(tickets).set({ cid: otherCid, contactId: otherContactId }).where(inArray(tickets.id, some.slice(150, 200)));
    // A write that changes none of the counted columns changes no count.
    await db.update(tickets).set({ shortDescription: 'Edited' }).where(inArray(tickets.id, some.slice(200, 260)));
    await db.delete(tickets).where(inArray(tickets.id, some.slice(260, 300)));
    b = await blocksNow();
    expect(b.held).toEqual(b.fresh);
  });
});

describe('a deep OFFSET page', () => {
  const filter = (ticketType: TicketType, status: TicketStatusFilter): TicketListFilter => ({ cid, ticketType, status, criteria: {}, timeZone: 'UTC' });
  /** The plain OFFSET page, straight from the tickets. */
  const plainIds = async (f: TicketListFilter, o: TicketOrder, limit: number, offset: number) =>
    rowsOf<{ id: number }>(
      await database.db.execute(sql`select id from ${tickets} where cid = ${f.cid} and ticket_type = ${f.ticketType}
        ${f.status === '<ALL>' ? sql`` : sql`and status = ${f.status}`}
        order by id ${sql.raw(o.direction)} limit ${limit} offset ${offset}`),
    ).map((x) => Number(x.id));

  it('is the plain OFFSET page at every depth, in both directions, for every status', async () => {
    let skipped = 0;
    for (const ticketType of ['Incident', 'ServiceRequest'] as const) {
      for (const status of ['<ALL>', 'Open', 'Closed'] as const) {
        for (const direction of ['desc', 'asc'] as const) {
          const f = filter(ticketType, status);
          const o: TicketOrder = { sort: 'id', direction };
          for (const offset of [BLOCK_SKIP_FROM, BLOCK_SKIP_FROM + 1, 1499, 2000, 2047, 2900, 2950, 10_000]) {
            for (const limit of [11, 26]) {
              const page = { limit, offset };
              const start = await startOfOffset(database.db, f, o, page);
              if (start) skipped++;
              const got = (await selectTicketPage(database.db, f, o, page)).map((x) => x.id);
              expect(got, JSON.stringify({ ticketType, status, direction, offset, limit, start })).toEqual(await plainIds(f, o, limit, offset));
            }
          }
        }
      }
    }
    // The pages of the whole lists (about 2,900 incidents, 1,200 requests) started past skipped blocks; the
    // rest lie past their list's end.
    expect(skipped).toBeGreaterThan(20);
  });

  it('only a whole list by id from BLOCK_SKIP_FROM on skips blocks', async () => {
    const db = database.db;
    const o: TicketOrder = { sort: 'id', direction: 'desc' };
    const deep = { limit: 11, offset: 2000 };
    const start = await startOfOffset(db, filter('Incident', '<ALL>'), o, deep);
    expect(start?.after).toBeDefined();
    expect(start!.offset).toBeLessThan(deep.offset);
    expect(await startOfOffset(db, filter('Incident', '<ALL>'), o, { limit: 11, offset: BLOCK_SKIP_FROM - 1 })).toBeUndefined();
    expect(await startOfOffset(db, filter('Incident', '<ALL>'), { sort: 'openDate', direction: 'desc' }, deep)).toBeUndefined();
    expect(await startOfOffset(db, { ...filter('Incident', '<ALL>'), search: 'block' }, o, deep)).toBeUndefined();
    expect(await startOfOffset(db, { ...filter('Incident', '<ALL>'), contactId }, o, deep)).toBeUndefined();
    expect(await startOfOffset(db, { ...filter('Incident', '<ALL>'), criteria: { isVip: false } }, o, deep)).toBeUndefined();
  });

  it('sums the blocks with a statement PostgreSQL plans once: every value blind, the LIMIT in the text', () => {
    for (const status of ['<ALL>', 'Open'] as TicketStatusFilter[]) {
      for (const direction of ['asc', 'desc'] as const) {
        const st = blockStatementOf(database.db, filter('Incident', status), { sort: 'id', direction });
        expect(st.name).toMatch(/^tb_/);
        // A parameter LIMIT priced the generic plan for 10 % of the rows: each deep page was planned afresh.
        expect(st.text).toMatch(/limit 1$/);
        // Each value an InitPlan ('(select $n::type)'), so no custom plan looks cheaper than the generic one.
        const named = st.slots.flatMap((x, i) => ('name' in x ? [i + 1] : []));
        expect(named.length).toBe(status === '<ALL>' ? 2 : 3);
        for (const n of named) expect(st.text).toMatch(new RegExp(`\\(select \\$${n}::\\w+\\)`));
      }
    }
  });
});
