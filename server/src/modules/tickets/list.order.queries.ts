import { asc, desc, sql, type SQL } from 'drizzle-orm';
import type { TicketSortKey } from '@sc/common';
import { ticketClasses, ticketPriorities, ticketSubclasses, tickets } from '../../db/schema/index.ts';
import type { ParamOf, Params } from '../../db/shaped-statements.ts';
import type { TicketKeyset, TicketOrder } from './list.types.ts';

// The order of the ticket lists: each sort's ORDER BY key and the keyset a cursor page starts from
// (requirements §2.1). Used by the page query (list.queries.ts) and the walk (list.walk.queries.ts).

/** The ORDER BY key of each sort; priority, class and subclass need their lookup joined. */
const SORT_COLUMNS: Record<TicketSortKey, SQL> = {
  id: sql`${tickets.id}`,
  ticketNo: sql`${tickets.ticketNo}`,
  status: sql`${tickets.status}`,
  assignedToName: sql`${tickets.assignedToName}`,
  shortDescription: sql`${tickets.shortDescription}`,
  priority: sql`${ticketPriorities.level}`,
  severity: sql`${tickets.severityShort}`,
  openDate: sql`${tickets.openDate}`,
  class: sql`${ticketClasses.name}`,
  subclass: sql`${ticketSubclasses.name}`,
  targetName: sql`${tickets.targetName}`,
  requestedStartDate: sql`${tickets.requestedStartDate}`,
  requestedEndDate: sql`${tickets.requestedEndDate}`,
};

/** Casts of a cursor value back to the column type (keyset sorts only), and the value as it is sent. */
const KEYSET_CASTS: Partial<Record<TicketSortKey, { type: string; value: (v: string | number) => string | number }>> = {
  id: { type: 'int', value: Number },
  ticketNo: { type: 'varchar', value: String },
  status: { type: 'varchar', value: String },
  shortDescription: { type: 'varchar', value: String },
  openDate: { type: 'timestamptz', value: String },
};

/**
 * `filterFirst` writes the id key as `id + 0`, so no index can supply the order: the planner filters
 * first (the trigram bitmaps), then sorts the matches. The list asks for it when a search matches few
 * rows: walking the primary key backwards hoping to meet them early cost 358 ms at 1 M tickets for a
 * term the tenant does not have. For a common term, walking in id order finds a page at once.
 * `priorityById` sorts by priority_id instead of the joined level (see priorityIdsFollowLevels).
 */
export function orderBy(o: TicketOrder, opts: { filterFirst?: boolean; outer?: boolean; priorityById?: boolean } = {}): SQL[] {
  const dir = o.direction === 'asc' ? asc : desc;
  if (o.sort !== 'id') {
    const key =
      (opts.outer ? OUTER_SORT_COLUMNS[o.sort] : undefined) ?? (opts.priorityById && o.sort === 'priority' ? sql`${tickets.priorityId}` : SORT_COLUMNS[o.sort]);
    // The tie-breaker keeps the default NULLS placement: it matches the ascending id column that ends
    // the (cid, ticket_type, column, id) sort indexes, read forwards or backwards.
    return [dir(key), dir(tickets.id)];
  }
  const id = opts.filterFirst ? sql`${tickets.id} + 0` : sql`${tickets.id}`;
  // The id-ordered list indexes hold `id DESC NULLS LAST` (drizzle-kit's .desc()), and PostgreSQL
  // matches an index to an ORDER BY including the NULLS placement, whatever NOT NULL says: plain
  // `id desc` means NULLS FIRST, so no (cid, ticket_type, …, id) index could supply the order and
  // every page read all the tenant's entries and sorted them (page 1,500 ≈ 27 ms → 8 ms). id is never
  // null, so naming the index's placement (and its mirror for ascending) changes nothing but the plan.
  return [o.direction === 'asc' ? sql`${id} asc nulls first` : sql`${id} desc nulls last`];
}

/** The page's own rows are ordered without joining the lookups: a keyed subselect per row (a page is at most 51 rows). */
const OUTER_SORT_COLUMNS: Partial<Record<TicketSortKey, SQL>> = {
  priority: sql`(select ${ticketPriorities.level} from ${ticketPriorities} where ${ticketPriorities.id} = ${tickets.priorityId})`,
  class: sql`(select ${ticketClasses.name} from ${ticketClasses} where ${ticketClasses.id} = ${tickets.classId})`,
  subclass: sql`(select ${ticketSubclasses.name} from ${ticketSubclasses} where ${ticketSubclasses.id} = ${tickets.subclassId})`,
};

const keysetCast = (o: TicketOrder) => {
  const cast = KEYSET_CASTS[o.sort];
  if (!cast) throw new Error(`sort ${o.sort} has no keyset`);
  return cast;
};

/** The values of a keyset condition: the previous page's last sort value (`kv`) and id (`kid`). */
export function bindKeyset(o: TicketOrder, k: TicketKeyset, out: Params): void {
  const cast = keysetCast(o);
  out.kid = Number(k.id);
  if (o.sort !== 'id') out.kv = cast.value(k.value);
}

export function keysetCondition(o: TicketOrder, p: ParamOf): SQL {
  const type = sql.raw(keysetCast(o).type);
  const cmp = sql.raw(o.direction === 'asc' ? '>' : '<');
  if (o.sort === 'id') return sql`${tickets.id} ${cmp} ${p('kid')}::${type}`;
  return sql`(${SORT_COLUMNS[o.sort]}, ${tickets.id}) ${cmp} (${p('kv')}::${type}, ${p('kid')}::int)`;
}
