import { and, eq, inArray, sql } from 'drizzle-orm';
import { PAGE_SIZES, type TicketType } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, ticketClasses, ticketPriorities, ticketSubclasses, tickets, type TicketStatus } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/ids.ts';
import { placeholderOf, preparedName, queryRowArrays, shapedStatement, ShapedStatements, valueOf, type ParamOf, type Params, type ShapedStatement } from '../../db/shaped-statements.ts';
import { startOfOffset } from './list.blocks.queries.ts';
import { bindKeyset, keysetCondition, orderBy } from './list.order.queries.ts';
import { blindParam, walkableSort, walkedIds, WALK_WINDOW } from './list.walk.queries.ts';
import { bindWhere, narrowsBase, searchesOwnNumber, ticketWhere, whereKey, whereSql } from './list.where.queries.ts';
import type { PageShape, TicketListFilter, TicketOrder, TicketPageOptions } from './list.types.ts';
import { lookupNamesOf, type LookupNames } from './lookup-names.queries.ts';

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
  const ranged = !!(c.openDateFrom || c.openDateTo || c.requestedStartFrom || c.requestedStartTo);
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
    // A walked page's plan is the walk whatever the values, an open-date range that ended is read from its
    // index and sorted whatever its length, and a filtered-first search of the list type's own ticket
    // number is a prefix range (searchesOwnNumber): all three are named too.
    named:
      walk ||
      (filterFirst && searchesOwnNumber(where) && !ranged) ||
      (!f.search && !c.requestedStartFrom && !c.requestedStartTo && (!ranged || (filterFirst && o.sort === 'id'))),
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

/** The capped count's statement of a WHERE shape and this filter's values for it (exported for the generated SQL files). */
export function countStatement(db: Db, f: TicketListFilter, cap: number): { statement: ShapedStatement; params: Params } {
  const params: Params = { cap: cap + 1 };
  const where = bindWhere(f, params);
  const statement = countStatements.get(db, whereKey(where), () => {
    const capped = db.select({ one: sql`1` }).from(tickets).where(whereSql(where, placeholderOf)).limit(placeholderOf('cap') as number).as('capped');
    return shapedStatement(db.select({ n: sql<number>`count(*)::int` }).from(capped));
  });
  return { statement, params };
}

/** Matching rows, counted up to `cap` + 1 (an index-only scan that stops early); built once per WHERE shape. */
export async function countTickets(db: Db, f: TicketListFilter, cap: number): Promise<number> {
  const { statement, params } = countStatement(db, f, cap);
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
