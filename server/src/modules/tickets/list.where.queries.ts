import { and, eq, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { TicketCriteria, TicketType } from '@sc/common';
import { tickets } from '../../db/schema/index.ts';
import { containsPattern, numberTermOf, ticketListPatternMatches, ticketNumberPrefix, ticketNumberTypeOf, ticketTypeIs, type NumberTerm } from '../../db/search.ts';
import { valueOf, type ParamOf, type Params } from '../../db/shaped-statements.ts';
import type { TicketListFilter, WhereShape } from './list.types.ts';

// The WHERE of the ticket lists, the export, the calendar and the counts (requirements §2.1, §2.2).

const DAY_RE = /^\d{4}-\d{2}-\d{2}$/;

/**
 * One condition of a list's WHERE, in the order the WHERE writes them. `bind` adds the condition's
 * values to `out` by parameter name and answers the variant of its SQL text ('' when it has one), or
 * undefined when the filter does not use it; `sql` writes it with `p(name)`: the value, or a
 * placeholder of the statement built once per shape. Shape key, SQL text and values all come from this
 * one table, so a condition cannot be in one and missing from another (docs/decisions/031).
 */
interface Condition {
  bind(f: TicketListFilter, out: Params): string | undefined;
  /** `walk`: written for the outer query of a walked page (see whereSql). */
  sql(p: ParamOf, variant: string, walk: boolean): SQL;
  /**
   * Part of the list's base (see whereSql): 'scope' (tenant, type, whose tickets), which every list index
   * leads with, or 'status', which only the id-ordered ones add.
   */
  base?: 'scope' | 'status';
  /** The SQL type of each value `bind` may add, by parameter name (WHERE_PARAM_TYPES). */
  types: Readonly<Record<string, string>>;
}

/** `column = value` when `value(f)` is defined. */
const equals = (name: string, col: AnyPgColumn, value: (f: TicketListFilter) => unknown, base?: Condition['base']): Condition => ({
  ...(base ? { base } : {}),
  // A varchar(n) value goes in as text: a cast to varchar(n) would cut a longer value instead of comparing it.
  types: { [name]: col.getSQLType().replace(/^varchar\(\d+\)$/, 'text') },
  bind: (f, out) => {
    const v = value(f);
    if (v === undefined) return undefined;
    out[name] = v;
    return '';
  },
  sql: (p) => eq(col, p(name)),
});
const criterion = (name: keyof TicketCriteria, col: AnyPgColumn) => equals(name, col, (f) => f.criteria[name]);

/** One end of an inclusive range of a timestamp column; a bare day covers the whole day in the filter's zone. */
const range = (name: 'openDateFrom' | 'openDateTo' | 'requestedStartFrom' | 'requestedStartTo', col: SQL, end: 'from' | 'to'): Condition => ({
  // The text of a day or an instant, cast by the condition itself.
  types: { [name]: 'text', tz: 'text' },
  bind: (f, out) => {
    const v = f.criteria[name];
    if (!v) return undefined;
    out[name] = v;
    if (!DAY_RE.test(v)) return 't';
    out.tz = f.timeZone;
    return 'd';
  },
  sql: (p, variant) => {
    if (end === 'from') return variant === 'd' ? sql`${col} >= (${p(name)}::date::timestamp at time zone ${p('tz')})` : sql`${col} >= ${p(name)}::timestamptz`;
    return variant === 'd' ? sql`${col} < ((${p(name)}::date + 1)::timestamp at time zone ${p('tz')})` : sql`${col} <= ${p(name)}::timestamptz`;
  },
});

/**
 * The search. Each column has its type's (cid, column) trigram index, the contacts go through
 * contacts_search_trgm (db/search.ts): every arm of the OR is indexable. A ticket-number term is its own
 * variant (its NumberTerm for the list's type): the number is then read as a prefix, or not at all.
 */
const SEARCH: Condition = {
  types: { q: 'text', qFrom: 'text', qBelow: 'text' },
  bind: (f, out) => {
    if (!f.search) return undefined;
    out.q = containsPattern(f.search);
    const term = numberTermOf(f.ticketType, ticketNumberTypeOf(f.search));
    if (term === 'own') {
      const { from, below } = ticketNumberPrefix(f.search);
      out.qFrom = from;
      out.qBelow = below;
    }
    return term === 'text' ? '' : term;
  },
  sql: (p, variant, walk) =>
    ticketListPatternMatches(
      p('cid'),
      p('q'),
      walk,
      variant === 'own' ? { term: 'own', from: p('qFrom'), below: p('qBelow') } : { term: (variant || 'text') as NumberTerm, from: null, below: null },
    ),
};

/** Tenant, type and contact scope first, then status, search and criteria. */
const CONDITIONS: readonly Condition[] = [
  equals('cid', tickets.cid, (f) => f.cid, 'scope'),
  // The type as a literal (ticketTypeIs) and part of the shape: a prepared statement's generic plan can then
  // still use the type's partial trigram indexes (docs/decisions/027).
  {
    base: 'scope',
    types: {},
    bind: (f) => f.ticketType,
    sql: (_p, variant) => ticketTypeIs(variant as TicketType),
  },
  equals('contactId', tickets.contactId, (f) => f.contactId, 'scope'),
  equals('assignedMe', tickets.assignedContactId, (f) => f.assignedContactId, 'scope'),
  equals('deviceId', tickets.deviceId, (f) => f.deviceId, 'scope'),
  equals('status', tickets.status, (f) => (f.status === '<ALL>' ? undefined : f.status), 'status'),
  SEARCH,
  criterion('assignedTo', tickets.assignedStaffId),
  criterion('assignedContactId', tickets.assignedContactId),
  criterion('departmentId', tickets.departmentId),
  criterion('boardId', tickets.boardId),
  criterion('isShared', tickets.isShared),
  criterion('isVip', tickets.isVip),
  criterion('priorityId', tickets.priorityId),
  criterion('classId', tickets.classId),
  criterion('subclassId', tickets.subclassId),
  criterion('siteId', tickets.siteId),
  criterion('isRequestScheduled', tickets.isRequestScheduled),
  range('openDateFrom', sql`${tickets.openDate}`, 'from'),
  range('openDateTo', sql`${tickets.openDate}`, 'to'),
  range('requestedStartFrom', sql`${tickets.requestedStartDate}`, 'from'),
  range('requestedStartTo', sql`${tickets.requestedStartDate}`, 'to'),
];

/**
 * The SQL type of every value a list's WHERE binds (by parameter name), from the conditions themselves. A
 * walked page hands each value to its statement as `(select $n::type)`, which no plan can look into
 * (list.walk.queries.ts walkedIds); the condition casts further where it needs to (a day to a date).
 */
export const WHERE_PARAM_TYPES: Readonly<Record<string, string>> = Object.fromEntries(CONDITIONS.flatMap((c) => Object.entries(c.types)));

/** The variant of each condition (undefined: not used), the values going into `out`. */
export const bindWhere = (f: TicketListFilter, out: Params): WhereShape => CONDITIONS.map((c) => c.bind(f, out));
export const whereKey = (w: WhereShape): string => w.map((v) => (v === undefined ? '.' : v || '+')).join('');
/**
 * The base of a walked page (list.walk.queries.ts walkedIds): the conditions of the index it walks in its sort
 * order. Every list index leads with the scope; the id-ordered ones add the status.
 */
const inBase = (c: Condition, statusInBase: boolean): boolean => c.base === 'scope' || (statusInBase && c.base === 'status');

/**
 * The WHERE of a shape, or one part of it. A walked page reads its window of the list's base in order
 * (`'base'`, see inBase) and tests the rest on each row of it (`'rest'`: the status unless in the base,
 * the search and the criteria, written for testing row by row).
 */
export const whereSql = (w: WhereShape, p: ParamOf, part: 'all' | 'base' | 'rest' = 'all', statusInBase = true): SQL | undefined =>
  and(
    ...CONDITIONS.flatMap((c, i) => {
      const variant = w[i];
      if (variant === undefined || (part === 'base' && !inBase(c, statusInBase)) || (part === 'rest' && inBase(c, statusInBase))) return [];
      return [c.sql(p, variant, part === 'rest')];
    }),
  );

/**
 * Whether the shape searches a number of the list's own type ('INC-1000731' in the incidents): its rows
 * are then a prefix range of the number and rare contains-matches, a plan no value changes.
 */
export const searchesOwnNumber = (w: WhereShape): boolean => w[CONDITIONS.indexOf(SEARCH)] === 'own';

/** Whether the shape has conditions beyond the base (see inBase): the page can then be walked. */
export const narrowsBase = (w: WhereShape, statusInBase: boolean): boolean => CONDITIONS.some((c, i) => w[i] !== undefined && !inBase(c, statusInBase));

/** The filter reduced to its base (see inBase): what a walked page reads in order. */
export const baseFilterOf = (f: TicketListFilter, statusInBase: boolean): TicketListFilter => {
  const { search: _s, ...rest } = f;
  return { ...rest, ...(statusInBase ? {} : { status: '<ALL>' as const }), criteria: {} };
};

/** Whether the filter narrows its base (see inBase). */
export const filterNarrowsBase = (f: TicketListFilter, statusInBase: boolean): boolean => narrowsBase(bindWhere(f, {}), statusInBase);

/** The WHERE of a list with its values (calendar, estimate): tenant, type and contact scope first, then status, search and criteria. */
export function ticketWhere(f: TicketListFilter): SQL {
  const params: Params = {};
  return whereSql(bindWhere(f, params), valueOf(params))!;
}

