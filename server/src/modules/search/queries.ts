import { sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SEARCH_TYPE, TICKET_TYPES, type SearchRecord, type SearchType, type TicketType } from '@sc/common';
import { DB_CASING, type Db } from '../../db/client.ts';
import { contactPatternMatches, containsPattern, jobPatternMatches, searchTextMayMatch, ticketNumberPrefix, ticketNumberTypeOf, ticketSearchPatternMatches, ticketTypeIs } from '../../db/search.ts';
import { paramsFor, placeholderOf, preparedName, queryRowArrays, shapedStatement, ShapedStatements, valueOf, type ParamOf, type Params, type ShapedStatement } from '../../db/shaped-statements.ts';
import { contacts, customers, departments, devices, jobs, tickets } from '../../db/schema/index.ts';

/**
 * How many of the newest tickets of the tenant and type are scanned before the trigram indexes are
 * asked. A common word matches many of them, so the newest hits are found after a few dozen rows; a
 * rare one is answered by the type's trigram bitmap, which then holds few rows to sort.
 * docs/decisions/008-global-search.md and 027-search-under-load.md.
 */
export const RECENT_WINDOW = 1000;

/**
 * What one search reads: always one customer's tickets (a User only its own contact's), and its contacts
 * and jobs only for those who may open them (common's searchReach).
 */
interface GlobalSearchScope {
  cid: number;
  contactId?: number;
  contacts: boolean;
  jobs: boolean;
}

/** The newest matches of each entity searched, newest first (at most `limit` each). */
type GlobalSearchHits = Record<SearchType, SearchRecord[]>;

/** The CTE holding the id of the oldest of the type's newest RECENT_WINDOW tickets (typeHits). */
const windowOf = (type: TicketType): SQL => sql.raw(`win_${type}`);

/**
 * The ids of one type's newest `limit` matches, in two branches under one LIMIT, split at the oldest
 * of the tenant's newest RECENT_WINDOW tickets of the type.
 * 1. The window, newest first, behind a fence (a subquery with a LIMIT takes no condition from outside,
 *    so even a generic plan can only walk it in id order): read index-only from
 *    tickets_cid_type_id_search_idx, whose entries carry search_text, and tested on it; only the rows
 *    that pass are read from the table, for their columns (and, for a User, the contact). A common word
 *    stops the walk after a few dozen entries; a rare one reads the window's RECENT_WINDOW entries and
 *    no row at all (docs/decisions/040-search-window-index-only.md).
 * 2. Only if the window held fewer than `limit` hits: the older matches from the type's trigram
 *    indexes, always filtered first (`id + 0` keeps the planner from walking the id index down through
 *    the whole tenant hoping to meet them) and sorted. The window's start (windowOf) is computed only
 *    then.
 * The type is a literal (ticketTypeIs), so both branches read only that type's indexes: a word common in
 * the other type no longer visits its rows (requirements §17.6).
 */
function typeHits(shape: TicketSearchShape, param: ParamOf, type: TicketType): SQL {
  const ownContact = shape.ownOnly ? sql` and o.contact_id = ${param('contactId')}` : sql``;
  const matches = ticketSearchPatternMatches(type, shape.numberType, param('pattern'), param('numberFrom'), param('numberBelow'), 'o');
  const windowStart = sql`(select w.id from ${windowOf(type)} w)`;
  return sql`(
      (select o.id from (
          select w.id, w.search_text from ${tickets} w
          where w.cid = ${param('cid')} and ${ticketTypeIs(type, 'w')}
          order by w.id desc nulls last limit ${RECENT_WINDOW}) w
        join ${tickets} o on o.id = w.id
        where ${searchTextMayMatch(param('pattern'), 'w')} and ${matches}${ownContact}
        order by w.id desc nulls last
        limit ${shape.limit})
      union all
      (select o.id from ${tickets} o
        where o.cid = ${param('cid')} and ${ticketTypeIs(type, 'o')}${ownContact} and ${matches} and o.id + 0 < ${windowStart}
        order by o.id + 0 desc limit ${shape.limit})
      limit ${shape.limit})`;
}

