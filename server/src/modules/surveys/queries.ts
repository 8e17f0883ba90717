import { and, count, desc, eq, gt, gte, inArray, isNull, sql, type SQL } from 'drizzle-orm';
import type { SortDirection, SurveyListRequest } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { contacts, surveyInvitations, surveys, tickets } from '../../db/schema/index.ts';
import { surveyTextMatches } from '../../db/search.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';

// SQL of the satisfaction surveys (docs/requirements.md §20). Every query is within one customer (cid);
// a contact narrows it to that contact's answers and invitations.

/** Whose surveys: a customer, or one contact of it (a User's own, /contact/surveys/{id}). */
export interface SurveyFilter {
  cid: number;
  contactId?: number;
}

/** The list's sort keys and their columns; each has its (cid, column, id) index. */
const SORT_COLUMNS = {
  dateSubmitted: surveys.dateSubmitted,
  source: surveys.source,
  submittedBy: surveys.submittedByName,
  ticketNo: surveys.ticketNo,
  response: surveys.response,
  assignedTo: surveys.assignedTo,
} as const satisfies Record<SurveyListRequest['sort'], unknown>;

function surveyWhere(f: SurveyFilter, search?: string): SQL {
  const parts: SQL[] = [eq(surveys.cid, f.cid)];
  if (f.contactId !== undefined) parts.push(eq(surveys.submittedByContactId, f.contactId));
  if (search) parts.push(surveyTextMatches(search));
  return and(...parts)!;
}

export async function selectSurveyPage(db: Db, f: SurveyFilter, search: string | undefined, sort: SurveyListRequest['sort'], direction: SortDirection, slice: Slice) {
  const where = surveyWhere(f, search);
  const order = sortOrder(direction, SORT_COLUMNS[sort], surveys.id);
  // The page's ids first, from the sort's (cid, column, id) index alone; the rows and their tickets are
  // read for those ids only (a deep page no longer fetches and joins every row it skips: decision 026).
  const pageIds = db.select({ id: surveys.id }).from(surveys).where(where).orderBy(...order).limit(slice.limit).offset(slice.offset);
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: surveys.id,
        dateSubmitted: surveys.dateSubmitted,
        source: surveys.source,
        submittedBy: surveys.submittedByName,
        submittedByContactId: surveys.submittedByContactId,
        ticketId: surveys.ticketId,
        ticketNo: surveys.ticketNo,
        ticketType: tickets.ticketType,
        response: surveys.response,
        assignedTo: surveys.assignedTo,
        comment: surveys.comment,
        invitationId: surveys.invitationId,
      })
      .from(surveys)
      // The ticket's type for the Incident # link (a primary-key look-up per row of the page).
      .leftJoin(tickets, and(eq(tickets.id, surveys.ticketId), eq(tickets.cid, surveys.cid)))
      .where(and(eq(surveys.cid, f.cid), inArray(surveys.id, pageIds)))
      .orderBy(...order),
    db.select({ n: count() }).from(surveys).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

type CountRow = { key: string; up: number; down: number };

/** Thumbs up / down per month, assignee and source, and invitations answered per month (the charts). */
export async function selectSurveyCharts(db: Db, f: SurveyFilter, timeZone: string) {
  const where = surveyWhere(f);
  const up = sql<number>`(count(*) filter (where ${surveys.response} > 0))::int`;
  const down = sql<number>`(count(*) filter (where coalesce(${surveys.response}, 0) <= 0))::int`;
  const month = sql<string>`to_char(${surveys.dateSubmitted} at time zone ${timeZone}, 'YYYY-MM')`;
  const assignee = sql<string>`coalesce(${surveys.assignedTo}, 'Unassigned')`;
  const source = sql<string>`coalesce(${surveys.source}, 'Unknown')`;
  // Grouped by position: each expression carries a bound parameter, and a repeated one would not match.
  const first = sql`1`;
  const invWhere = and(eq(surveyInvitations.cid, f.cid), f.contactId !== undefined ? eq(surveyInvitations.contactId, f.contactId) : undefined);
  const invMonth = sql<string>`to_char(${surveyInvitations.createdAt} at time zone ${timeZone}, 'YYYY-MM')`;
  // The latest 12 months with answers (or invitations): first within the last 12 months of the user's
  // calendar, an index range of the (cid, date) indexes; only when fewer than 12 of those months have
  // any does the query read further back (the same rows as reading everything: a month outside the
  // window is older than every month inside it).
  const windowStart = sql`((date_trunc('month', now() at time zone ${timeZone}) - interval '11 months') at time zone ${timeZone})`;
  const latestMonths = async <R>(run: (since: SQL | undefined) => Promise<R[]>): Promise<R[]> => {
    const recent = await run(windowStart);
    return recent.length >= 12 ? recent : run(undefined);
  };
  const [overTime, byAssignee, bySource, rateByMonth, [rate]] = await Promise.all([
    latestMonths(
      (since) =>
        db
          .select({ key: month, up, down })
          .from(surveys)
          .where(since ? and(where, gte(surveys.dateSubmitted, since)) : where)
          .groupBy(first)
          .orderBy(sql`1 desc`)
          .limit(12) as Promise<CountRow[]>,
    ),
    db.select({ key: assignee, up, down }).from(surveys).where(where).groupBy(first).orderBy(sql`count(*) desc`, sql`1`).limit(10) as Promise<CountRow[]>,
    db.select({ key: source, up, down }).from(surveys).where(where).groupBy(first).orderBy(sql`1`) as Promise<CountRow[]>,
    latestMonths((since) =>
      db
        .select({ month: invMonth, invited: sql<number>`count(*)::int`, answered: sql<number>`count(${surveyInvitations.answeredAt})::int` })
        .from(surveyInvitations)
        .where(since ? and(invWhere, gte(surveyInvitations.createdAt, since)) : invWhere)
        .groupBy(first)
        .orderBy(sql`1 desc`)
        .limit(12),
    ),
    db.select({ invited: sql<number>`count(*)::int`, answered: sql<number>`count(${surveyInvitations.answeredAt})::int` }).from(surveyInvitations).where(invWhere),
  ]);
  return {
    overTime: overTime.reverse().map((r) => ({ month: r.key, up: r.up, down: r.down })),
    byAssignee: byAssignee.map((r) => ({ assignedTo: r.key, up: r.up, down: r.down })),
    bySource: bySource.map((r) => ({ source: r.key, up: r.up, down: r.down })),
    responseRate: { invited: rate?.invited ?? 0, answered: rate?.answered ?? 0, byMonth: rateByMonth.reverse() },
  };
}

