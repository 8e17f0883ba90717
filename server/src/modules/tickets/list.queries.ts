import { createHash } from 'node:crypto';
import { and, asc, desc, eq, inArray, sql, type SQL } from 'drizzle-orm';
import type { TicketCriteria, TicketSortKey, TicketStatusFilter } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, ticketClasses, ticketPriorities, ticketSeverities, ticketSubclasses, tickets, type TicketStatus, type TicketType } from '../../db/schema/index.ts';
import { rowsOf } from '../../db/ids.ts';
import { ticketListMatches, ticketTypeIs } from '../../db/search.ts';

/** What a list or export selects: built by the service from the scope and the validated query. */
export interface TicketListFilter {
  cid: number;
  ticketType: TicketType;
  /** Only this contact's tickets (a User always; anyone with mine=true). */
  contactId?: number;
  /** Only tickets assigned to this contact (assigned=me: the caller's HD-shared-operator assignments). */
  assignedContactId?: number;
  /** Only this device's tickets (the bridged 'Service Requests by DeviceID', requirements §16.3). */
  deviceId?: number;
  status: TicketStatusFilter;
  search?: string;
  criteria: TicketCriteria;
  /** IANA zone in which bare dates (YYYY-MM-DD) of the criteria are read. */
  timeZone: string;
}

export interface TicketOrder {
  sort: TicketSortKey;
  direction: 'asc' | 'desc';
}

/** Where a keyset page starts: the sort value and id of the previous page's last row. */
export interface TicketKeyset {
  value: string | number;
  id: number;
}

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/** Inclusive range of a timestamp column; a bare day covers the whole day in `tz`. */
function dateRange(col: SQL | typeof tickets.openDate, from: string | undefined, to: string | undefined, tz: string): SQL[] {
  const out: SQL[] = [];
  if (from) out.push(DAY_RE.test(from) ? sql`${col} >= (${from}::date::timestamp at time zone ${tz})` : sql`${col} >= ${from}::timestamptz`);
  if (to) out.push(DAY_RE.test(to) ? sql`${col} < ((${to}::date + 1)::timestamp at time zone ${tz})` : sql`${col} <= ${to}::timestamptz`);
  return out;
}

