import { and, asc, count, desc, eq, gte, inArray, ne, sql, type SQL } from 'drizzle-orm';
import type { JobSaveValues, JobSortKey, ManagedServiceSortKey, TimeEntrySortKey } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import { balanceTransactions, invoiceLines, jobProducts, jobs, managedServices, providerStaff, tickets, timeEntries } from '../../db/schema/index.ts';

// The only SQL of jobs and billing. Every query filters by the caller's customer (cid). Money is summed
// and multiplied in SQL numeric and returned as text, so no binary floating point touches it.

type Direction = 'asc' | 'desc';
/** numeric → '1234.50' (2 decimals, rounded half away from zero by PostgreSQL). */
const money = (e: SQL) => sql<string>`(${e})::numeric(14,2)::text`;
/** +amount for an INVOICE, −amount for a PAYMENT or CREDIT MEMO (requirements §11.3). */
const signedAmount = sql`case when ${balanceTransactions.transType} = 'INVOICE' then ${balanceTransactions.amount} else -${balanceTransactions.amount} end`;

// ---- Jobs -------------------------------------------------------------------------------------

const jobColumns = {
  id: jobs.id,
  jobNum: jobs.jobNum,
  summary: jobs.internalShortDesc,
  status: jobs.jobStatus,
  startDate: jobs.startDate,
  endDate: jobs.endDate,
};

const JOB_SORT = { id: jobs.id, jobNum: jobs.jobNum, jobStatus: jobs.jobStatus } as const;