// ---- Invitations ------------------------------------------------------------------------------

interface NewInvitation {
  cid: number;
  ticketId: number;
  contactId: number;
  assignedStaffId: number | null;
  assignedTo: string | null;
  expiresAt: Date;
}

/** The ticket's invitation, unless it already has one (once per ticket): its id, or null. */
export async function insertInvitationOnce(db: Db, v: NewInvitation): Promise<number | null> {
  const rows = await db.insert(surveyInvitations).values(v).onConflictDoNothing({ target: surveyInvitations.ticketId }).returning({ id: surveyInvitations.id });
  return rows[0]?.id ?? null;
}

export async function markInvitationEmailed(db: Db, id: number): Promise<void> {
  await db.update(surveyInvitations).set({ isEmailed: true }).where(eq(surveyInvitations.id, id));
}

const invitationColumns = {
  id: surveyInvitations.id,
  cid: surveyInvitations.cid,
  contactId: surveyInvitations.contactId,
  ticketId: surveyInvitations.ticketId,
  ticketNo: tickets.ticketNo,
  ticketType: tickets.ticketType,
  shortDescription: tickets.shortDescription,
  closedDate: tickets.closedDate,
  assignedStaffId: surveyInvitations.assignedStaffId,
  assignedTo: surveyInvitations.assignedTo,
  expiresAt: surveyInvitations.expiresAt,
  answeredAt: surveyInvitations.answeredAt,
  firstName: contacts.firstName,
  lastName: contacts.lastName,
};

/** A contact's open invitations (not answered, not expired), newest first: the home page card. */
export function selectOpenInvitations(db: Db, cid: number, contactId: number, limit: number) {
  return db
    .select(invitationColumns)
    .from(surveyInvitations)
    .innerJoin(tickets, eq(tickets.id, surveyInvitations.ticketId))
    .innerJoin(contacts, eq(contacts.id, surveyInvitations.contactId))
    .where(and(eq(surveyInvitations.cid, cid), eq(surveyInvitations.contactId, contactId), isNull(surveyInvitations.answeredAt), gt(surveyInvitations.expiresAt, sql`now()`)))
    .orderBy(desc(surveyInvitations.createdAt), desc(surveyInvitations.id))
    .limit(limit);
}

type InvitationRow = Awaited<ReturnType<typeof selectOpenInvitations>>[number];

export async function findInvitation(db: Db, id: number): Promise<InvitationRow | undefined> {
  const [row] = await db
    .select(invitationColumns)
    .from(surveyInvitations)
    .innerJoin(tickets, eq(tickets.id, surveyInvitations.ticketId))
    .innerJoin(contacts, eq(contacts.id, surveyInvitations.contactId))
    .where(eq(surveyInvitations.id, id))
    .limit(1);
  return row;
}

/**
 * Answers an open invitation: marks it answered (only if it still is open: the single use) and records
 * the survey, in `db` (a transaction). Null when it was already answered or has expired.
 */
export async function answerInvitation(db: Db, inv: InvitationRow, a: { response: number; source: string; comment: string | null }) {
  const claimed = await db
    .update(surveyInvitations)
    .set({ answeredAt: sql`now()` })
    .where(and(eq(surveyInvitations.id, inv.id), isNull(surveyInvitations.answeredAt), gt(surveyInvitations.expiresAt, sql`now()`)))
    .returning({ id: surveyInvitations.id });
  if (claimed.length === 0) return null;
  const [row] = await db
    .insert(surveys)
    .values({
      cid: inv.cid,
      ticketId: inv.ticketId,
      ticketNo: inv.ticketNo,
      submittedByContactId: inv.contactId,
      submittedByName: `${inv.firstName} ${inv.lastName}`.trim(),
      source: a.source,
      response: a.response,
      assignedStaffId: inv.assignedStaffId,
      assignedTo: inv.assignedTo,
      comment: a.comment,
      invitationId: inv.id,
    })
    .returning({ id: surveys.id, response: surveys.response, dateSubmitted: surveys.dateSubmitted });
  return row!;
}

export async function findSurveyOfInvitation(db: Db, invitationId: number) {
  const [row] = await db
    .select({ id: surveys.id, response: surveys.response, source: surveys.source, comment: surveys.comment, dateSubmitted: surveys.dateSubmitted })
    .from(surveys)
    .where(eq(surveys.invitationId, invitationId))
    .limit(1);
  return row;
}

/** The optional comment of a one-click answer: once (only while none), within `hours` of the answer. */
export async function addCommentOnce(db: Db, surveyId: number, comment: string, hours: number): Promise<boolean> {
  const res = await db
    .update(surveys)
    .set({ comment })
    .where(and(eq(surveys.id, surveyId), isNull(surveys.comment), gt(surveys.dateSubmitted, sql`now() - make_interval(hours => ${hours})`)))
    .returning({ id: surveys.id });
  return res.length === 1;
}

