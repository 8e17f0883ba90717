import { BALANCE_FORWARD, EXPORT_PREFIX, type ZBalanceRequestSchema, type ZManagedServiceExportRequestSchema, type ZProductExportRequestSchema, type ZTimeEntryExportRequestSchema } from '@sc/common';
import type { z } from 'zod';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { excelLocalDate, exportTimestamp, type XlsxExport } from '../../exports/xlsx.ts';
import * as svc from './service.ts';

// The billing spreadsheets (requirements §11.1): each the rows of its list (the service checks the caller)
// and the columns the spec names. The routes stream them with sendXlsx.

const USD = '"$"#,##0.00;-"$"#,##0.00';
const DATE = 'yyyy-mm-dd';
const DATE_TIME = 'yyyy-mm-dd hh:mm';
/** A 2-decimal string as a spreadsheet number (a cell value, never summed here). */
const num = (v: string | null) => (v === null ? null : Number(v));
/** A 'YYYY-MM-DD' date as an Excel date (no zone). */
const day = (v: string) => new Date(`${v}T00:00:00Z`);

type ManagedServiceRow = Awaited<ReturnType<typeof svc.managedServicesForExport>>[number];
type ProductRow = Awaited<ReturnType<typeof svc.productsForExport>>[number];
type TimeEntryRow = Awaited<ReturnType<typeof svc.timeEntriesForExport>>[number];
type BalanceLine = { num: string; type: string; date: string | null; job: string; amount: string };
type InvoiceLine = { item: string; description: string | null; quantity: string | null; price: string | null; total: string };

/** AllManagedServicesExport: the first 2000 rows. */
export async function exportManagedServices(db: Db, scope: Scope, r: z.output<typeof ZManagedServiceExportRequestSchema>): Promise<XlsxExport<ManagedServiceRow>> {
  const rows = await svc.managedServicesForExport(db, scope, r);
  return {
    fileName: `${EXPORT_PREFIX.managedServices}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
    sheetName: 'Managed Services',
    rows,
    columns: [
      { header: 'Agreement #', width: 14, value: (x) => x.jobNum },
      { header: 'Code', width: 20, value: (x) => x.rateDesc },
      { header: 'Description', width: 40, value: (x) => x.description },
      { header: 'Price', width: 14, numFmt: USD, value: (x) => num(x.sellPrice) },
      { header: 'Quantity', width: 10, value: (x) => num(x.quantity) },
    ],
  };
}

/** AllCustomerBalancesExport: Balance Forward, up to 2000 transactions and the Total. */
export async function exportBalances(db: Db, scope: Scope, r: z.output<typeof ZBalanceRequestSchema>): Promise<XlsxExport<BalanceLine>> {
  const b = await svc.getBalances(db, scope, r);
  return {
    fileName: `${EXPORT_PREFIX.balances}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
    sheetName: 'Balances',
    rows: [
      { num: '', type: BALANCE_FORWARD, date: b.asOfDate, job: '', amount: b.balanceForward },
      ...b.rows.map((x) => ({ num: x.transNum, type: x.transType, date: x.transDate, job: x.jobNum, amount: x.amount })),
      { num: '', type: 'Total', date: null, job: '', amount: b.totalAmount },
    ],
    columns: [
      { header: 'Invoice Num', width: 16, value: (x) => x.num },
      { header: 'Type', width: 16, value: (x) => x.type },
      { header: 'Date', width: 12, numFmt: DATE, value: (x) => (x.date ? day(x.date) : null) },
      { header: 'Agreement #', width: 14, value: (x) => x.job },
      { header: 'Total', width: 14, numFmt: USD, value: (x) => num(x.amount) },
    ],
  };
}

/** The invoice lines and the grand total. */
export async function exportInvoiceDetails(db: Db, scope: Scope, id: number): Promise<XlsxExport<InvoiceLine>> {
  const d = await svc.getInvoiceDetails(db, scope, id);
  return {
    fileName: `${EXPORT_PREFIX.invoiceDetails(d.invoice.transNum)}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
    sheetName: 'Invoice Details',
    rows: [...d.lines, { item: 'Total', description: null, quantity: null, price: null, total: d.grandTotal }],
    columns: [
      { header: 'Item', width: 14, value: (x) => x.item },
      { header: 'Description', width: 40, value: (x) => x.description },
      { header: 'Qty', width: 8, value: (x) => num(x.quantity) },
      { header: 'Price', width: 14, numFmt: USD, value: (x) => num(x.price) },
      { header: 'Total', width: 14, numFmt: USD, value: (x) => num(x.total) },
    ],
  };
}

/** AllProductsExport: the first 2000 products of a job. */
export async function exportProducts(db: Db, scope: Scope, jobId: number, r: z.output<typeof ZProductExportRequestSchema>): Promise<XlsxExport<ProductRow>> {
  const rows = await svc.productsForExport(db, scope, jobId, r);
  return {
    fileName: `${EXPORT_PREFIX.products}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
    sheetName: 'Products',
    rows,
    columns: [
      { header: 'Product', width: 30, value: (x) => x.productName },
      { header: 'Description', width: 40, value: (x) => x.customerDescription },
      { header: 'Quantity', width: 10, value: (x) => num(x.quantity) },
      { header: 'Price', width: 14, numFmt: USD, value: (x) => num(x.price) },
      { header: 'Type', width: 14, value: (x) => x.productClass },
      { header: 'Bill', width: 14, value: (x) => (x.billable ? 'Billable' : (x.billableOption ?? 'Not billable')) },
    ],
  };
}

/** JobReportsExport: the first 2000 time entries, times in the caller's zone. */
export async function exportTimeEntries(db: Db, scope: Scope, jobId: number, r: z.output<typeof ZTimeEntryExportRequestSchema>): Promise<XlsxExport<TimeEntryRow>> {
  const tz = scope.user.timeZone;
  const rows = await svc.timeEntriesForExport(db, scope, jobId, r);
  return {
    fileName: `${EXPORT_PREFIX.timeData}${exportTimestamp(new Date(), tz)}.xlsx`,
    sheetName: 'Time Data',
    rows,
    columns: [
      { header: 'Staff Name', width: 22, value: (x) => x.memberName },
      { header: 'Type', width: 18, value: (x) => x.activityType },
      { header: 'Rate', width: 20, value: (x) => x.rateDesc },
      { header: 'Ticket #', width: 12, value: (x) => x.ticketNo },
      { header: 'Invoiced', width: 10, value: (x) => (x.isInvoiced ? 'Yes' : 'No') },
      { header: 'Time In', width: 18, numFmt: DATE_TIME, value: (x) => excelLocalDate(x.timeIn, tz) },
      { header: 'Time Out', width: 18, numFmt: DATE_TIME, value: (x) => (x.timeOut ? excelLocalDate(x.timeOut, tz) : null) },
      { header: 'Hours', width: 8, value: (x) => num(x.hours) },
    ],
  };
}
