import { and, desc, eq, sql, type SQL } from 'drizzle-orm';
import { SEARCH_TYPE, type SearchRecord } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { rowsOf } from '../../db/ids.ts';
import { contactMatches, jobTextMatches, ticketColumnsOf, ticketTextMatches } from '../../db/search.ts';
import { contacts, customers, departments, devices, jobs, tickets, type TicketType } from '../../db/schema/index.ts';

/**
 * How many of the newest tickets of the tenant and type are scanned before the trigram indexes are
 * asked. A common word matches many of them, so the newest hits are found after a few hundred
 * index entries; a rare one is answered by the trigram bitmap, which then holds few rows to sort.
 * Measured at 100k tickets in one tenant: docs/decisions/008-global-search.md.
 */
export const RECENT_WINDOW = 1000;

/** Whose tickets are searched: always one customer and one type; a User only its own contact's. */
export interface TicketSearchFilter {
  cid: number;
  ticketType: TicketType;
  contactId?: number;
}

/** node-postgres and PGlite hand timestamptz back as Date; a string is parsed for safety. */
const toIso = (v: Date | string | null): string | null => (v == null ? null : (v instanceof Date ? v : new Date(v)).toISOString());

interface TicketHitRow {
  id: number;
  ticket_no: string;
  status: string;
  short_description: string;
  open_date: Date | string;
  first_name: string | null;
  last_name: string | null;
  device_name: string | null;
  department: string | null;
}

/**
 * The newest `limit` tickets matching the term by number, short description or target name.
 * Two branches under one LIMIT: first the newest RECENT_WINDOW tickets are filtered (a bounded
 * walk of the (cid, ticket_type, id desc) index: fast for common words); only if they hold fewer
 * than `limit` hits does the second branch run, which asks the cid-leading trigram indexes for the
 * older matches (fast for rare words). `id + 0` keeps the planner from walking the id index there
 * or ANDing a bitmap of the whole id range. The slow case left: a word common in the other ticket
 * type only (the trigram indexes have no ticket_type), see docs/decisions/008-global-search.md.
 */
export async function searchTickets(db: Db, f: TicketSearchFilter, term: string, limit: number): Promise<SearchRecord[]> {
  const scope: SQL = f.contactId === undefined
    ? sql`${tickets.cid} = ${f.cid} and ${tickets.ticketType} = ${f.ticketType}`
    : sql`${tickets.cid} = ${f.cid} and ${tickets.ticketType} = ${f.ticketType} and ${tickets.contactId} = ${f.contactId}`;
  const matches = (alias: string): SQL => ticketTextMatches(term, ticketColumnsOf(alias));
  // Only ids: an index-only scan of (cid, ticket_type, id desc), which the planner then also keeps
  // for a small tenant instead of reading all its rows to sort them.
  const window = sql`select ${tickets.id} from ${tickets} where ${scope} order by ${tickets.id} desc limit ${RECENT_WINDOW}`;
  const res = await db.execute(sql`
    with hits as (
      (select r.id from (${window}) w join ${tickets} r on r.id = w.id
        where ${matches('r')} order by w.id desc limit ${limit})
      union all
      (select o.id from ${tickets} o
        where o.cid = ${f.cid} and o.ticket_type = ${f.ticketType}
          ${f.contactId === undefined ? sql`` : sql`and o.contact_id = ${f.contactId}`}
          and ${matches('o')}
          and o.id + 0 < (select min(b.id) from (${window}) b)
        order by o.id + 0 desc limit ${limit})
      limit ${limit}
    )
    select t.id, t.ticket_no, t.status, t.short_description, t.open_date,
           c.first_name, c.last_name, d.device_name, dep.name as department
    from hits h
    join ${tickets} t on t.id = h.id
    left join ${contacts} c on c.id = t.contact_id
    left join ${devices} d on d.id = t.device_id
    left join ${departments} dep on dep.id = t.department_id
    order by t.id desc`);
  const searchType = f.ticketType === 'Incident' ? SEARCH_TYPE.Incident : SEARCH_TYPE.ServiceRequest;
  return rowsOf<TicketHitRow>(res).map((r) => ({
    searchType,
    internalId: Number(r.id),
    dateField: toIso(r.open_date),
    stringField: r.ticket_no,
    status: r.status,
    organizationName: null,
    lastName: r.last_name,
    firstName: r.first_name,
    deviceName: r.device_name,
    department: r.department,
    description: r.short_description,
  }));
}

/** The customer's newest contacts matching 'first last email' (contacts_search_trgm). */
export async function searchContacts(db: Db, cid: number, term: string, limit: number): Promise<SearchRecord[]> {
  const rows = await db
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
    .where(and(eq(contacts.cid, cid), contactMatches(term)))
    .orderBy(desc(contacts.id))
    .limit(limit);
  return rows.map((r) => ({
    searchType: SEARCH_TYPE.Contact,
    internalId: r.id,
    dateField: toIso(r.createdAt),
    stringField: r.email,
    status: r.isActive ? 'Active' : 'Inactive',
    organizationName: r.organizationName,
    lastName: r.lastName,
    firstName: r.firstName,
    deviceName: null,
    department: r.department,
    description: null,
  }));
}

/**
 * The customer's newest jobs matching number or description. A customer has tens of agreements,
 * not millions: jobs_cid_id_idx bounds the scan to the tenant, no trigram index needed.
 */
export async function searchJobs(db: Db, cid: number, term: string, limit: number): Promise<SearchRecord[]> {
  const rows = await db
    .select({ id: jobs.id, jobNum: jobs.jobNum, description: jobs.internalShortDesc, status: jobs.jobStatus, startDate: jobs.startDate, createdAt: jobs.createdAt })
    .from(jobs)
    .where(and(eq(jobs.cid, cid), jobTextMatches(term)))
    .orderBy(desc(jobs.id))
    .limit(limit);
  return rows.map((r) => ({
    searchType: SEARCH_TYPE.Job,
    internalId: r.id,
    // The agreement's start date is a calendar date; a job without one shows when it was recorded.
    dateField: r.startDate ?? toIso(r.createdAt),
    stringField: r.jobNum,
    status: r.status,
    organizationName: null,
    lastName: null,
    firstName: null,
    deviceName: null,
    department: null,
    description: r.description,
  }));
}
