import {
  agreementNumber,
  BALANCES_LIMIT,
  BILLING_EXPORT_LIMIT,
  canSeeJobs,
  type BalanceResponse,
  type InvoiceDetailsResponse,
  type JobDetail,
  type JobListResponse,
  type JobSaveValues,
  type ManagedServiceListResponse,
  type ProductListResponse,
  type TimeEntryListResponse,
  type ZJobListRequestSchema,
  type ZManagedServiceExportRequestSchema,
  type ZManagedServiceListRequestSchema,
  type ZProductExportRequestSchema,
  type ZProductListRequestSchema,
  type ZTimeEntryExportRequestSchema,
  type ZTimeEntryListRequestSchema,
} from '@sc/common';
import type { z } from 'zod';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden, notFound } from '../../http/errors.ts';
import { pageEnvelope, sliceOf } from '../../http/paging.ts';
import * as q from './queries.ts';

// Jobs and billing (requirements §11.1; issue 12). Administrator only, the caller's customer only: a job
// or invoice of another customer is refused with 'Not Authorized' (403), a missing one is 404.

/** requirements §11.4: only an Administrator sees jobs and their sub-pages. */
export function requireJobsAdmin(scope: Scope): void {
  if (!canSeeJobs(scope)) throw forbidden();
}

export async function requireOwnJob(db: Db, scope: Scope, id: number) {
  requireJobsAdmin(scope);
  const ref = await q.selectJobRef(db, id);
  if (!ref) throw notFound('Job not found');
  if (ref.cid !== scope.cid) throw forbidden();
  return ref;
}

const withAgreement = <R extends { id: number; jobNum: string }>(r: R) => ({ ...r, agreementNumber: agreementNumber(r) });

// ---- Jobs -------------------------------------------------------------------------------------

export async function listJobs(db: Db, scope: Scope, r: z.output<typeof ZJobListRequestSchema>): Promise<JobListResponse> {
  requireJobsAdmin(scope);
  const { rows, total } = await q.selectJobPage(db, scope.cid, r.includeInactive, r, sliceOf(r));
  return pageEnvelope(r, rows.map(withAgreement), total);
}

export async function getJob(db: Db, scope: Scope, id: number): Promise<JobDetail> {
  await requireOwnJob(db, scope, id);
  const row = await q.selectJobDetail(db, scope.cid, id, scope.user.timeZone);
  if (!row) throw notFound('Job not found');
  return withAgreement(row);
}

async function checkJobNum(db: Db, scope: Scope, v: JobSaveValues, exceptId?: number) {
  if (await q.jobNumTaken(db, scope.cid, v.jobNum, exceptId)) {
    throw badRequest({ jobNum: 'This Agreement # is already used' });
  }
}

/** new-job. */
export async function createJob(db: Db, scope: Scope, v: JobSaveValues): Promise<JobDetail> {
  requireJobsAdmin(scope);
  await checkJobNum(db, scope, v);
  return getJob(db, scope, await q.insertJob(db, scope.cid, v));
}

/** update-job. */
export async function updateJob(db: Db, scope: Scope, id: number, v: JobSaveValues): Promise<JobDetail> {
  await requireOwnJob(db, scope, id);
  await checkJobNum(db, scope, v, id);
  await q.updateJob(db, scope.cid, id, v);
  return getJob(db, scope, id);
}

// ---- Managed services -------------------------------------------------------------------------

/** Managed Service by ID (with a job) or All Managed Services. */
export async function listManagedServices(db: Db, scope: Scope, r: z.output<typeof ZManagedServiceListRequestSchema>): Promise<ManagedServiceListResponse> {
  if (r.jobId !== undefined) await requireOwnJob(db, scope, r.jobId);
  else requireJobsAdmin(scope);
  const { rows, total } = await q.selectManagedServicePage(db, { cid: scope.cid, jobId: r.jobId }, r, sliceOf(r));
  return pageEnvelope(r, rows, total);
}

export async function managedServicesForExport(db: Db, scope: Scope, r: z.output<typeof ZManagedServiceExportRequestSchema>) {
  if (r.jobId !== undefined) await requireOwnJob(db, scope, r.jobId);
  else requireJobsAdmin(scope);
  return q.selectManagedServicesForExport(db, { cid: scope.cid, jobId: r.jobId }, r, BILLING_EXPORT_LIMIT);
}