/** The WHERE of a list: tenant, type and contact scope first, then status, search and criteria. */
export function ticketWhere(f: TicketListFilter): SQL {
  const c = f.criteria;
  // The type as a literal (ticketTypeIs): it selects the type's partial trigram indexes in any plan.
  const parts: (SQL | undefined)[] = [eq(tickets.cid, f.cid), ticketTypeIs(f.ticketType)];
  if (f.contactId !== undefined) parts.push(eq(tickets.contactId, f.contactId));
  if (f.assignedContactId !== undefined) parts.push(eq(tickets.assignedContactId, f.assignedContactId));
  if (f.deviceId !== undefined) parts.push(eq(tickets.deviceId, f.deviceId));
  if (f.status !== '<ALL>') parts.push(eq(tickets.status, f.status));
  // Each column has its type's (cid, column) trigram index, the contacts go through contacts_search_trgm
  // (db/search.ts): every arm of the OR is indexable.
  if (f.search) parts.push(ticketListMatches(f.cid, f.search));
  if (c.assignedTo !== undefined) parts.push(eq(tickets.assignedStaffId, c.assignedTo));
  if (c.assignedContactId !== undefined) parts.push(eq(tickets.assignedContactId, c.assignedContactId));
  if (c.departmentId !== undefined) parts.push(eq(tickets.departmentId, c.departmentId));
  if (c.boardId !== undefined) parts.push(eq(tickets.boardId, c.boardId));
  if (c.isShared !== undefined) parts.push(eq(tickets.isShared, c.isShared));
  if (c.isVip !== undefined) parts.push(eq(tickets.isVip, c.isVip));
  if (c.priorityId !== undefined) parts.push(eq(tickets.priorityId, c.priorityId));
  if (c.classId !== undefined) parts.push(eq(tickets.classId, c.classId));
  if (c.subclassId !== undefined) parts.push(eq(tickets.subclassId, c.subclassId));
  if (c.siteId !== undefined) parts.push(eq(tickets.siteId, c.siteId));
  if (c.isRequestScheduled !== undefined) parts.push(eq(tickets.isRequestScheduled, c.isRequestScheduled));
  parts.push(...dateRange(tickets.openDate, c.openDateFrom, c.openDateTo, f.timeZone));
  parts.push(...dateRange(sql`${tickets.requestedStartDate}`, c.requestedStartFrom, c.requestedStartTo, f.timeZone));
  return and(...parts)!;
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

/** Casts of a cursor value back to the column type (keyset sorts only). */
const KEYSET_CASTS: Partial<Record<TicketSortKey, (v: string | number) => SQL>> = {
  id: (v) => sql`${Number(v)}::int`,
  ticketNo: (v) => sql`${String(v)}::varchar`,
  status: (v) => sql`${String(v)}::varchar`,
  shortDescription: (v) => sql`${String(v)}::varchar`,
  openDate: (v) => sql`${String(v)}::timestamptz`,
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

function keysetCondition(o: TicketOrder, k: TicketKeyset): SQL {
  const cast = KEYSET_CASTS[o.sort];
  if (!cast) throw new Error(`sort ${o.sort} has no keyset`);
  const cmp = sql.raw(o.direction === 'asc' ? '>' : '<');
  if (o.sort === 'id') return sql`${tickets.id} ${cmp} ${cast(k.id)}`;
  return sql`(${SORT_COLUMNS[o.sort]}, ${tickets.id}) ${cmp} (${cast(k.value)}, ${k.id}::int)`;
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
/** The provider-wide lookups a row shows by name: a handful of rows, read once a minute instead of joined to every page. */
interface LookupNames {
  priorities: Map<number, string>;
  /**
   * True when ordering priorities by id gives the same order as by level (levels distinct and rising
   * with the id, as seeded): the priority sort can then use the (cid, ticket_type, priority_id, id)
   * index instead of joining every matching row to its level and sorting them all (≈ 34 ms → < 1 ms).
   */
  priorityIdsFollowLevels: boolean;
  severities: Map<string, string>;
  classes: Map<number, string>;
  subclasses: Map<number, string>;
}
const LOOKUP_TTL_MS = 60_000;
const lookupNames = new WeakMap<Db, { at: number; names: Promise<LookupNames> }>();

async function readLookupNames(db: Db): Promise<LookupNames> {
  const [p, s, c, sc] = await Promise.all([
    db.select({ id: ticketPriorities.id, name: ticketPriorities.name, level: ticketPriorities.level }).from(ticketPriorities),
    db.select({ id: ticketSeverities.short, name: ticketSeverities.name }).from(ticketSeverities),
    db.select({ id: ticketClasses.id, name: ticketClasses.name }).from(ticketClasses),
    db.select({ id: ticketSubclasses.id, name: ticketSubclasses.name }).from(ticketSubclasses),
  ]);
  const toMap = <K>(rows: { id: K; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  const byId = [...p].sort((a, b) => a.id - b.id);
  const priorityIdsFollowLevels = byId.every((r, i) => i === 0 || r.level > byId[i - 1]!.level);
  return { priorities: toMap(p), priorityIdsFollowLevels, severities: toMap(s), classes: toMap(c), subclasses: toMap(sc) };
}

/** Drops the remembered lookup names of `db` (tests that change the provider-wide lookups). */
export function forgetLookupNames(db: Db): void {
  lookupNames.delete(db);
}

function namesOf(db: Db, now = Date.now()): Promise<LookupNames> {
  const hit = lookupNames.get(db);
  if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.names;
  const names = readLookupNames(db);
  lookupNames.set(db, { at: now, names });
  names.catch(() => lookupNames.delete(db));
  return names;
}

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

const needsLookup = (o: TicketOrder, key: 'priority' | 'class' | 'subclass'): boolean => o.sort === key;

/**
 * One page of tickets: the ids are chosen first by an id-only query (index-only scans over the
 * (cid, ticket_type, …, id) indexes, so a deep OFFSET skips index entries, not heap rows), then only
 * those rows are joined to their contact and lookups. `limit` should be pageSize + 1 to learn hasNextPage.
 */
export async function selectTicketPage(
  db: Db,
  f: TicketListFilter,
  o: TicketOrder,
  page: { limit: number; offset: number; after?: TicketKeyset; filterFirst?: boolean },
): Promise<TicketListRecord[]> {
  // Usually already in memory; the priority sort needs it before the query is built.
  const names = await namesOf(db);
  const priorityById = names.priorityIdsFollowLevels;
  const query = ticketPageQuery(db, f, o, page, priorityById);
  // Only lists without a search or a date range are named: their plan does not depend on the values
  // (tenant, type, status, ids: index scans whichever they are). A search term's or a range's
  // selectivity does, and a generic plan for 'printer' cost 3× the custom one.
  const c = f.criteria;
  const generic = !f.search && !c.openDateFrom && !c.openDateTo && !c.requestedStartFrom && !c.requestedStartTo;
  // Named from the query's shape, not its text: building the SQL once more only to hash it cost
  // about a third of the list's CPU (issue 18).
  const name = generic ? statementName(shapeKey(f, o, { after: !!page.after, offset: !page.after && page.offset > 0, filterFirst: page.filterFirst ?? !!f.search, priorityById })) : undefined;
  const rows = await (name ? query.prepare(name).execute() : query);
  return rows.map(({ classId, subclassId, ...r }) => ({
    ...r,
    priorityName: r.priorityId === null ? null : (names.priorities.get(r.priorityId) ?? null),
    severityName: r.severityShort === null ? null : (names.severities.get(r.severityShort) ?? null),
    className: classId === null ? null : (names.classes.get(classId) ?? null),
    subclassName: subclassId === null ? null : (names.subclasses.get(subclassId) ?? null),
  })) satisfies TicketListRecord[];
}

/** The page query of selectTicketPage (exported for the shape-key test). */
export function ticketPageQuery(
  db: Db,
  f: TicketListFilter,
  o: TicketOrder,
  page: { limit: number; offset: number; after?: TicketKeyset; filterFirst?: boolean },
  priorityById: boolean,
) {
  let inner = db.select({ id: tickets.id }).from(tickets).$dynamic();
  if (needsLookup(o, 'priority') && !priorityById) inner = inner.leftJoin(ticketPriorities, eq(ticketPriorities.id, tickets.priorityId));
  if (needsLookup(o, 'class')) inner = inner.leftJoin(ticketClasses, eq(ticketClasses.id, tickets.classId));
  if (needsLookup(o, 'subclass')) inner = inner.leftJoin(ticketSubclasses, eq(ticketSubclasses.id, tickets.subclassId));
  const where = page.after ? and(ticketWhere(f), keysetCondition(o, page.after)) : ticketWhere(f);
  const ids = inner
    .where(where)
    .orderBy(...orderBy(o, { filterFirst: page.filterFirst ?? !!f.search, priorityById }))
    .limit(page.limit)
    .offset(page.after ? 0 : page.offset);

  // Only the columns the page shows: an incident row has no description (the response schema dropped it).
  return db
    .select(f.ticketType === 'Incident' ? incidentRowColumns : rowColumns)
    .from(tickets)
    .innerJoin(contacts, eq(contacts.id, tickets.contactId))
    // The cid again: the outer rows are the tenant's even if the inner query were ever changed.
    .where(and(eq(tickets.cid, f.cid), inArray(tickets.id, ids)))
    .orderBy(...orderBy(o, { outer: true }));
}

/**
 * A named statement per distinct SQL text: node-postgres then parses it once per connection, and
 * PostgreSQL may switch to a generic plan after five runs instead of planning every page. Each name
 * stays prepared on every pooled connection for its lifetime, so only the first MAX_NAMED_STATEMENTS
 * shapes (sort × direction × which criteria: the common ones come first) are named; others run unnamed.
 */
const MAX_NAMED_STATEMENTS = 100;
const statementNames = new Map<string, string>();
function statementName(key: string): string | undefined {
  let name = statementNames.get(key);
  if (!name && statementNames.size < MAX_NAMED_STATEMENTS) {
    name = `tl_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;
    statementNames.set(key, name);
  }
  return name;
}

/**
 * Everything that changes the page query's SQL text (never a value: values are parameters): which
 * conditions are present, the order and the way the page starts. Two requests with the same key build
 * the same text, so the key can name the prepared statement. A condition added to ticketWhere or a new
 * option of selectTicketPage must be added here (list.queries.test: same key, same SQL).
 */
export function shapeKey(f: TicketListFilter, o: TicketOrder, p: { after: boolean; offset: boolean; filterFirst: boolean; priorityById: boolean }): string {
  const c = f.criteria as Record<string, unknown>;
  const criteria = Object.keys(c)
    .filter((k) => c[k] !== undefined)
    .sort()
    .join(',');
  return [
    f.ticketType,
    f.contactId !== undefined ? 'c' : '',
    f.assignedContactId !== undefined ? 'a' : '',
    f.deviceId !== undefined ? 'd' : '',
    f.status === '<ALL>' ? 'all' : 's',
    f.search ? 'q' : '',
    criteria,
    o.sort,
    o.direction,
    // drizzle leaves out `offset` when it is 0.
    p.after ? 'k' : p.offset ? 'o' : '',
    p.filterFirst ? 'f' : '',
    p.priorityById ? 'p' : '',
  ].join('|');
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

/** Matching rows, counted up to `cap` + 1 (an index-only scan that stops early). */
export async function countTickets(db: Db, f: TicketListFilter, cap: number): Promise<number> {
  const capped = db.select({ one: sql`1` }).from(tickets).where(ticketWhere(f)).limit(cap + 1).as('capped');
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(capped);
  return Number(row?.n ?? 0);
}

/** The planner's row estimate of the list's WHERE (used only above the exact-count bound). */
export async function estimateTickets(db: Db, f: TicketListFilter): Promise<number> {
  const res = await db.execute(sql`explain (format json) select 1 from ${tickets} where ${ticketWhere(f)}`);
  const [row] = rowsOf<Record<string, unknown>>(res);
  const raw = row ? Object.values(row)[0] : undefined;
  const plan = (typeof raw === 'string' ? JSON.parse(raw) : raw) as [{ Plan: { 'Plan Rows': number } }] | undefined;
  return Math.round(plan?.[0]?.Plan['Plan Rows'] ?? 0);
}
