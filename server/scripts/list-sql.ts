import { fileURLToPath } from 'node:url';
import { drizzle } from 'drizzle-orm/node-postgres';
import type { TicketCriteria, TicketSortKey } from '@sc/common';
import { DB_CASING, type Db } from '../src/db/client.ts';
import * as schema from '../src/db/schema/index.ts';
import type { ShapedStatement } from '../src/db/shaped-statements.ts';
import { blockStatementOf } from '../src/modules/tickets/list.blocks.queries.ts';
import { countStatement, shapeKey, ticketPageStatement } from '../src/modules/tickets/list.queries.ts';
import type { TicketListFilter, TicketOrder, TicketPageOptions } from '../src/modules/tickets/list.types.ts';
import { bindWhere, whereKey } from '../src/modules/tickets/list.where.queries.ts';

// The SQL the ticket-list engine assembles at run time (modules/tickets/list.*.queries.ts), one file per
// representative shape, committed in modules/tickets/list.sql/ so that a change to the engine shows as a
// change of SQL in review (docs/conventions.md, "The ticket-list engine"). `npm run sql:generate` writes
// them (server/scripts/sql-generate.ts); server/test/list-sql-generated.test.ts fails when they are stale.
// Rendered by drizzle alone (a mock database): no connection.

export const LIST_SQL_DIR = fileURLToPath(new URL('../src/modules/tickets/list.sql/', import.meta.url));
export const GENERATE_COMMAND = 'npm run sql:generate';

interface PageCase {
  kind: 'page';
  about: string;
  f: TicketListFilter;
  o: TicketOrder;
  page: TicketPageOptions;
  /** The priority sorted by its id (priorityIdsFollowLevels, the usual case) or by the joined level. */
  priorityById?: boolean;
}
interface CountCase {
  kind: 'count';
  about: string;
  f: TicketListFilter;
}
interface BlocksCase {
  kind: 'blocks';
  about: string;
  f: TicketListFilter;
  o: TicketOrder;
}
type ListSqlCase = PageCase | CountCase | BlocksCase;

const incidents: TicketListFilter = { cid: 1, ticketType: 'Incident', status: 'Open', criteria: {}, timeZone: 'UTC' };
const requests: TicketListFilter = { ...incidents, ticketType: 'ServiceRequest' };
const newest: TicketOrder = { sort: 'id', direction: 'desc' };
/** A standard page: PAGE_SIZES' default (10) + 1, a number in the SQL text (decision 034). */
const first: TicketPageOptions = { limit: 11, offset: 0 };
const withCriteria = (criteria: TicketCriteria): TicketListFilter => ({ ...incidents, criteria });

const SORTS: readonly TicketSortKey[] = [
  'ticketNo',
  'status',
  'assignedToName',
  'shortDescription',
  'priority',
  'severity',
  'openDate',
  'class',
  'subclass',
  'targetName',
  'requestedStartDate',
  'requestedEndDate',
];
const kebab = (s: string): string => s.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/**
 * The shapes, by file name. Values do not matter (each is a placeholder); what the filter uses does. Dates
 * are fixed and in the past: an open-date range that ended is a shape of its own (endsInThePast).
 */
