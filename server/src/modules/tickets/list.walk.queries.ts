import { and, sql, type SQL } from 'drizzle-orm';
import type { TicketSortKey } from '@sc/common';
import { tickets } from '../../db/schema/index.ts';
import type { ParamOf } from '../../db/shaped-statements.ts';
import { keysetCondition, orderBy } from './list.order.queries.ts';
import type { PageShape, TicketOrder } from './list.types.ts';
import { WHERE_PARAM_TYPES, whereSql } from './list.where.queries.ts';

// A list page walked in its sort's order (docs/decisions/035-list-walk.md).

/**
 * The sorts a page can be walked in: those a (cid, ticket_type, column, id) index reads in order. The
 * priority only by its id (priorityIdsFollowLevels), not by the joined level.
 */
export const WALK_SORTS: ReadonlySet<TicketSortKey> = new Set(['id', 'status', 'shortDescription', 'severity', 'priority', 'openDate', 'requestedStartDate', 'assignedToName']);
export const walkableSort = (o: TicketOrder, priorityById: boolean): boolean => WALK_SORTS.has(o.sort) && (o.sort !== 'priority' || priorityById);

/**
 * The ids of a walked list page: the first WALK_WINDOW rows of the list's base (list.where.queries.ts inBase) in
 * the page's order, read from the sort's index, each tested on the rest of the filter (the status for
 * sorts other than id, the search, the criteria). When the matches are common the page fills after a
 * few dozen or hundred rows, where filtering first visits every match (a contact's name at 50,000
 * incidents: ≈ 1,250 heap rows, 5 ms) and where a status sort's plan had to be made afresh for each
 * request (≈ 1 ms of planning for 0.2 ms of execution).
 *
 * The window is a LIMITed subquery, a fence no condition is pushed into. Its LIMIT is a parameter, which
 * a generic plan prices at a tenth of the rows: so the prepared statement's plan too walks the index in
 * order and stops when the page is full (a number above an average tenant's size made it sort the
 * whole tenant instead). Only if the window holds fewer matches than the page needs does the second
 * branch run: the whole filter as an unwalked page fetches it, less the window's matches, which all come
 * before it in the order. The Append reads its branches in order, so the page is exact whatever the
 * window holds; the counts that choose a walk (list.service.ts) only decide what it costs.
 */
export const WALK_WINDOW = 5000;
const WALK_PARAM_TYPES: Readonly<Record<string, string>> = { ...WHERE_PARAM_TYPES, walk: 'int', limit: 'int', offset: 'int', kid: 'int', kv: 'text' };
/**
 * Every value of a walked page goes in as `(select $n::type)`, an InitPlan whose value no plan looks at:
 * the custom plans of the statement's first runs then cost what its generic plan costs, and PostgreSQL
 * keeps the generic one instead of planning each run afresh (≈ 1 ms). Seen, a tenant's size or a date
 * made a custom plan cheaper on paper, so every run was planned; and the window's LIMIT of 5,000 above
 * an average tenant's 2,700 tickets made the custom plans sort the whole tenant (50 ms at 50,000).
 */
export const blindParam =
  (p: ParamOf): ParamOf =>
  (name) => {
    const type = WALK_PARAM_TYPES[name];
    if (type === undefined) throw new Error(`walked page: no SQL type for parameter ${name}`);
    return sql`(select ${p(name)}::${sql.raw(type)})`;
  };
export function walkedIds(s: PageShape, p0: ParamOf): SQL {
  const p = blindParam(p0);
  const statusInBase = s.order.sort === 'id';
  const base = whereSql(s.where, p, 'base', statusInBase)!;
  const window = s.after ? and(base, keysetCondition(s.order, p))! : base;
  const rest = whereSql(s.where, p, 'rest', statusInBase)!;
  const all = whereSql(s.where, p)!;
  const inOrder = sql.join(orderBy(s.order, { priorityById: s.priorityById }), sql`, `);
  const filteredOrder = sql.join(orderBy(s.order, { priorityById: s.priorityById, filterFirst: true }), sql`, `);
  const limit = s.limit === undefined ? p('limit') : sql.raw(String(s.limit));
  // Each branch may have to supply the whole OFFSET too.
  const need = s.offset ? sql`(${limit} + ${p('offset')})` : limit;
  return sql`(with walked as materialized (
        select ${tickets.id} from (select * from ${tickets} where ${window} order by ${inOrder} limit ${p('walk')}) ${tickets}
        where ${rest} order by ${inOrder} limit ${need})
      select w.id from (
        (select walked.id from walked)
        union all
        (select ${tickets.id} from ${tickets} where ${s.after ? and(all, keysetCondition(s.order, p)) : all} and ${tickets.id} not in (select walked.id from walked)
          order by ${filteredOrder} limit ${need})) w
      limit ${limit}${s.offset ? sql` offset ${p('offset')}` : sql``})`;
}
