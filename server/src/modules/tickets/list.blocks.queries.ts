import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketIdBlocks } from '../../db/schema/index.ts';
import { ticketTypeIs } from '../../db/search.ts';
import { placeholderOf, preparedName, queryRowArrays, shapedStatement, ShapedStatements, type ShapedStatement } from '../../db/shaped-statements.ts';
import type { TicketListFilter, TicketOrder, TicketPageOptions } from './list.types.ts';
import { blindParam } from './list.walk.queries.ts';
import { bindWhere, narrowsBase } from './list.where.queries.ts';

// A deep OFFSET page that skips whole id blocks by their counts (docs/decisions/036-list-offset-blocks.md).

/** From this OFFSET on, a page of a whole list (tenant, type, status) starts by skipping id blocks. */
export const BLOCK_SKIP_FROM = 1000;
/** Ids per block: the migration's `id >> 14`. */
const BLOCK_SIZE = 16_384;
const blockStatements = new ShapedStatements(16);

/**
 * A deep OFFSET page of a list by id that only the tenant, type and status narrow, as a page that starts
 * past the whole id blocks (ticket_id_blocks: 16,384 ids each) holding the rows the OFFSET skips, with the
 * few rows left to skip in the block where the page starts: their counts are summed newest (or oldest)
 * block first, from the table's key order, until they pass the OFFSET. Undefined: any other page, or an
 * OFFSET past the list's end (the plain page then answers it, empty). The counts are kept in the writing
 * transaction (migration 0027), so the page is the plain OFFSET page (list-blocks.test.ts).
 */
export async function startOfOffset(db: Db, f: TicketListFilter, o: TicketOrder, page: TicketPageOptions): Promise<TicketPageOptions | undefined> {
  if (o.sort !== 'id' || page.after || page.walk || page.offset < BLOCK_SKIP_FROM) return undefined;
  if (f.contactId !== undefined || f.assignedContactId !== undefined || f.deviceId !== undefined || narrowsBase(bindWhere(f, {}), true)) return undefined;
  const desc = o.direction === 'desc';
  const statement = blockStatementOf(db, f, o);
  const [row] = await queryRowArrays(db, statement, { cid: f.cid, status: f.status, offset: page.offset });
  if (!row) return undefined;
  const block = Number(row[0]);
  // The keyset of an id page: `id < kid` newest first, `id > kid` oldest first.
  const kid = desc ? (block + 1) * BLOCK_SIZE : block * BLOCK_SIZE - 1;
  if (kid > 2 ** 31 - 1) return undefined;
  return { ...page, offset: page.offset - Number(row[1]), after: { value: kid, id: kid } };
}

/** The block-sum statement of a list's type, direction and status (exported for list-blocks.test.ts). */
export function blockStatementOf(db: Db, f: TicketListFilter, o: TicketOrder): ShapedStatement {
  const desc = o.direction === 'desc';
  const withStatus = f.status !== '<ALL>';
  const key = `${f.ticketType}|${o.direction}|${withStatus}`;
  return blockStatements.get(db, key, () => {
    const dir = sql.raw(desc ? 'desc' : 'asc');
    // The values go in blind (list.walk.queries.ts blindParam), so a custom plan costs what the generic one does and
    // PostgreSQL keeps the generic one: seen, the statement was planned on every deep page (plans = calls).
    const p = blindParam(placeholderOf);
    const query = db
      .select({ block: sql<number>`b.block`, before: sql<number>`b.upto - b.n` })
      .from(
        sql`(select ${ticketIdBlocks.block} as block, sum(${ticketIdBlocks.n})::int as n, (sum(sum(${ticketIdBlocks.n})) over (order by ${ticketIdBlocks.block} ${dir}))::int as upto
          from ${ticketIdBlocks}
          where ${ticketIdBlocks.cid} = ${p('cid')} and ${ticketTypeIs(f.ticketType, '"ticket_id_blocks"')}${withStatus ? sql` and ${ticketIdBlocks.status} = ${p('status')}` : sql``}
          group by ${ticketIdBlocks.block} order by ${ticketIdBlocks.block} ${dir}) b`,
      )
      .where(sql`b.upto > ${p('offset')}`)
      // A LIMIT in the text: as a parameter (drizzle's default) the generic plan is priced for 10 % of the
      // rows and never chosen (docs/decisions/034-list-generic-plans.md).
      .limit(sql.raw('1') as unknown as number);
    return shapedStatement(query, preparedName('tb', key));
  });
}