export const LIST_SQL_CASES: Readonly<Record<string, ListSqlCase>> = {
  'page.incidents-default': { kind: 'page', about: 'The incidents list as it opens: open tickets, newest first, first page', f: incidents, o: newest, page: first },
  'page.service-requests-default': { kind: 'page', about: 'The service requests list as it opens (its rows carry the description)', f: requests, o: newest, page: first },
  'page.incidents-all-statuses': { kind: 'page', about: 'Every status (<ALL>): no status condition', f: { ...incidents, status: '<ALL>' }, o: newest, page: first },
  'page.incidents-id-asc': { kind: 'page', about: 'Oldest first', f: incidents, o: { sort: 'id', direction: 'asc' }, page: first },
  ...Object.fromEntries(
    SORTS.map((sort) => [
      `page.incidents-sort-${kebab(sort)}`,
      { kind: 'page', about: `Sorted by ${sort}, descending (ties by id)`, f: incidents, o: { sort, direction: 'desc' }, page: first } satisfies PageCase,
    ]),
  ),
  'page.incidents-sort-priority-by-level': {
    kind: 'page',
    about: 'Sorted by priority when the priority ids do not follow their levels: the level joined',
    f: incidents,
    o: { sort: 'priority', direction: 'desc' },
    page: first,
    priorityById: false,
  },
  'page.incidents-page-3': { kind: 'page', about: 'A page number past the first: OFFSET', f: incidents, o: newest, page: { limit: 11, offset: 20 } },
  'page.incidents-page-size-21': { kind: 'page', about: 'A limit outside the standard page sizes (an API caller, the export): LIMIT as a parameter', f: incidents, o: newest, page: { limit: 21, offset: 0 } },
  'page.incidents-cursor-id': { kind: 'page', about: 'A cursor page by id (keyset)', f: incidents, o: newest, page: { ...first, after: { value: 5, id: 5 } } },
  'page.incidents-cursor-open-date': {
    kind: 'page',
    about: 'A cursor page by open date (keyset on the date and id)',
    f: incidents,
    o: { sort: 'openDate', direction: 'desc' },
    page: { ...first, after: { value: '2026-01-01T00:00:00.000Z', id: 5 } },
  },
  'page.incidents-block-skip': {
    kind: 'page',
    about: 'A deep OFFSET page after its id-block skip (startOfOffset): the block edge as a blind keyset, the rest as OFFSET',
    f: incidents,
    o: newest,
    page: { limit: 11, offset: 7, after: { value: 16_384, id: 16_384 } },
  },
  'page.incidents-mine': { kind: 'page', about: 'Only the caller\'s own tickets (a User, or mine=true)', f: { ...incidents, contactId: 7 }, o: newest, page: first },
  'page.incidents-assigned-me': { kind: 'page', about: 'Only tickets assigned to the caller (assigned=me)', f: { ...incidents, assignedContactId: 7 }, o: newest, page: first },
  'page.service-requests-device': { kind: 'page', about: 'A device\'s service requests (the bridged list by DeviceID)', f: { ...requests, deviceId: 3 }, o: newest, page: first },
  'page.incidents-criteria': {
    kind: 'page',
    about: 'Criteria equal to values (saved-filter criteria), filtered in the id order',
    f: withCriteria({ assignedTo: 4, isVip: true, priorityId: 2 }),
    o: newest,
    page: first,
  },
  'page.incidents-search-filter-first': {
    kind: 'page',
    about: 'A search with few matches: filtered first (trigram indexes), then sorted (id + 0)',
    f: { ...incidents, search: 'printer' },
    o: newest,
    page: { ...first, filterFirst: true },
  },
  'page.incidents-search-in-order': {
    kind: 'page',
    about: 'A search with many matches that no walk serves: the id order read, each row tested',
    f: { ...incidents, search: 'printer' },
    o: newest,
    page: first,
  },
  'page.incidents-search-own-number': {
    kind: 'page',
    about: 'A search of an incident number in the incidents: a prefix range of the number (named)',
    f: { ...incidents, search: 'INC-1000' },
    o: newest,
    page: { ...first, filterFirst: true },
  },
  'page.incidents-search-other-number': {
    kind: 'page',
    about: 'A search of a service-request number in the incidents: the number column left out',
    f: { ...incidents, search: 'SR-1000' },
    o: newest,
    page: { ...first, filterFirst: true },
  },
  'page.incidents-walk-search': { kind: 'page', about: 'A common search walked in the id order (decision 035)', f: { ...incidents, search: 'printer' }, o: newest, page: { ...first, walk: true } },
  'page.incidents-walk-criteria': {
    kind: 'page',
    about: 'Common criteria walked in the id order',
    f: withCriteria({ isRequestScheduled: true }),
    o: newest,
    page: { ...first, walk: true },
  },
  'page.incidents-walk-status-sort': {
    kind: 'page',
    about: 'A sort other than id with a status: the status tested row by row on a walk of the sort\'s index',
    f: incidents,
    o: { sort: 'severity', direction: 'desc' },
    page: { ...first, walk: true },
  },
  'page.incidents-walk-cursor': {
    kind: 'page',
    about: 'A walked cursor page (short description, keyset)',
    f: incidents,
    o: { sort: 'shortDescription', direction: 'asc' },
    page: { ...first, walk: true, after: { value: 'Printer', id: 5 } },
  },
  'page.incidents-walk-page-3': { kind: 'page', about: 'A walked OFFSET page', f: { ...incidents, search: 'printer' }, o: newest, page: { limit: 11, offset: 20, walk: true } },
  'page.incidents-walk-open-date-from': {
    kind: 'page',
    about: 'An open-date range reaching today (an instant), walked newest first',
    f: withCriteria({ openDateFrom: '2026-01-01T00:00:00Z' }),
    o: newest,
    page: { ...first, walk: true },
  },
  'page.incidents-open-date-from-day': {
    kind: 'page',
    about: 'An open-date range from a bare day (read in the caller\'s zone), not walked',
    f: withCriteria({ openDateFrom: '2026-01-01' }),
    o: newest,
    page: first,
  },
  'page.incidents-open-date-ended': {
    kind: 'page',
    about: 'An open-date range that ended days ago: filtered first on its index, then sorted (named)',
    f: withCriteria({ openDateFrom: '2020-01-01', openDateTo: '2020-06-30' }),
    o: newest,
    page: first,
  },
  'page.service-requests-requested-start': {
    kind: 'page',
    about: 'Service requests scheduled within a range of days, sorted by requested start',
    f: { ...requests, criteria: { requestedStartFrom: '2026-01-01', requestedStartTo: '2026-01-31' } },
    o: { sort: 'requestedStartDate', direction: 'asc' },
    page: first,
  },
  'count.incidents-default': { kind: 'count', about: 'The capped count of the open incidents (exact up to 10,000)', f: incidents },
  'count.incidents-search': { kind: 'count', about: 'The capped count of a search', f: { ...incidents, search: 'printer' } },
  'count.incidents-mine-criteria': {
    kind: 'count',
    about: 'The capped count of the caller\'s own tickets with criteria and a date range',
    f: { ...incidents, contactId: 7, criteria: { isVip: true, openDateFrom: '2026-01-01' } },
  },
  'blocks.incidents-desc-status': { kind: 'blocks', about: 'The id-block sum of a deep page, newest first, one status (decision 036)', f: incidents, o: newest },
  'blocks.incidents-asc-all-statuses': {
    kind: 'blocks',
    about: 'The id-block sum of a deep page, oldest first, every status',
    f: { ...incidents, status: '<ALL>' },
    o: { sort: 'id', direction: 'asc' },
  },
  'blocks.service-requests-desc-status': { kind: 'blocks', about: 'The id-block sum of the service requests, newest first, one status', f: requests, o: newest },
};

