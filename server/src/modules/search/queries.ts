import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { SEARCH_TYPE, type SearchRecord } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contactPatternMatches, containsPattern, jobPatternMatches, searchTextMayMatch, ticketNumberPrefix, ticketNumberTypeOf, ticketSearchPatternMatches, ticketTypeIs } from '../../db/search.ts';
import { paramsFor, placeholderOf, preparedName, queryRowArrays, shapedStatement, ShapedStatements, valueOf, type ParamOf, type Params, type ShapedStatement } from '../../db/shaped-statements.ts';
import { contacts, customers, departments, devices, jobs, TICKET_TYPES, tickets, type TicketType } from '../../db/schema/index.ts';

/**
 * How many of the newest tickets of the tenant and type are scanned before the trigram indexes are
 * asked. A common word matches many of them, so the newest hits are found after a few dozen rows; a
 * rare one is answered by the type's trigram bitmap, which then holds few rows to sort.
 * docs/decisions/008-global-search.md and 027-search-under-load.md.
 */
export const RECENT_WINDOW = 1000;

/** Whose tickets are searched: always one customer; a User only its own contact's. */
export interface TicketSearchScope {
  cid: number;
  contactId?: number;
}

/** The newest matches of each ticket type, newest first (at most `limit` each). */
export type TicketSearchHits = Record<TicketType, SearchRecord[]>;

/** node-postgres and PGlite hand timestamptz back as Date; a string is parsed for safety. */
const toIso = (v: Date | string | null): string | null => (v == null ? null : (v instanceof Date ? v : new Date(v)).toISOString());


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
  const ownContact = (alias: string): SQL => (shape.ownOnly ? sql` and ${sql.raw(alias)}.contact_id = ${param('contactId')}` : sql``);
  const matches = ticketSearchPatternMatches(type, shape.numberType, param('pattern'), param('numberFrom'), param('numberBelow'), 'o');
  const windowStart = sql`(select w.id from ${windowOf(type)} w)`;
  return sql`(
      (select o.id from (
          select w.id, w.search_text from ${tickets} w
          where w.cid = ${param('cid')} and ${ticketTypeIs(type, 'w')}
          order by w.id desc nulls last limit ${RECENT_WINDOW}) w
        join ${tickets} o on o.id = w.id
        where ${searchTextMayMatch(param('pattern'), 'w')} and ${matches}${ownContact('o')}
        order by w.id desc nulls last
        limit ${shape.limit})
      union all
      (select o.id from ${tickets} o
        where o.cid = ${param('cid')} and ${ticketTypeIs(type, 'o')}${ownContact('o')} and ${matches} and o.id + 0 < ${windowStart}
        order by o.id + 0 desc limit ${shape.limit})
      limit ${shape.limit})`;
}

/**
 * What the statement's text depends on: whether it keeps to one contact, the ticket type a
 * ticket-number term names (db/search.ts ticketSearchPatternMatches), and the limit. The cid, contact,
 * pattern and number range are parameters, so the text is built once per shape and prepared under its
 * name (preparedName).
 */
interface TicketSearchShape {
  ownOnly: boolean;
  numberType: TicketType | undefined;
  limit: number;
}

const shapeOf = (scope: TicketSearchScope, term: string, limit: number): TicketSearchShape => ({
  ownOnly: scope.contactId !== undefined,
  numberType: ticketNumberTypeOf(term),
  limit,
});

function paramsOf(scope: TicketSearchScope, term: string): Params {
  const number = ticketNumberPrefix(term);
  return { cid: scope.cid, contactId: scope.contactId ?? null, pattern: containsPattern(term), numberFrom: number.from, numberBelow: number.below };
}

/**
 * The newest `limit` incidents and the newest `limit` service requests matching the term by number,
 * short description or target name: one statement, each type limited in SQL (typeHits), the rows
 * joined to their contact, device and department once for both.
 */
function ticketSearchSql(shape: TicketSearchShape, param: ParamOf): SQL {
  // Naming the index's NULLS placement lets it supply the order: plain `desc` means NULLS FIRST, and
  // the planner then read all the tenant's entries of the type and sorted them. The window is the
  // tenant's, whoever asks: a User's own tickets are filtered in typeHits.
  const windows = TICKET_TYPES.map(
    (type) =>
      sql`${windowOf(type)} as (select min(w.id) as id from (select w0.id from ${tickets} w0 where w0.cid = ${param('cid')} and ${ticketTypeIs(type, 'w0')} order by w0.id desc nulls last limit ${RECENT_WINDOW}) w)`,
  );
  const branches = TICKET_TYPES.map((type) => sql`(select ${type}::text as ticket_type, h.id from ${typeHits(shape, param, type)} h)`);
  return sql`
    with ${sql.join(windows, sql`, `)},
    hits as (${sql.join(branches, sql` union all `)})
    select h.ticket_type, t.id, t.ticket_no, t.status, t.short_description, t.open_date,
           c.first_name, c.last_name, d.device_name, dep.name as department
    from hits h
    join ${tickets} t on t.id = h.id
    left join ${contacts} c on c.id = t.contact_id
    left join ${devices} d on d.id = t.device_id
    left join ${departments} dep on dep.id = t.department_id
    order by t.id desc`;
}

/** ticketSearchSql with this search's values in it (the plan tests EXPLAIN it). */
export function ticketSearchQuery(scope: TicketSearchScope, term: string, limit: number): SQL {
  return ticketSearchSql(shapeOf(scope, term, limit), valueOf(paramsOf(scope, term)));
}

const dialect = new PgDialect();
const ticketSearchStatementOf = (shape: TicketSearchShape, key: string): ShapedStatement =>
  shapedStatement({ toSQL: () => dialect.sqlToQuery(ticketSearchSql(shape, placeholderOf)) }, preparedName('gs_tickets', key));

