import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql, type SQL } from 'drizzle-orm';
import type { TicketCriteria } from '@sc/common';
import type { Database } from '../src/db/client.ts';
import { rowsOf } from '../src/db/ids.ts';
import { tickets } from '../src/db/schema/index.ts';
import { ticketWhere } from '../src/modules/tickets/list.where.queries.ts';
import { openTestDatabase } from './helpers.ts';

// docs/requirements.md §17.6: a list criterion is read from an index that names its column, not tested on
// every entry of a wider range. The plans are those of the lists' WHERE (list.where.queries.ts ticketWhere, which
// the counts and the filtered-first pages share) on a tenant of 20,000 incidents, rolled back after.

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());

async function plansOf(criteria: readonly TicketCriteria[]): Promise<string[]> {
  const plans: string[] = [];
  const rollback = new Error('rollback');
  await database.db
    .transaction(async (tx) => {
      const [first] = rowsOf<{ cid: number; contactId: number }>(await tx.execute(sql`select cid, id as "contactId" from contacts order by id limit 1`));
      const classIds = rowsOf<{ id: number }>(await tx.execute(sql`select id from ticket_classes order by id`)).map((r) => r.id);
      expect(classIds.length, 'the seed has ticket classes').toBeGreaterThan(1);
      const { cid, contactId } = first!;
      // Three years of incidents, the classes spread evenly.
      await tx.execute(sql`
        insert into tickets (cid, ticket_no, ticket_type, short_description, contact_id, class_id, open_date)
        select ${cid}, 'INC-8' || lpad(g::text, 6, '0'), 'Incident', 'Class probe ' || g, ${contactId},
               (${sql.raw(`array[${classIds.join(',')}]`)})[1 + g % ${classIds.length}], now() - (g || ' hours')::interval
        from generate_series(1, 20000) g`);
      await tx.execute(sql`analyze tickets`);
      for (const c of criteria) {
        const where: SQL = ticketWhere({ cid, ticketType: 'Incident', status: '<ALL>', criteria: { ...c, ...(c.classId !== undefined ? { classId: classIds[1]! } : {}) }, timeZone: 'UTC' });
        const res = await tx.execute(sql`explain select ${tickets.id} from ${tickets} where ${where}`);
        plans.push(
          rowsOf<Record<string, string>>(res)
            .map((r) => Object.values(r)[0])
            .join('\n'),
        );
      }
      throw rollback;
    })
    .catch((err: unknown) => {
      if (err !== rollback) throw err;
    });
  return plans;
}

describe('list criteria read their own index', () => {
  it('the class, alone or with an open-date range, is an index condition of tickets_cid_type_class_open_idx', async () => {
    const today = new Date();
    const daysAgo = (n: number) => new Date(today.getTime() - n * 86_400_000).toISOString().slice(0, 10);
    const plans = await plansOf([{ classId: 1 }, { classId: 1, openDateFrom: daysAgo(300), openDateTo: daysAgo(120) }]);
    for (const plan of plans) {
      expect(plan, plan).toMatch(/tickets_cid_type_class_open_idx[^]*Index Cond: \(\(cid = \d+\) AND \(\(?ticket_type\)?(::text)? = 'Incident'::text\) AND \(class_id = \d+\)/);
    }
    // The range is part of the same index condition, not a filter over the class's every row.
    expect(plans[1], plans[1]).toMatch(/Index Cond: [^\n]*class_id = \d+\) AND \(open_date >= /);
  });
});
