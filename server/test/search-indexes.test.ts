import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/ids.ts';
import { contacts, tickets } from '../src/db/schema/index.ts';
import { containsPattern, SEARCH_INDEXES, ticketColumnsOf, ticketSearchTextMatches, ticketTextMatches, ticketTypeIs } from '../src/db/search.ts';
import { globalSearchQuery, globalSearchStatement } from '../src/modules/search/queries.ts';
import { ticketWhere } from '../src/modules/tickets/list.where.queries.ts';
import { createTestApp, type TestApp } from './helpers.ts';

// docs/requirements.md §2.9: every contains-search is served by its trigram index. A search whose
// expression drifts from the indexed one (a cast, another separator, a missing coalesce) still returns
// the right rows, only slowly: this EXPLAINs each search of server/src/db/search.ts on the seeded
// database with sequential scans priced out and fails when its index names leave the plan.

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t.close();
});

/**
 * The plan of `query` with sequential scans priced out and, inside a transaction rolled back after,
 * without the tickets' btree indexes: the ticket probes must name their type (the per-type trigram
 * indexes are partial on it), and a (cid, ticket_type, …) btree could otherwise serve that condition
 * in the tiny test database (PostgreSQL 18 skip-scans any of them). The trigram indexes and the
 * primary key stay, and with keepNumberPrefix global search's ticket-number btrees (tickets_<type>_ticket_no_prefix).
 */
async function planOf(query: SQL, keepNumberPrefix = false): Promise<string> {
  let plan = '';
  const rollback = new Error('rollback');
  await t.database.db
    .transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const btrees = rowsOf<{ indexname: string }>(
        await tx.execute(sql`select indexname from pg_indexes where tablename = 'tickets' and indexname not like '%trgm' and indexname <> 'tickets_pkey'`),
      );
      for (const { indexname } of btrees) if (!(keepNumberPrefix && indexname.endsWith('_ticket_no_prefix'))) await tx.execute(sql.raw(`drop index "${indexname}"`));
      // The list search's contact arm (`contact_id = any(…)`) keeps an index of its own, on that column only.
      await tx.execute(sql`create index probe_tickets_contact_idx on tickets (contact_id)`);
      // In the tiny test database reading a type's every row through its partial index and filtering would
      // be the cheapest plan: with fresh statistics and filtering priced up the plan shows which index serves
      // each expression (PGlite and PostgreSQL 15 alike).
      await tx.execute(sql`set local cpu_operator_cost = 1`);
      // A type's number btree could otherwise be read whole, as a list of the type filtered row by row;
      // as a bitmap it shows the condition it serves (the term's prefix range).
      if (keepNumberPrefix) {
        await tx.execute(sql`set local enable_indexscan = off`);
        await tx.execute(sql`set local cpu_operator_cost = 25`);
      }
      await tx.execute(sql`analyze tickets`);
      const res = await tx.execute(sql`explain ${query}`);
      plan = rowsOf<Record<string, string>>(res)
        .map((r) => Object.values(r)[0])
        .join('\n');
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return plan;
}