/**
 * What the statement's text depends on: which entities it reads, whether it keeps to one contact, the
 * ticket type a ticket-number term names (db/search.ts ticketSearchPatternMatches), and the limit. The
 * cid, contact, pattern and number range are parameters, so the text is built once per shape and
 * prepared under its name (preparedName).
 */
interface GlobalSearchShape {
  contacts: boolean;
  jobs: boolean;
  ownOnly: boolean;
  numberType: TicketType | undefined;
  limit: number;
}

/** The typeHits shape is GlobalSearchShape's ticket part. */
type TicketSearchShape = Pick<GlobalSearchShape, 'ownOnly' | 'numberType' | 'limit'>;

const shapeOf = (scope: GlobalSearchScope, term: string, limit: number): GlobalSearchShape => ({
  contacts: scope.contacts,
  jobs: scope.jobs,
  ownOnly: scope.contactId !== undefined,
  numberType: ticketNumberTypeOf(term),
  limit,
});

const keyOf = (shape: GlobalSearchShape): string =>
  `${shape.contacts ? 'c' : ''}t${shape.jobs ? 'j' : ''}_${shape.ownOnly ? 'own' : 'all'}_${shape.numberType ?? 'text'}_${shape.limit}`;

function paramsOf(scope: GlobalSearchScope, term: string): Params {
  const number = ticketNumberPrefix(term);
  return { cid: scope.cid, contactId: scope.contactId ?? null, pattern: containsPattern(term), numberFrom: number.from, numberBelow: number.below };
}

/**
 * Every entity of one search in one statement, each limited in SQL, as rows of one shape: the search type,
 * the id, then SearchRecord's fields (a job's start date as text beside the timestamps: a calendar date
 * the driver would make a local Date of). One round trip and one pool client a search, where an
 * Administrator's took three (docs/decisions/040-search-window-index-only.md).
 * - Tickets: the newest `limit` incidents and the newest `limit` service requests matching by number, short
 *   description or target name (typeHits), joined to their contact, device and department once for both.
 * - Contacts: the customer's newest matching 'first last email' (contacts_search_trgm).
 * - Jobs: the customer's newest matching number or description. A customer has tens of agreements, not
 *   millions: jobs_cid_id_idx bounds the scan to the tenant, no trigram index needed.
 */
function globalSearchSql(shape: GlobalSearchShape, param: ParamOf): SQL {
  // Naming the index's NULLS placement lets it supply the order: plain `desc` means NULLS FIRST, and
  // the planner then read all the tenant's entries of the type and sorted them. The window is the
  // tenant's, whoever asks: a User's own tickets are filtered in typeHits.
  const windows = TICKET_TYPES.map(
    (type) =>
      sql`${windowOf(type)} as (select min(w.id) as id from (select w0.id from ${tickets} w0 where w0.cid = ${param('cid')} and ${ticketTypeIs(type, 'w0')} order by w0.id desc nulls last limit ${RECENT_WINDOW}) w)`,
  );
  const branches = TICKET_TYPES.map((type) => sql`(select ${sql.raw(String(SEARCH_TYPE[type]))} as search_type, h.id from ${typeHits(shape, param, type)} h)`);
  const parts = [
    sql`(select h.search_type, t.id, t.open_date as date_field, null::text as day_field, t.ticket_no::text as string_field, t.status::text as status,
            null::text as organization_name, c.last_name::text as last_name, c.first_name::text as first_name, d.device_name::text as device_name,
            dep.name::text as department, t.short_description::text as description
        from hits h
        join ${tickets} t on t.id = h.id
        left join ${contacts} c on c.id = t.contact_id
        left join ${devices} d on d.id = t.device_id
        left join ${departments} dep on dep.id = t.department_id)`,
  ];
  if (shape.contacts) {
    parts.push(sql`(select ${sql.raw(String(SEARCH_TYPE.Contact))}, ${contacts.id}, ${contacts.createdAt}, null, ${contacts.email}::text,
            case when ${contacts.isActive} then 'Active' else 'Inactive' end, ${customers.name}::text, ${contacts.lastName}::text, ${contacts.firstName}::text, null,
            ${departments.name}::text, null
        from ${contacts}
        join ${customers} on ${customers.id} = ${contacts.cid}
        left join ${departments} on ${departments.id} = ${contacts.departmentId}
        where ${contacts.cid} = ${param('cid')} and ${contactPatternMatches(param('pattern'))}
        order by ${contacts.id} desc limit ${shape.limit})`);
  }
  if (shape.jobs) {
    parts.push(sql`(select ${sql.raw(String(SEARCH_TYPE.Job))}, ${jobs.id}, ${jobs.createdAt}, ${jobs.startDate}::text, ${jobs.jobNum}::text, ${jobs.jobStatus}::text,
            null, null, null, null, null, ${jobs.internalShortDesc}::text
        from ${jobs}
        where ${jobs.cid} = ${param('cid')} and ${jobPatternMatches(param('pattern'))}
        order by ${jobs.id} desc limit ${shape.limit})`);
  }
  return sql`
    with ${sql.join(windows, sql`, `)},
    hits as (${sql.join(branches, sql` union all `)})
    ${sql.join(parts, sql` union all `)}
    order by 1, 2 desc`;
}