/**
 * SQL re-indented for reading: runs of white space outside quotes become one space, then a line starts at
 * each clause (select, from, where, group by, order by, limit, a join, union all) of a query or of a
 * parenthesised subquery longer than a line, indented by its depth. Only white space changes: the text is
 * the statement's as PostgreSQL reads it.
 */
export function formatSql(text: string): string {
  const tokens = text.match(/'(?:[^']|'')*'|"(?:[^"]|"")*"|\s+|[()]|[^\s()'"]+/g) ?? [];
  const CLAUSE = /^(select|from|where|group by|order by|limit|inner join|left join|union all)$/i;
  // Whether each parenthesis opens a group laid out on lines of its own: a subquery longer than a line.
  const opens = new Map<number, boolean>();
  const stack: number[] = [];
  tokens.forEach((t, i) => {
    if (t === '(') stack.push(i);
    else if (t === ')') {
      const at = stack.pop();
      if (at === undefined) return;
      const inner = tokens.slice(at + 1, i).join('').replace(/\s+/g, ' ').trim();
      opens.set(at, /^\(?(select|with) /i.test(inner) && inner.length > 80);
    }
  });
  let out = '';
  // One entry per open parenthesis: whether its group is laid out on lines (the statement itself is).
  const laidOut: boolean[] = [true];
  const newLine = () => `\n${'  '.repeat(laidOut.filter(Boolean).length - 1)}`;
  for (let i = 0; i < tokens.length; i++) {
    const t = tokens[i]!;
    if (/^\s+$/.test(t)) {
      const next = tokens[i + 1] ?? '';
      const clause = CLAUSE.test(`${next} ${tokens[i + 3] ?? ''}`) || CLAUSE.test(next) || (next === '(' && /^all$/i.test(tokens[i - 1] ?? ''));
      // White space after a line break is dropped; a clause (or a union's branch) of a laid-out group starts a line.
      if (!/\n *$/.test(out.slice(-80))) out += clause && laidOut.at(-1) ? newLine() : ' ';
      continue;
    }
    if (t === ')' && laidOut.length > 1) laidOut.pop();
    out += t;
    if (t === '(') {
      laidOut.push(opens.get(i) ?? false);
      if (laidOut.at(-1)) out += newLine();
    }
  }
  return out.replace(/ +\n/g, '\n').trim();
}

function render(about: string, key: string | undefined, st: ShapedStatement): string {
  const slots = st.slots.map((s, i) => `--   $${i + 1} = ${'name' in s ? s.name : `${JSON.stringify(s.constant)} (a constant)`}`);
  return [
    `-- Generated by \`${GENERATE_COMMAND}\` (server/scripts/list-sql.ts); do not edit.`,
    '-- server/test/list-sql-generated.test.ts fails when this file is stale. White space re-indented for reading.',
    `-- ${about}.`,
    ...(key === undefined ? [] : [`-- Shape key: ${key}`]),
    `-- Statement: ${st.name ?? 'unnamed (planned with its values on every run)'}`,
    ...(slots.length ? ['-- Parameters:', ...slots] : []),
    '',
    `${formatSql(st.text)};`,
    '',
  ].join('\n');
}

/** A database that only builds SQL, configured as the app's (db/client.ts): no connection. */
export const sqlOnlyDb = (): Db => drizzle.mock({ schema, casing: DB_CASING });

/**
 * Every generated file's name and text, built by `db` (a fresh one: statements are cached per database).
 * The first 100 page shapes a process meets are named (list.queries.ts statementName): these few always are.
 */
export function renderListSql(db: Db = sqlOnlyDb()): Map<string, string> {
  const files = new Map<string, string>();
  for (const [name, c] of Object.entries(LIST_SQL_CASES)) {
    let text: string;
    if (c.kind === 'page') {
      const priorityById = c.priorityById ?? true;
      text = render(c.about, shapeKey(c.f, c.o, c.page, priorityById), ticketPageStatement(db, c.f, c.o, c.page, priorityById).statement);
    } else if (c.kind === 'count') {
      text = render(c.about, whereKey(bindWhere(c.f, {})), countStatement(db, c.f, 10_000).statement);
    } else {
      text = render(c.about, undefined, blockStatementOf(db, c.f, c.o));
    }
    files.set(`${name}.sql`, text);
  }
  return files;
}
