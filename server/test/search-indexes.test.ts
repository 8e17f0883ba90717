import { sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rowsOf } from '../src/db/ids.ts';
import { contacts } from '../src/db/schema/index.ts';
import { containsPattern, SEARCH_INDEXES } from '../src/db/search.ts';
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

async function planOf(query: SQL): Promise<string> {
  return t.database.db.transaction(async (tx) => {
    await tx.execute(sql`set local enable_seqscan = off`);
    const res = await tx.execute(sql`explain ${query}`);
    return rowsOf<Record<string, string>>(res)
      .map((r) => Object.values(r)[0])
      .join('\n');
  });
}

describe('search expressions use their indexes', () => {
  it.each(SEARCH_INDEXES.map((s) => [s.name, s] as const))('%s', async (_name, s) => {
    const plan = await planOf(s.probe(1, 'printer'));
    for (const index of s.indexes) expect(plan, plan).toContain(index);
  });

  it('would notice a drifted expression: another separator in the contact text loses contacts_search_trgm', async () => {
    const drifted = sql`(coalesce(${contacts.firstName}, '') || ',' || coalesce(${contacts.lastName}, '') || ' ' || coalesce(${contacts.email}, ''))`;
    const plan = await planOf(sql`select ${contacts.id} from ${contacts} where ${drifted} ilike ${containsPattern('smith')}`);
    expect(plan).not.toContain('contacts_search_trgm');
    expect(plan).toContain('Seq Scan');
  });

  it('takes LIKE wildcards in the term literally', () => {
    expect(containsPattern('50%_off\\')).toBe('%50\\%\\_off\\\\%');
  });
});