/** globalSearchSql with this search's values in it (the plan tests EXPLAIN it). */
export function globalSearchQuery(scope: GlobalSearchScope, term: string, limit: number): SQL {
  return globalSearchSql(shapeOf(scope, term, limit), valueOf(paramsOf(scope, term)));
}

// The app's casing, so column references such as contacts.firstName render as first_name.
const dialect = new PgDialect({ casing: DB_CASING });
const statementOf = (shape: GlobalSearchShape, key: string): ShapedStatement =>
  shapedStatement({ toSQL: () => dialect.sqlToQuery(globalSearchSql(shape, placeholderOf)) }, preparedName('gs', key));

/** The statement a search is prepared as (placeholders, not values) and its parameters in $n order: the plan test's probe. */
export function globalSearchStatement(scope: GlobalSearchScope, term: string, limit: number): { text: string; params: unknown[] } {
  const st = statementOf(shapeOf(scope, term, limit), 'probe');
  return { text: st.text, params: paramsFor(st, paramsOf(scope, term)) };
}

/**
 * The statement is built once per shape and prepared under its name (db/shaped-statements.ts):
 * node-postgres parses it once per connection, and after five runs PostgreSQL keeps a generic plan instead
 * of planning each search. Planning the tickets part (seven references to `tickets` and its indexes, three
 * ILIKE estimates each) took ≈ 2.2 ms, more than running it for most terms
 * (docs/decisions/033-search-generic-plans.md). What a generic plan cannot see is the term's frequency: it
 * walks each type's window (RECENT_WINDOW entries at most) and asks the trigram bitmap only for the older
 * matches, which bounds both.
 */
const statements = new ShapedStatements(64);

/** node-postgres and PGlite hand timestamptz back as Date; a string is parsed for safety. */
const toIso = (v: Date | string | null): string | null => (v == null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

/** The newest matches of each entity the scope reads (globalSearchSql), as global search records. */
export async function searchAll(db: Db, scope: GlobalSearchScope, term: string, limit: number): Promise<GlobalSearchHits> {
  const shape = shapeOf(scope, term, limit);
  const key = keyOf(shape);
  const st = statements.get(db, key, () => statementOf(shape, key));
  const out: GlobalSearchHits = { [SEARCH_TYPE.Contact]: [], [SEARCH_TYPE.Incident]: [], [SEARCH_TYPE.ServiceRequest]: [], [SEARCH_TYPE.Job]: [] };
  // Columns in globalSearchSql's select order; rows by type, newest first.
  for (const [type, id, date, day, stringField, status, organizationName, lastName, firstName, deviceName, department, description] of await queryRowArrays(db, st, paramsOf(scope, term))) {
    const searchType = Number(type) as SearchType;
    out[searchType].push({
      searchType,
      internalId: Number(id),
      // A job's agreement start date is a calendar date; a job without one shows when it was recorded.
      dateField: (day as string | null) ?? toIso(date as Date | string | null),
      stringField: stringField as string,
      status: status as string,
      organizationName: organizationName as string | null,
      lastName: lastName as string | null,
      firstName: firstName as string | null,
      deviceName: deviceName as string | null,
      department: department as string | null,
      description: description as string | null,
    });
  }
  return out;
}