// ---- Balances ---------------------------------------------------------------------------------

/** All Customer Balances as of a date: bounded to the newest BALANCES_LIMIT transactions; totals cover all. */
export async function getBalances(db: Db, scope: Scope, r: { jobId?: number | undefined; asOfDate: string }, limit = BALANCES_LIMIT): Promise<BalanceResponse> {
  const job = r.jobId !== undefined ? await requireOwnJob(db, scope, r.jobId) : (requireJobsAdmin(scope), null);
  const b = await q.selectBalances(db, scope.cid, r.jobId, r.asOfDate, limit);
  return {
    asOfDate: r.asOfDate,
    balanceForward: b.balanceForward,
    rows: b.rows,
    totalAmount: b.total,
    truncated: b.count > b.rows.length,
    job: job ? { id: job.id, agreementNumber: agreementNumber(job), summary: job.summary } : null,
  };
}

// ---- Invoice details --------------------------------------------------------------------------

export async function getInvoiceDetails(db: Db, scope: Scope, id: number): Promise<InvoiceDetailsResponse> {
  requireJobsAdmin(scope);
  const inv = await q.selectInvoiceRef(db, id);
  if (!inv || inv.transType !== 'INVOICE') throw notFound('Invoice not found');
  if (inv.cid !== scope.cid) throw forbidden();
  const { lines, grandTotal } = await q.selectInvoiceLines(db, scope.cid, id);
  return {
    invoice: {
      id: inv.id,
      transNum: inv.transNum,
      transDate: inv.transDate,
      amount: inv.amount,
      jobId: inv.jobId,
      agreementNumber: agreementNumber({ id: inv.jobId, jobNum: inv.jobNum }),
      includeTimeActivity: inv.includeTimeActivity,
    },
    lines,
    grandTotal,
  };
}

// ---- Products ---------------------------------------------------------------------------------

const isBillable = (o: string | null) => o === 'Billable';

export async function listProducts(db: Db, scope: Scope, jobId: number, r: z.output<typeof ZProductListRequestSchema>): Promise<ProductListResponse> {
  await requireOwnJob(db, scope, jobId);
  const { rows, total } = await q.selectProductPage(db, scope.cid, jobId, r, sliceOf(r));
  return pageEnvelope(
    r,
    rows.map((x) => ({ ...x, billable: isBillable(x.billableOption) })),
    total,
  );
}

export async function productsForExport(db: Db, scope: Scope, jobId: number, r: z.output<typeof ZProductExportRequestSchema>) {
  await requireOwnJob(db, scope, jobId);
  const rows = await q.selectProductsForExport(db, scope.cid, jobId, r, BILLING_EXPORT_LIMIT);
  return rows.map((x) => ({ ...x, billable: isBillable(x.billableOption) }));
}

// ---- Time data --------------------------------------------------------------------------------

const timeRow = <R extends { timeIn: Date; timeOut: Date | null }>(r: R) => ({ ...r, timeIn: r.timeIn.toISOString(), timeOut: r.timeOut?.toISOString() ?? null });

/** Job Report by Job ID, optionally of one invoice. */
export async function listTimeEntries(db: Db, scope: Scope, jobId: number, r: z.output<typeof ZTimeEntryListRequestSchema>): Promise<TimeEntryListResponse> {
  await requireOwnJob(db, scope, jobId);
  const { rows, total, totalHours } = await q.selectTimeEntryPage(db, { cid: scope.cid, jobId, invoiceId: r.invoiceId }, r, sliceOf(r));
  return { ...pageEnvelope(r, rows.map(timeRow), total), totalHours };
}

export async function timeEntriesForExport(db: Db, scope: Scope, jobId: number, r: z.output<typeof ZTimeEntryExportRequestSchema>) {
  await requireOwnJob(db, scope, jobId);
  return q.selectTimeEntriesForExport(db, { cid: scope.cid, jobId, invoiceId: r.invoiceId }, r, BILLING_EXPORT_LIMIT);
}