describe('search expressions use their indexes', () => {
  it.each(SEARCH_INDEXES.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const plan = await planOf(s.probe(1, 'printer'), s.indexes.some((i) => i.endsWith('_ticket_no_prefix')));
    for (const index of s.indexes) expect(plan, plan).toContain(index);
  });

  it('would notice a drifted expression: another separator in the contact text loses contacts_search_trgm', async () => {
    const drifted = sql`(coalesce(${contacts.firstName}, '') || ',' || coalesce(${contacts.lastName}, '') || ' ' || coalesce(${contacts.email}, ''))`;
    const plan = await planOf(sql`select ${contacts.id} from ${contacts} where ${drifted} ilike ${containsPattern('smith')}`);
    expect(plan).not.toContain('contacts_search_trgm');
    expect(plan).toContain('Seq Scan');
  });

  it('would notice a ticket search without its type: the per-type trigram indexes are partial on it', async () => {
    const plan = await planOf(sql`select o.id from tickets o where ${ticketTextMatches('printer', ticketColumnsOf('o'))}`);
    expect(plan).not.toMatch(/tickets_(incident|request)_/);
  });

  it('global search: the newest-tickets window is read index-only from tickets_cid_type_id_search_idx in its own order, never sorted', async () => {
    const plan = await t.database.db.transaction(async (tx) => {
      await tx.execute(sql`set local enable_seqscan = off`);
      const res = await tx.execute(sql`explain ${globalSearchQuery({ cid: 1, contacts: true, jobs: true }, 'printer', 6)}`);
      return rowsOf<Record<string, string>>(res)
        .map((r) => Object.values(r)[0])
        .join('\n');
    });
    // Once per type; its entries carry search_text, so the window is tested without reading the table.
    expect(plan.match(/Index Only Scan using tickets_cid_type_id_search_idx on tickets w(?:_\d+)? /g)?.length, plan).toBe(2);
    expect(plan, plan).not.toMatch(/Sort Key: w(_\d+)?\.id/);
  });

  it('global search, as the prepared statement\'s generic plan: the window is walked index-only in id order behind its fence, tested on search_text before any row is read', async () => {
    // The statement the server prepares (placeholders, not values), planned as PostgreSQL plans it after
    // five runs: without the term. No condition may reach into the window (that would let the planner
    // swap the bounded walk for a bitmap of the whole type), and the search_text test comes before the
    // table is visited for the columns.
    for (const scope of [{ cid: 1, contacts: true, jobs: true }, { cid: 1, contactId: 1, contacts: false, jobs: false }]) {
      const { text, params } = globalSearchStatement(scope, 'printer', 6);
      const plan = await t.database.db.transaction(async (tx) => {
        await tx.execute(sql.raw(`prepare probe_search as ${text}`));
        await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
        await tx.execute(sql`set local enable_seqscan = off`);
        await tx.execute(sql`set local enable_bitmapscan = off`);
        const res = await tx.execute(sql.raw(`explain execute probe_search(${params.map((p) => (p === null ? 'null' : typeof p === 'number' ? String(p) : `'${String(p as string)}'`)).join(', ')})`));
        await tx.execute(sql`deallocate probe_search`);
        return rowsOf<Record<string, string>>(res)
          .map((r) => Object.values(r)[0])
          .join('\n');
      });
      expect(text).toContain('search_text like');
      // Each type's window: a subquery scan whose only filter is search_text, over an index-only scan that
      // carries no condition on the term; the rows that pass are joined to the table in the window's order.
      // (PostgreSQL 15 names an InitPlan's value $n, PGlite's PostgreSQL 17 '(InitPlan n).col1'.)
      const windows = plan.split(/Subquery Scan on w(?:_\d+)? /).slice(1);
      expect(windows.length, plan).toBe(2);
      for (const w of windows) {
        const filter = /Filter: (.*)/.exec(w)?.[1] ?? '';
        expect(filter, plan).toMatch(/^\(w(_\d+)?\.search_text ~~ (\$\d+|\(InitPlan \d+\)\.col1)\)$/);
        const scan = w.slice(w.indexOf('->') + 2).trimStart();
        expect(scan, plan).toMatch(/^Limit/);
        expect(scan.split('->')[1], plan).toMatch(/^\s*Index Only Scan using tickets_cid_type_id_search_idx/);
      }
      expect(plan, plan).not.toMatch(/Sort Key: w(_\d+)?\.id/);
      expect(plan, plan).not.toMatch(/Hash Join/);
      if (scope.contactId !== undefined) expect(plan, plan).toContain('contact_id = $');
    }
  });

  it('global search and the ticket list by ticket number: the number is a prefix range of its type\'s btree, never its digit trigrams', async () => {
    // The fixture's tenants are too small for any index to pay: 20,000 more incidents (rolled back after).
    const rollback = new Error('rollback');
    const plans: string[] = [];
    await t.database.db
      .transaction(async (tx) => {
        const [{ cid, contactId }] = rowsOf<{ cid: number; contactId: number }>(await tx.execute(sql`select cid, id as "contactId" from contacts order by id limit 1`)) as [
          { cid: number; contactId: number },
        ];
        await tx.execute(sql`
          insert into tickets (cid, ticket_no, ticket_type, short_description, contact_id)
          select ${cid}, 'INC-9' || lpad(g::text, 6, '0'), 'Incident', 'Printer jam ' || g, ${contactId} from generate_series(1, 20000) g`);
        await tx.execute(sql`analyze tickets`);
        await tx.execute(sql`set local enable_seqscan = off`);
        // As planOf: only the search's own indexes left, so the plan shows which one serves each arm.
        const btrees = rowsOf<{ indexname: string }>(
          await tx.execute(sql`select indexname from pg_indexes where tablename = 'tickets' and indexname not like '%trgm' and indexname not like '%_ticket_no_prefix' and indexname <> 'tickets_pkey'`),
        );
        for (const { indexname } of btrees) await tx.execute(sql.raw(`drop index "${indexname}"`));
        // The ticket list's search has a contact arm (`contact_id = any(…)`): an index of its own, as in planOf.
        await tx.execute(sql`create index probe_tickets_contact_idx on tickets (contact_id)`);
        const explain = async (query: SQL) =>
          plans.push(
            rowsOf<Record<string, string>>(await tx.execute(sql`explain ${query}`))
              .map((r) => Object.values(r)[0])
              .join('\n'),
          );
        // The search's condition, and its number arm alone (in so small a tenant the planner may read the
        // tenant's whole range of the btree rather than also scan the trigram indexes).
        const numberArm = sql`o.ticket_no like 'INC-900012%'`;
        for (const cond of [ticketSearchTextMatches('Incident', 'INC-900012', 'o'), ticketSearchTextMatches('Incident', 'inc-900012', 'o'), numberArm]) {
          await explain(sql`select o.id from tickets o where o.cid = ${cid} and ${ticketTypeIs('Incident', 'o')} and ${cond}`);
        }
        // The incident list's WHERE for the same term (modules/tickets/list.where.queries.ts). Its five-armed OR,
        // tested row by row on the type's 20,000 rows, is priced as on a real tenant (as planOf does).
        await tx.execute(sql`set local cpu_operator_cost = 25`);
        await explain(sql`select ${tickets.id} from ${tickets} where ${ticketWhere({ cid, ticketType: 'Incident', status: '<ALL>', search: 'INC-900012', criteria: {}, timeZone: 'UTC' })}`);
        throw rollback;
      })
      .catch((err: unknown) => {
        if (err !== rollback) throw err;
      });
    for (const plan of plans) {
      expect(plan, plan).toContain('tickets_incident_ticket_no_prefix');
      expect(plan, plan).not.toContain('tickets_incident_ticket_no_trgm');
    }
    expect(plans[2], plans[2]).toMatch(/tickets_incident_ticket_no_prefix[^]*Index Cond: \(\(cid = \d+\) AND \(\(ticket_no\)::text ~>=~ 'INC-900012'::text\)/);
    // The list's plan reads the term's range, not the type's whole range of the btree filtered row by row.
    expect(plans[3], plans[3]).toMatch(/tickets_incident_ticket_no_prefix[^]*Index Cond: \(\(cid = \d+\) AND \(\(ticket_no\)::text ~>=~ 'INC-900012'::text\)/);
    // The other type's regular numbers cannot contain an incident number: no number arm but the irregular one.
    const { sql: text } = new PgDialect().sqlToQuery(ticketSearchTextMatches('ServiceRequest', 'INC-900012', 'o'));
    expect(text).not.toMatch(/ticket_no like/);
    expect(text).toMatch(/"ticket_no" !~ '\^\(INC\|SR\)-\[0-9\]\+\$' and o\.ticket_no ilike/);
  });

  it('takes LIKE wildcards in the term literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