/** The statement a search is prepared as (placeholders, not values) and its parameters in $n order: the plan test's probe. */
export function ticketSearchStatement(scope: TicketSearchScope, term: string, limit: number): { text: string; params: unknown[] } {
  const st = ticketSearchStatementOf(shapeOf(scope, term, limit), 'probe');
  return { text: st.text, params: paramsFor(st, paramsOf(scope, term)) };
}
const ticketStatements = new ShapedStatements(64);

/** The newest matches of each type (ticketSearchQuery), as global search records. */
export async function searchTickets(db: Db, scope: TicketSearchScope, term: string, limit: number): Promise<TicketSearchHits> {
  const shape = shapeOf(scope, term, limit);
  const key = `${shape.ownOnly ? 'own' : 'all'}_${shape.numberType ?? 'text'}_${shape.limit}`;
  const st = ticketStatements.get(db, key, () => ticketSearchStatementOf(shape, key));
  const out: TicketSearchHits = { Incident: [], ServiceRequest: [] };
  // Columns in ticketSearchSql's select order.
  for (const [type, id, ticketNo, status, shortDescription, openDate, firstName, lastName, deviceName, department] of await queryRowArrays(db, st, paramsOf(scope, term))) {
    const ticketType = type as TicketType;
    out[ticketType].push({
      searchType: ticketType === 'Incident' ? SEARCH_TYPE.Incident : SEARCH_TYPE.ServiceRequest,
      internalId: Number(id),
      dateField: toIso(openDate as Date | string),
      stringField: ticketNo as string,
      status: status as string,
      organizationName: null,
      lastName: lastName as string | null,
      firstName: firstName as string | null,
      deviceName: deviceName as string | null,
      department: department as string | null,
      description: shortDescription as string,
    });
  }
  return out;
}

/**
 * Every statement of global search is built once per shape and prepared under its name (db/shaped-
 * statements.ts): node-postgres parses it once per connection, and after five runs PostgreSQL keeps a
 * generic plan instead of planning each search. Planning the tickets statement (seven references to
 * `tickets` and its 28 indexes, three ILIKE estimates each) took ≈ 2.2 ms, more than running it for most
 * terms; the generic plans run the bench's twelve terms in 35 ms where the custom ones took 49 ms with
 * their planning (docs/decisions/033-search-generic-plans.md). What a generic plan cannot see is the
 * term's frequency: it walks each type's window (RECENT_WINDOW rows at most) and asks the trigram bitmap
 * only for the older matches, which bounds both.
 */
const contactStatements = new ShapedStatements(8);
const jobStatements = new ShapedStatements(8);

/** The customer's newest contacts matching 'first last email' (contacts_search_trgm). */
export async function searchContacts(db: Db, cid: number, term: string, limit: number): Promise<SearchRecord[]> {
  const st = contactStatements.get(db, String(limit), () =>
    shapedStatement(
      db
        .select({
          id: contacts.id,
          email: contacts.email,
          isActive: contacts.isActive,
          firstName: contacts.firstName,
          lastName: contacts.lastName,
          createdAt: contacts.createdAt,
          organizationName: customers.name,
          department: departments.name,
        })
        .from(contacts)
        .innerJoin(customers, eq(customers.id, contacts.cid))
        .leftJoin(departments, eq(departments.id, contacts.departmentId))
        .where(and(eq(contacts.cid, sql.placeholder('cid')), contactPatternMatches(sql.placeholder('pattern'))))
        .orderBy(desc(contacts.id))
        .limit(limit),
      preparedName('gs_contacts', String(limit)),
    ),
  );
  const rows = await queryRowArrays(db, st, { cid, pattern: containsPattern(term) });
  // Columns in the select's order.
  return rows.map(([id, email, isActive, firstName, lastName, createdAt, organizationName, department]) => ({
    searchType: SEARCH_TYPE.Contact,
    internalId: Number(id),
    dateField: toIso(createdAt as Date | string | null),
    stringField: email as string,
    status: isActive ? 'Active' : 'Inactive',
    organizationName: organizationName as string,
    lastName: lastName as string | null,
    firstName: firstName as string | null,
    deviceName: null,
    department: department as string | null,
    description: null,
  }));
}

/**
 * The customer's newest jobs matching number or description. A customer has tens of agreements,
 * not millions: jobs_cid_id_idx bounds the scan to the tenant, no trigram index needed.
 */
export async function searchJobs(db: Db, cid: number, term: string, limit: number): Promise<SearchRecord[]> {
  const st = jobStatements.get(db, String(limit), () =>
    shapedStatement(
      db
        .select({ id: jobs.id, jobNum: jobs.jobNum, description: jobs.internalShortDesc, status: jobs.jobStatus, startDate: sql<string | null>`${jobs.startDate}::text`, createdAt: jobs.createdAt })
        .from(jobs)
        .where(and(eq(jobs.cid, sql.placeholder('cid')), jobPatternMatches(sql.placeholder('pattern'))))
        .orderBy(desc(jobs.id))
        .limit(limit),
      preparedName('gs_jobs', String(limit)),
    ),
  );
  const rows = await queryRowArrays(db, st, { cid, pattern: containsPattern(term) });
  return rows.map(([id, jobNum, description, status, startDate, createdAt]) => ({
    searchType: SEARCH_TYPE.Job,
    internalId: Number(id),
    // The agreement's start date is a calendar date (as text: the driver would make a local Date of it);
    // a job without one shows when it was recorded.
    dateField: (startDate as string | null) ?? toIso(createdAt as Date | string | null),
    stringField: jobNum as string,
    status: status as string,
    organizationName: null,
    lastName: null,
    firstName: null,
    deviceName: null,
    department: null,
    description: description as string | null,
  }));
}
