import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import { PAGE_SIZES, type TicketSortKey } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, ticketClasses, ticketIdBlocks, ticketPriorities, ticketSubclasses, tickets, type TicketStatus, type TicketType } from '../../db/schema/index.ts';
import { ticketTypeIs } from '../../db/search.ts';
import { rowsOf } from '../../db/ids.ts';
import { placeholderOf, preparedName, queryRowArrays, shapedStatement, ShapedStatements, valueOf, type ParamOf, type Params, type ShapedStatement } from '../../db/shaped-statements.ts';
import { bindWhere, narrowsBase, ticketWhere, WHERE_PARAM_TYPES, whereKey, whereSql, type TicketListFilter, type WhereShape } from './list.where.ts';
import { lookupNamesOf, type LookupNames } from './lookup-names.queries.ts';

export interface TicketOrder {
  sort: TicketSortKey;
  direction: 'asc' | 'desc';
}

/** Where a keyset page starts: the sort value and id of the previous page's last row. */
export interface TicketKeyset {
  value: string | number;
  id: number;
}

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
function orderBy(o: TicketOrder, opts: { filterFirst?: boolean; outer?: boolean; priorityById?: boolean } = {}): SQL[] {
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
function bindKeyset(o: TicketOrder, k: TicketKeyset, out: Params): void {
  const cast = keysetCast(o);
  out.kid = Number(k.id);
  if (o.sort !== 'id') out.kv = cast.value(k.value);
}

function keysetCondition(o: TicketOrder, p: ParamOf): SQL {
  const type = sql.raw(keysetCast(o).type);
  const cmp = sql.raw(o.direction === 'asc' ? '>' : '<');
  if (o.sort === 'id') return sql`${tickets.id} ${cmp} ${p('kid')}::${type}`;
  return sql`(${SORT_COLUMNS[o.sort]}, ${tickets.id}) ${cmp} (${p('kv')}::${type}, ${p('kid')}::int)`;
}

/** The columns of a list row, joined for the page's rows only. */
const rowColumns = {
  id: tickets.id,
  ticketNo: tickets.ticketNo,
  ticketType: tickets.ticketType,
  status: tickets.status,
  assignedToName: tickets.assignedToName,
  shortDescription: tickets.shortDescription,
  description: tickets.description,
  priorityId: tickets.priorityId,
  severityShort: tickets.severityShort,
  openDate: tickets.openDate,
  classId: tickets.classId,
  subclassId: tickets.subclassId,
  targetName: tickets.targetName,
  targetContactId: tickets.targetContactId,
  cid: tickets.cid,
  contactId: tickets.contactId,
  contactName: sql<string>`${contacts.firstName} || ' ' || ${contacts.lastName}`,
  isVip: tickets.isVip,
  requestedStartDate: tickets.requestedStartDate,
  requestedEndDate: tickets.requestedEndDate,
  assignedStaffId: tickets.assignedStaffId,
  assignedContactId: tickets.assignedContactId,
  reassignmentTemplateId: tickets.reassignmentTemplateId,
};
const incidentRowColumns = { ...rowColumns, description: sql<string | null>`null::text` };
/** A row as selectTicketPage returns it (dates are Date objects from both drivers). */
export interface TicketListRecord {
  id: number;
  ticketNo: string;
  ticketType: TicketType;
  status: TicketStatus;
  assignedToName: string | null;
  shortDescription: string;
  description: string | null;
  priorityId: number | null;
  priorityName: string | null;
  severityShort: string | null;
  severityName: string | null;
  openDate: Date;
  className: string | null;
  subclassName: string | null;
  targetName: string | null;
  targetContactId: number | null;
  cid: number;
  contactId: number;
  contactName: string;
  isVip: boolean;
  requestedStartDate: Date | null;
  requestedEndDate: Date | null;
  assignedStaffId: number | null;
  assignedContactId: number | null;
  reassignmentTemplateId: number | null;
}

/** The row columns in SELECT order: a statement's array rows are read by these positions. */
const AT = Object.fromEntries(Object.keys(rowColumns).map((k, i) => [k, i])) as Record<keyof typeof rowColumns, number>;

/** A page row from the driver's array (rowColumns order), with the lookups' names filled in. */
function recordOf(a: unknown[], names: LookupNames): TicketListRecord {
  const priorityId = a[AT.priorityId] as number | null;
  const severityShort = a[AT.severityShort] as string | null;
  const classId = a[AT.classId] as number | null;
  const subclassId = a[AT.subclassId] as number | null;
  return {
    id: a[AT.id] as number,
    ticketNo: a[AT.ticketNo] as string,
    ticketType: a[AT.ticketType] as TicketType,
    status: a[AT.status] as TicketStatus,
    assignedToName: a[AT.assignedToName] as string | null,
    shortDescription: a[AT.shortDescription] as string,
    description: a[AT.description] as string | null,
    priorityId,
    priorityName: priorityId === null ? null : (names.priorities.get(priorityId) ?? null),
    severityShort,
    severityName: severityShort === null ? null : (names.severities.get(severityShort) ?? null),
    openDate: a[AT.openDate] as Date,
    className: classId === null ? null : (names.classes.get(classId) ?? null),
    subclassName: subclassId === null ? null : (names.subclasses.get(subclassId) ?? null),
    targetName: a[AT.targetName] as string | null,
    targetContactId: a[AT.targetContactId] as number | null,
    cid: a[AT.cid] as number,
    contactId: a[AT.contactId] as number,
    contactName: a[AT.contactName] as string,
    isVip: a[AT.isVip] as boolean,
    requestedStartDate: a[AT.requestedStartDate] as Date | null,
    requestedEndDate: a[AT.requestedEndDate] as Date | null,
    assignedStaffId: a[AT.assignedStaffId] as number | null,
    assignedContactId: a[AT.assignedContactId] as number | null,
    reassignmentTemplateId: a[AT.reassignmentTemplateId] as number | null,
  };
}

const needsLookup = (o: TicketOrder, key: 'priority' | 'class' | 'subclass'): boolean => o.sort === key;

export interface TicketPageOptions {
  limit: number;
  offset: number;
  after?: TicketKeyset;
  filterFirst?: boolean;
  /** Walk the base list in the sort's order, testing the rest row by row (see walkedIds); WALK_SORTS only. */
  walk?: boolean;
  /** The walk's window (WALK_WINDOW; tests make it small to reach the second branch). */
  walkWindow?: number;
}

/** Everything that changes the page query's SQL text (never a value: values are parameters). */
interface PageShape {
  ticketType: TicketType;
  where: WhereShape;
  order: TicketOrder;
  after: boolean;
  /** drizzle leaves out `offset` when it is 0: an OFFSET page is its own shape. */
  offset: boolean;
  /** The page's LIMIT written into the SQL (LITERAL_LIMITS), or undefined: a parameter. */
  limit: number | undefined;
  filterFirst: boolean;
  walk: boolean;
  priorityById: boolean;
  /** Only lists without a search or a date range are named statements (see selectTicketPage). */
  named: boolean;
}

/**
 * An open-date range that ends days ago: walking the id index from the newest ticket would first pass every
 * ticket opened since (ids follow opening: 8,840 rows read for an 11-row page of January–June at 1 M
 * tickets, 6 ms), while the range's own index entries are few; the page is then filtered first and sorted.
 * A range reaching today keeps the walk, which meets its newest matches at once.
 */
function endsInThePast(to: string | undefined): boolean {
  if (to === undefined) return false;
  const at = Date.parse(/^\d{4}-\d{2}-\d{2}$/.test(to) ? `${to}T00:00:00Z` : to);
  return Number.isFinite(at) && at < Date.now() - 2 * 86_400_000;
}

/**
 * The limits of the standard page sizes (one more row than shown, to learn whether there is a next page),
 * written into the SQL as numbers. A LIMIT that is a parameter makes PostgreSQL plan a generic plan for
 * 10 % of the rows, which always cost more than a custom plan for 11: every named page statement was then
 * planned on each run (≈ 1 ms, pg_stat_statements; plans = calls). With the number in the text the
 * generic plan is the custom one and is kept after five runs (docs/decisions/034-list-generic-plans.md).
 */
const LITERAL_LIMITS: ReadonlySet<number> = new Set(PAGE_SIZES.map((n) => n + 1));

/** The page's shape, its values going into `out`. */
function bindPage(f: TicketListFilter, o: TicketOrder, page: TicketPageOptions, priorityById: boolean, out: Params): PageShape {
  const where = bindWhere(f, out);
  const literalLimit = LITERAL_LIMITS.has(page.limit) ? page.limit : undefined;
  if (literalLimit === undefined) out.limit = page.limit;
  if (page.after) bindKeyset(o, page.after, out);
  // Both only from a deep page's block skip (startOfOffset): a cursor page asks for no offset.
  if (page.offset > 0) out.offset = page.offset;
  const c = f.criteria;
  const walk = !!page.walk && walkableSort(o, priorityById) && narrowsBase(where, o.sort === 'id');
  if (walk) out.walk = page.walkWindow ?? WALK_WINDOW;
  const filterFirst = !walk && (page.filterFirst ?? (!!f.search || endsInThePast(c.openDateTo)));
  return {
    ticketType: f.ticketType,
    where,
    order: o,
    after: !!page.after,
    offset: page.offset > 0,
    limit: literalLimit,
    filterFirst,
    walk,
    priorityById,
    // A walked page's plan is the walk whatever the values, and an open-date range that ended is read
    // from its index and sorted whatever its length: both are named too.
    named: walk || (!f.search && !c.requestedStartFrom && !c.requestedStartTo && ((!c.openDateFrom && !c.openDateTo) || (filterFirst && o.sort === 'id'))),
  };
}

/** The statement cache key of a page shape: two shapes with one key build one SQL text (list-shape-key.test.ts). */
const pageKey = (s: PageShape): string =>
  [
    s.ticketType,
    whereKey(s.where),
    s.order.sort,
    s.order.direction,
    (s.after ? 'k' : '') + (s.offset ? 'o' : ''),
    s.limit === undefined ? 'L' : String(s.limit),
    s.filterFirst ? 'f' : s.walk ? 'w' : '',
    s.priorityById ? 'p' : '',
  ].join('|');

/** The shape key of a page query (exported for the shape-key test). */
export function shapeKey(f: TicketListFilter, o: TicketOrder, page: TicketPageOptions, priorityById: boolean): string {
  return pageKey(bindPage(f, o, page, priorityById, {}));
}

/**
 * The page query of a shape: the ids are chosen first by an id-only query (index-only scans over the
 * (cid, ticket_type, …, id) indexes, so a deep OFFSET skips index entries, not heap rows), then only
 * those rows are joined to their contact. `p` gives each value or its placeholder.
 */
function pageQuery(db: Db, s: PageShape, p: ParamOf) {
  const o = s.order;
  let inner = db.select({ id: tickets.id }).from(tickets).$dynamic();
  if (needsLookup(o, 'priority') && !s.priorityById) inner = inner.leftJoin(ticketPriorities, eq(ticketPriorities.id, tickets.priorityId));
  if (needsLookup(o, 'class')) inner = inner.leftJoin(ticketClasses, eq(ticketClasses.id, tickets.classId));
  if (needsLookup(o, 'subclass')) inner = inner.leftJoin(ticketSubclasses, eq(ticketSubclasses.id, tickets.subclassId));
  const where = whereSql(s.where, p)!;
  let ids = s.walk ? undefined : inner
    // A block skip's start (startOfOffset) goes in blind, as a walk's values do: seen, the custom plan of
    // each start was cheaper on paper than the generic one, so every deep page was planned afresh.
    .where(s.after ? and(where, keysetCondition(o, s.offset ? blindParam(p) : p)) : where)
    .orderBy(...orderBy(o, { filterFirst: s.filterFirst, priorityById: s.priorityById }))
    // drizzle takes a number or a placeholder (p gives one or the other) and binds either as a parameter;
    // a raw SQL number it writes into the text.
    .limit(s.limit === undefined ? (p('limit') as number) : (sql.raw(String(s.limit)) as unknown as number));
  if (ids && s.offset) ids = ids.offset(p('offset') as number);

  // Only the columns the page shows: an incident row has no description (the response schema dropped it).
  return db
    .select(s.ticketType === 'Incident' ? incidentRowColumns : rowColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    // The cid again: the outer rows are the tenant's even if the inner query were ever changed.
    .where(and(eq(tickets.cid, p('cid') as number), inArray(tickets.id, ids ?? walkedIds(s, p))))
    .orderBy(...orderBy(o, { outer: true }));
}

/**
 * The sorts a page can be walked in: those a (cid, ticket_type, column, id) index reads in order. The
 * priority only by its id (priorityIdsFollowLevels), not by the joined level.
 */
export const WALK_SORTS: ReadonlySet<TicketSortKey> = new Set(['id', 'status', 'shortDescription', 'severity', 'priority', 'openDate', 'requestedStartDate', 'assignedToName']);
const walkableSort = (o: TicketOrder, priorityById: boolean): boolean => WALK_SORTS.has(o.sort) && (o.sort !== 'priority' || priorityById);

/**
 * The ids of a walked list page: the first WALK_WINDOW rows of the list's base (list.where.ts inBase) in
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
const blindParam =
  (p: ParamOf): ParamOf =>
  (name) => {
    const type = WALK_PARAM_TYPES[name];
    if (type === undefined) throw new Error(`walked page: no SQL type for parameter ${name}`);
    return sql`(select ${p(name)}::${sql.raw(type)})`;
  };
function walkedIds(s: PageShape, p0: ParamOf): SQL {
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

/** The page query with this request's values in it (the shape-key test compares it with the statement). */
export function ticketPageQuery(db: Db, f: TicketListFilter, o: TicketOrder, page: TicketPageOptions, priorityById: boolean) {
  const params: Params = {};
  return pageQuery(db, bindPage(f, o, page, priorityById, params), valueOf(params));
}

const pageStatements = new ShapedStatements();

/** The statement of a page shape and this request's values for it (exported for the shape-key test). */
export function ticketPageStatement(db: Db, f: TicketListFilter, o: TicketOrder, page: TicketPageOptions, priorityById: boolean): { statement: ShapedStatement; params: Params } {
  const params: Params = {};
  const shape = bindPage(f, o, page, priorityById, params);
  const key = pageKey(shape);
  // Only lists without a search or a date range are named: their plan does not depend on the values
  // (tenant, type, status, ids: index scans whichever they are). A search term's or a range's
  // selectivity does, and a generic plan for 'printer' cost 3× the custom one.
  const statement = pageStatements.get(db, key, () => shapedStatement(pageQuery(db, shape, placeholderOf), shape.named ? statementName(key) : undefined));
  return { statement, params };
}

/**
 * One page of tickets. The SQL of its shape is built once (db/shaped-statements.ts); a request only
 * binds its values and reads the driver's rows. `limit` should be pageSize + 1 to learn hasNextPage.
 */
export async function selectTicketPage(db: Db, f: TicketListFilter, o: TicketOrder, page: TicketPageOptions): Promise<TicketListRecord[]> {
  // Usually already in memory; the priority sort needs it before the query is built.
  const [names, start] = await Promise.all([lookupNamesOf(db), startOfOffset(db, f, o, page)]);
  const { statement, params } = ticketPageStatement(db, f, o, start ?? page, names.priorityIdsFollowLevels);
  const rows = await queryRowArrays(db, statement, params);
  return rows.map((a) => recordOf(a, names));
}

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
  const withStatus = f.status !== '<ALL>';
  const statement = blockStatements.get(db, `${f.ticketType}|${o.direction}|${withStatus}`, () => {
    const dir = sql.raw(desc ? 'desc' : 'asc');
    const query = db
      .select({ block: sql<number>`b.block`, before: sql<number>`b.upto - b.n` })
      .from(
        sql`(select ${ticketIdBlocks.block} as block, sum(${ticketIdBlocks.n})::int as n, (sum(sum(${ticketIdBlocks.n})) over (order by ${ticketIdBlocks.block} ${dir}))::int as upto
          from ${ticketIdBlocks}
          where ${ticketIdBlocks.cid} = ${placeholderOf('cid')} and ${ticketTypeIs(f.ticketType, '"ticket_id_blocks"')}${withStatus ? sql` and ${ticketIdBlocks.status} = ${placeholderOf('status')}` : sql``}
          group by ${ticketIdBlocks.block} order by ${ticketIdBlocks.block} ${dir}) b`,
      )
      .where(sql`b.upto > ${placeholderOf('offset')}`)
      .limit(1);
    return shapedStatement(query, preparedName('tb', `${f.ticketType}|${o.direction}|${withStatus}`));
  });
  const [row] = await queryRowArrays(db, statement, { cid: f.cid, status: f.status, offset: page.offset });
  if (!row) return undefined;
  const block = Number(row[0]);
  // The keyset of an id page: `id < kid` newest first, `id > kid` oldest first.
  const kid = desc ? (block + 1) * BLOCK_SIZE : block * BLOCK_SIZE - 1;
  if (kid > 2 ** 31 - 1) return undefined;
  return { ...page, offset: page.offset - Number(row[1]), after: { value: kid, id: kid } };
}

/**
 * A named statement per shape: node-postgres then parses it once per connection, and PostgreSQL may
 * switch to a generic plan after five runs instead of planning every page. Each name stays prepared
 * on every pooled connection for its lifetime, so only the first MAX_NAMED_STATEMENTS shapes (sort ×
 * direction × which criteria: the common ones come first) are named; others run unnamed.
 */
const MAX_NAMED_STATEMENTS = 100;
const statementNames = new Map<string, string>();
function statementName(key: string): string | undefined {
  let name = statementNames.get(key);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = preparedName('tl', key);
    statementNames.set(key, name);
  }
  return name;
}