/** All Jobs: IncludeInactive=false keeps the Active ones only. */
export async function selectJobPage(db: Db, cid: number, includeInactive: boolean, o: { sort: JobSortKey; direction: Direction }, slice: Slice) {
  const where = includeInactive ? eq(jobs.cid, cid) : and(eq(jobs.cid, cid), eq(jobs.jobStatus, 'Active'));
  const [rows, [total]] = await Promise.all([
    db.select(jobColumns).from(jobs).where(where).orderBy(...sortOrder(o.direction, JOB_SORT[o.sort], jobs.id)).limit(slice.limit).offset(slice.offset),
    db.select({ n: count() }).from(jobs).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** The job's owner by id alone, so the service tells 'another customer' from 'missing'. */
export async function selectJobRef(db: Db, id: number) {
  const [row] = await db.select({ id: jobs.id, cid: jobs.cid, jobNum: jobs.jobNum, summary: jobs.internalShortDesc }).from(jobs).where(eq(jobs.id, id));
  return row;
}

/** Job by ID with the Agreement dialog's figures; the month is the caller's (time zone `tz`). */
export async function selectJobDetail(db: Db, cid: number, id: number, tz: string) {
  const [row] = await db.select(jobColumns).from(jobs).where(and(eq(jobs.cid, cid), eq(jobs.id, id)));
  if (!row) return undefined;
  const monthStart = sql`(date_trunc('month', now() at time zone ${tz}) at time zone ${tz})`;
  const [[services], [hours]] = await Promise.all([
    db
      .select({ n: count(), value: money(sql`coalesce(sum(${managedServices.sellPrice} * ${managedServices.quantity}), 0)`) })
      .from(managedServices)
      .where(and(eq(managedServices.cid, cid), eq(managedServices.jobId, id), eq(managedServices.okToInvoice, true), eq(managedServices.isClosed, false))),
    db
      .select({ hours: money(sql`coalesce(sum(${timeEntries.durationHours}), 0)`) })
      .from(timeEntries)
      .where(
        and(
          eq(timeEntries.cid, cid),
          eq(timeEntries.jobId, id),
          sql`${timeEntries.timeIn} >= ${monthStart}`,
          sql`${timeEntries.timeIn} < ${monthStart} + interval '1 month'`,
        ),
      ),
  ]);
  return { ...row, managedServicesCount: services?.n ?? 0, monthlyValue: services?.value ?? '0.00', hoursThisMonth: hours?.hours ?? '0.00' };
}

export async function jobNumTaken(db: Db, cid: number, jobNum: string, exceptId?: number): Promise<boolean> {
  const where = [eq(jobs.cid, cid), eq(jobs.jobNum, jobNum)];
  if (exceptId !== undefined) where.push(ne(jobs.id, exceptId));
  const [row] = await db.select({ id: jobs.id }).from(jobs).where(and(...where)).limit(1);
  return !!row;
}

export async function insertJob(db: Db, cid: number, v: JobSaveValues): Promise<number> {
  const [row] = await db
    .insert(jobs)
    .values({ cid, jobNum: v.jobNum, internalShortDesc: v.internalShortDesc, jobStatus: v.jobStatus, startDate: v.startDate, endDate: v.endDate })
    .returning({ id: jobs.id });
  return row!.id;
}

export async function updateJob(db: Db, cid: number, id: number, v: JobSaveValues): Promise<void> {
  await db
    .update(jobs)
    .set({ jobNum: v.jobNum, internalShortDesc: v.internalShortDesc, jobStatus: v.jobStatus, startDate: v.startDate, endDate: v.endDate })
    .where(and(eq(jobs.cid, cid), eq(jobs.id, id)));
}

// ---- Managed services -------------------------------------------------------------------------

const MS_SORT = {
  id: managedServices.id,
  rateDesc: managedServices.rateDesc,
  description: managedServices.description,
  sellPrice: managedServices.sellPrice,
  quantity: managedServices.quantity,
} as const;

interface ManagedServiceFilter {
  cid: number;
  jobId?: number;
}

/** IncludeClosedJobManagedServices=false and OkToInvoiceOnly=true, the list's fixed parameters (requirements §11.5). */
function managedServiceWhere(f: ManagedServiceFilter): SQL {
  const parts = [eq(managedServices.cid, f.cid), eq(managedServices.okToInvoice, true), eq(managedServices.isClosed, false)];
  if (f.jobId !== undefined) parts.push(eq(managedServices.jobId, f.jobId));
  return and(...parts)!;
}

const msColumns = {
  id: managedServices.id,
  jobId: managedServices.jobId,
  jobNum: jobs.jobNum,
  rateDesc: managedServices.rateDesc,
  description: managedServices.description,
  sellPrice: sql<string>`${managedServices.sellPrice}::text`,
  quantity: sql<string>`${managedServices.quantity}::text`,
};

const msOrder = (o: { sort: ManagedServiceSortKey; direction: Direction }) => sortOrder(o.direction, MS_SORT[o.sort], managedServices.id);

export async function selectManagedServicePage(db: Db, f: ManagedServiceFilter, o: { sort: ManagedServiceSortKey; direction: Direction }, slice: Slice) {
  const where = managedServiceWhere(f);
  const [rows, [total]] = await Promise.all([
    db
      .select(msColumns)
      .from(managedServices)
      .innerJoin(jobs, eq(jobs.id, managedServices.jobId))
      .where(where)
      .orderBy(...msOrder(o))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(managedServices).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function selectManagedServicesForExport(db: Db, f: ManagedServiceFilter, o: { sort: ManagedServiceSortKey; direction: Direction }, limit: number) {
  return db
    .select(msColumns)
    .from(managedServices)
    .innerJoin(jobs, eq(jobs.id, managedServices.jobId))
    .where(managedServiceWhere(f))
    .orderBy(...msOrder(o))
    .limit(limit);
}

// ---- Balances ---------------------------------------------------------------------------------

/**
 * All Customer Balances: the Balance Forward (signed sum before `asOfDate`), the newest `limit`
 * transactions on or after it (TransID descending, requirements §11.6) and the Total over all of them.
 */
export async function selectBalances(db: Db, cid: number, jobId: number | undefined, asOfDate: string, limit: number) {
  const base = jobId === undefined ? eq(balanceTransactions.cid, cid) : and(eq(balanceTransactions.cid, cid), eq(balanceTransactions.jobId, jobId))!;
  const [[sums], rows] = await Promise.all([
    db
      .select({
        forward: money(sql`coalesce(sum(${signedAmount}) filter (where ${balanceTransactions.transDate} < ${asOfDate}), 0)`),
        total: money(sql`coalesce(sum(${signedAmount}), 0)`),
        n: sql<number>`(count(*) filter (where ${balanceTransactions.transDate} >= ${asOfDate}))::int`,
      })
      .from(balanceTransactions)
      .where(base),
    db
      .select({
        id: balanceTransactions.id,
        transNum: balanceTransactions.transNum,
        transType: balanceTransactions.transType,
        transDate: balanceTransactions.transDate,
        amount: sql<string>`${balanceTransactions.amount}::text`,
        includeTimeActivity: balanceTransactions.includeTimeActivity,
        invoiceAppliedId: balanceTransactions.invoiceAppliedId,
        jobId: balanceTransactions.jobId,
        jobNum: jobs.jobNum,
      })
      .from(balanceTransactions)
      .innerJoin(jobs, eq(jobs.id, balanceTransactions.jobId))
      .where(and(base, gte(balanceTransactions.transDate, asOfDate)))
      .orderBy(desc(balanceTransactions.id))
      .limit(limit),
  ]);
  return { balanceForward: sums?.forward ?? '0.00', total: sums?.total ?? '0.00', rows, count: Number(sums?.n ?? 0) };
}

// ---- Invoice details --------------------------------------------------------------------------

export async function selectInvoiceRef(db: Db, id: number) {
  const [row] = await db
    .select({
      id: balanceTransactions.id,
      cid: balanceTransactions.cid,
      transNum: balanceTransactions.transNum,
      transType: balanceTransactions.transType,
      transDate: balanceTransactions.transDate,
      amount: sql<string>`${balanceTransactions.amount}::text`,
      includeTimeActivity: balanceTransactions.includeTimeActivity,
      jobId: balanceTransactions.jobId,
      jobNum: jobs.jobNum,
    })
    .from(balanceTransactions)
    .innerJoin(jobs, eq(jobs.id, balanceTransactions.jobId))
    .where(eq(balanceTransactions.id, id));
  return row;
}

/** Lines with Total = Qty × Price rounded to the cent, and the grand total of those rounded totals. */
export async function selectInvoiceLines(db: Db, cid: number, invoiceId: number) {
  const lineTotal = sql`round(${invoiceLines.quantity} * ${invoiceLines.price}, 2)`;
  const where = and(eq(invoiceLines.cid, cid), eq(invoiceLines.invoiceId, invoiceId));
  const [lines, [sum]] = await Promise.all([
    db
      .select({
        id: invoiceLines.id,
        item: invoiceLines.item,
        description: invoiceLines.description,
        quantity: sql<string>`${invoiceLines.quantity}::text`,
        price: sql<string>`${invoiceLines.price}::text`,
        total: money(lineTotal),
      })
      .from(invoiceLines)
      .where(where)
      .orderBy(asc(invoiceLines.id))
      .limit(2000),
    db.select({ total: money(sql`coalesce(sum(${lineTotal}), 0)`) }).from(invoiceLines).where(where),
  ]);
  return { lines, grandTotal: sum?.total ?? '0.00' };
}

// ---- Products ---------------------------------------------------------------------------------

const productColumns = {
  id: jobProducts.id,
  productName: jobProducts.productName,
  customerDescription: jobProducts.customerDescription,
  quantity: sql<string>`${jobProducts.quantity}::text`,
  price: sql<string>`${jobProducts.price}::text`,
  productClass: jobProducts.productClass,
  billableOption: jobProducts.billableOption,
};

const productOrder = (o: { sort: 'id' | 'productName'; direction: Direction }) =>
  sortOrder(o.direction, o.sort === 'id' ? jobProducts.id : jobProducts.productName, jobProducts.id);

export async function selectProductPage(db: Db, cid: number, jobId: number, o: { sort: 'id' | 'productName'; direction: Direction }, slice: Slice) {
  const where = and(eq(jobProducts.cid, cid), eq(jobProducts.jobId, jobId));
  const [rows, [total]] = await Promise.all([
    db.select(productColumns).from(jobProducts).where(where).orderBy(...productOrder(o)).limit(slice.limit).offset(slice.offset),
    db.select({ n: count() }).from(jobProducts).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export function selectProductsForExport(db: Db, cid: number, jobId: number, o: { sort: 'id' | 'productName'; direction: Direction }, limit: number) {
  return db
    .select(productColumns)
    .from(jobProducts)
    .where(and(eq(jobProducts.cid, cid), eq(jobProducts.jobId, jobId)))
    .orderBy(...productOrder(o))
    .limit(limit);
}

// ---- Time data --------------------------------------------------------------------------------

const TIME_SORT = { id: timeEntries.id, memberName: timeEntries.memberName, activityType: timeEntries.activityType, rateDesc: timeEntries.rateDesc } as const;

interface TimeEntryFilter {
  cid: number;
  jobId: number;
  invoiceId?: number;
}

function timeWhere(f: TimeEntryFilter): SQL {
  const parts = [eq(timeEntries.cid, f.cid), eq(timeEntries.jobId, f.jobId)];
  if (f.invoiceId !== undefined) parts.push(eq(timeEntries.invoiceId, f.invoiceId));
  return and(...parts)!;
}

const timeColumns = {
  id: timeEntries.id,
  jobId: timeEntries.jobId,
  memberName: timeEntries.memberName,
  staffEmail: providerStaff.email,
  activityType: timeEntries.activityType,
  rateDesc: timeEntries.rateDesc,
  rate: sql<string | null>`${timeEntries.rate}::text`,
  ticketId: timeEntries.ticketId,
  ticketNo: tickets.ticketNo,
  ticketSummary: tickets.shortDescription,
  invoiceId: timeEntries.invoiceId,
  invoiceNum: balanceTransactions.transNum,
  isInvoiced: timeEntries.isInvoiced,
  timeIn: timeEntries.timeIn,
  timeOut: timeEntries.timeOut,
  hours: sql<string>`${timeEntries.durationHours}::text`,
};

const timeOrder = (o: { sort: TimeEntrySortKey; direction: Direction }) => sortOrder(o.direction, TIME_SORT[o.sort], timeEntries.id);

function timeSelect(db: Db, f: TimeEntryFilter, extra?: SQL) {
  return (
    db
      .select(timeColumns)
      .from(timeEntries)
      .leftJoin(providerStaff, eq(providerStaff.id, timeEntries.staffId))
      // The ticket and invoice are the customer's own; the cid in the join keeps it so whatever the data.
      .leftJoin(tickets, and(eq(tickets.id, timeEntries.ticketId), eq(tickets.cid, f.cid)))
      .leftJoin(balanceTransactions, and(eq(balanceTransactions.id, timeEntries.invoiceId), eq(balanceTransactions.cid, f.cid)))
      .where(extra ? and(timeWhere(f), extra) : timeWhere(f))
  );
}

export async function selectTimeEntryPage(db: Db, f: TimeEntryFilter, o: { sort: TimeEntrySortKey; direction: Direction }, slice: Slice) {
  const where = timeWhere(f);
  // The page's ids first (an index-only walk of the sort's index), then the joins for those rows only:
  // PostgreSQL would otherwise join every skipped row of a deep page.
  const pageIds = db.select({ id: timeEntries.id }).from(timeEntries).where(where).orderBy(...timeOrder(o)).limit(slice.limit).offset(slice.offset);
  const [rows, [total]] = await Promise.all([
    timeSelect(db, f, inArray(timeEntries.id, pageIds)).orderBy(...timeOrder(o)),
    db.select({ n: count(), hours: money(sql`coalesce(sum(${timeEntries.durationHours}), 0)`) }).from(timeEntries).where(where),
  ]);
  return { rows, total: total?.n ?? 0, totalHours: total?.hours ?? '0.00' };
}

export function selectTimeEntriesForExport(db: Db, f: TimeEntryFilter, o: { sort: TimeEntrySortKey; direction: Direction }, limit: number) {
  return timeSelect(db, f).orderBy(...timeOrder(o)).limit(limit);
}