/** The sort value of a row, as a cursor carries it. */
export function keysetValueOf(o: TicketOrder, r: TicketListRecord): string | number {
  switch (o.sort) {
    case 'ticketNo':
      return r.ticketNo;
    case 'status':
      return r.status;
    case 'shortDescription':
      return r.shortDescription;
    case 'openDate':
      return r.openDate.toISOString();
    default:
      return r.id;
  }
}

const countStatements = new ShapedStatements();

/** Matching rows, counted up to `cap` + 1 (an index-only scan that stops early); built once per WHERE shape. */
export async function countTickets(db: Db, f: TicketListFilter, cap: number): Promise<number> {
  const params: Params = { cap: cap + 1 };
  const where = bindWhere(f, params);
  const statement = countStatements.get(db, whereKey(where), () => {
    const capped = db.select({ one: sql`1` }).from(tickets).where(whereSql(where, placeholderOf)).limit(placeholderOf('cap') as number).as('capped');
    return shapedStatement(db.select({ n: sql<number>`count(*)::int` }).from(capped));
  });
  const [row] = await queryRowArrays(db, statement, params);
  return Number(row?.[0] ?? 0);
}

/** The planner's row estimate of the list's WHERE (used only above the exact-count bound). */
export async function estimateTickets(db: Db, f: TicketListFilter): Promise<number> {
  const res = await db.execute(sql`explain (format json) select 1 from ${tickets} where ${ticketWhere(f)}`);
  const [row] = rowsOf<Record<string, unknown>>(res);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}
