import { z } from 'zod';
import {
  defaultAsOfDate,
  zIsoDate,
  ZJobListRequestSchema,
  ZManagedServiceExportRequestSchema,
  ZManagedServiceListRequestSchema,
  ZProductExportRequestSchema,
  ZProductListRequestSchema,
  ZTimeEntryExportRequestSchema,
  ZTimeEntryListRequestSchema,
  type JobRow,
  type ManagedServiceRow,
  type ProductRow,
  type TimeEntryRow,
} from '@sc/common';
import { getBalances, getInvoiceDetails, getJob, listJobs, listManagedServices, listProducts, listTimeEntries, managedServicesForExport, productsForExport, timeEntriesForExport } from '../jobs/service.ts';
import { listRequest } from './bridged-contacts.ts';
import { multiple, single, type Attrs, type BridgedResource } from './bridged-core.ts';
import { zFlag, zId, zText } from './bridged-params.ts';

// Jobs (agreements) and billing (portal-contacts-jobs-and-public.md §7) over the jobs module: Administrator
// only, the job or invoice of another customer refused as /api/v1/jobs refuses it. Money stays decimal text.

export const JOB_FIELDS = ['Job ID', 'Job Num', 'Agreement Number', 'InternalShortDesc', 'Job Status', 'Start Date', 'End Date'] as const;
export const jobRecord = (j: JobRow): Attrs => ({
  'Job ID': j.id,
  'Job Num': j.jobNum,
  'Agreement Number': j.agreementNumber,
  InternalShortDesc: j.summary,
  'Job Status': j.status,
  'Start Date': j.startDate,
  'End Date': j.endDate,
});

const MANAGED_FIELDS = ['POServiceDetailID', 'JobID', 'Job Num', 'RateDesc', 'Description', 'SellPrice', 'Quantity'] as const;
const managedRecord = (m: ManagedServiceRow): Attrs => ({
  POServiceDetailID: m.id,
  JobID: m.jobId,
  'Job Num': m.jobNum,
  RateDesc: m.rateDesc,
  Description: m.description,
  SellPrice: m.sellPrice,
  Quantity: m.quantity,
});
const MANAGED_SORTS = { POServiceDetailID: 'id', RateDesc: 'rateDesc', Description: 'description', SellPrice: 'sellPrice', Quantity: 'quantity' };

export const PRODUCT_FIELDS = ['Product ID', 'ProductName', 'CustomerDescription', 'Quantity', 'Price', 'ProductClass', 'BillableOption'] as const;
export const productRecord = (p: ProductRow): Attrs => ({
  'Product ID': p.id,
  ProductName: p.productName,
  CustomerDescription: p.customerDescription,
  Quantity: p.quantity,
  Price: p.price,
  ProductClass: p.productClass,
  BillableOption: p.billableOption,
});

export const TIME_FIELDS = ['Time Data ID', 'JobID', 'MemberName', 'Activity Type', 'Rate Desc', 'Rate', 'Incident ID', 'Incident No', 'Invoice ID', 'Invoice Num', 'Is Invoiced', 'TimeIn', 'TimeOut', 'Duration'] as const;
export const timeRecord = (t: Omit<TimeEntryRow, 'timeIn' | 'timeOut'> & { timeIn: string | Date; timeOut: string | Date | null }): Attrs => ({
  'Time Data ID': t.id,
  JobID: t.jobId,
  MemberName: t.memberName,
  'Activity Type': t.activityType,
  'Rate Desc': t.rateDesc,
  Rate: t.rate,
  'Incident ID': t.ticketId,
  'Incident No': t.ticketNo,
  'Invoice ID': t.invoiceId,
  'Invoice Num': t.invoiceNum,
  'Is Invoiced': t.isInvoiced,
  TimeIn: t.timeIn,
  TimeOut: t.timeOut,
  Duration: t.hours,
});
const TIME_SORTS = { TimeDataID: 'id', LName: 'memberName', MemberName: 'memberName', ActivityType: 'activityType', RateDesc: 'rateDesc' };

const zPeriod = z.object({ JobID: zId.optional(), asOfDate: zIsoDate().optional(), OrderBy: zText.optional(), GetTotal: zFlag.optional() });
const balances = (maxPageSize: number) =>
  multiple({
    params: zPeriod,
    fields: ['Transaction ID', 'Transaction Number', 'Transaction Type', 'Transaction Date', 'Amount', 'Include Time Activity', 'InvoiceAppliedID', 'JobID', 'Job Number'],
    // The balances grid is client-side (requirements §11.1): all of it, in pages if asked.
    defaultPageSize: maxPageSize,
    maxPageSize,
    list: async (ctx, p, paging) => {
      const b = await getBalances(ctx.db, ctx.scope, { jobId: p.JobID, asOfDate: p.asOfDate ?? defaultAsOfDate(new Date(), ctx.scope.user.timeZone) });
      const rows = b.rows.map((r) => ({
        'Transaction ID': r.id,
        'Transaction Number': r.transNum,
        'Transaction Type': r.transType,
        'Transaction Date': r.transDate,
        Amount: r.amount,
        'Include Time Activity': r.includeTimeActivity,
        InvoiceAppliedID: r.invoiceAppliedId,
        JobID: r.jobId,
        'Job Number': r.jobNum,
      }));
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize), total: rows.length };
    },
  });

export const jobResources: Record<string, BridgedResource> = {
  'All Jobs': multiple({
    params: z.object({ IncludeInactive: zFlag.optional(), GetTotal: zFlag.optional() }),
    fields: JOB_FIELDS,
    sorts: { JOBID: 'id', JobID: 'id', JobNum: 'jobNum', JobStatus: 'jobStatus' },
    list: async (ctx, p, paging) => {
      const page = await listJobs(ctx.db, ctx.scope, listRequest(ZJobListRequestSchema, paging, { includeInactive: p.IncludeInactive }));
      return { rows: page.rows.map(jobRecord), total: page.total };
    },
  }),
  'Job by ID': single({
    params: z.object({ JobID: zId }),
    fields: [...JOB_FIELDS, 'Managed Services Count', 'Monthly Value', 'Hours This Month'],
    get: async (ctx, p) => {
      const j = await getJob(ctx.db, ctx.scope, p.JobID);
      return { ...jobRecord(j), 'Managed Services Count': j.managedServicesCount, 'Monthly Value': j.monthlyValue, 'Hours This Month': j.hoursThisMonth };
    },
  }),
  'All Managed Services': multiple({
    params: z.object({ JobID: zId.optional(), IncludeClosedJobManagedServices: zFlag.optional(), OkToInvoiceOnly: zFlag.optional() }),
    fields: MANAGED_FIELDS,
    sorts: MANAGED_SORTS,
    list: async (ctx, p, paging) => {
      const page = await listManagedServices(ctx.db, ctx.scope, listRequest(ZManagedServiceListRequestSchema, paging, { jobId: p.JobID }));
      return { rows: page.rows.map(managedRecord), total: page.total };
    },
  }),
  'Managed Service by ID': multiple({
    params: z.object({ JobID: zId }),
    fields: MANAGED_FIELDS,
    sorts: MANAGED_SORTS,
    list: async (ctx, p, paging) => {
      const page = await listManagedServices(ctx.db, ctx.scope, listRequest(ZManagedServiceListRequestSchema, paging, { jobId: p.JobID }));
      return { rows: page.rows.map(managedRecord), total: page.total };
    },
  }),
  AllManagedServicesExport: multiple({
    params: z.object({ JobID: zId.optional() }),
    fields: MANAGED_FIELDS,
    sorts: MANAGED_SORTS,
    defaultPageSize: 2000,
    maxPageSize: 2000,
    list: async (ctx, p, paging) => {
      const rows = await managedServicesForExport(ctx.db, ctx.scope, listRequest(ZManagedServiceExportRequestSchema, paging, { jobId: p.JobID }));
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize).map(managedRecord), total: rows.length };
    },
  }),
  'All Customer Balances': balances(2000),
  AllCustomerBalancesExport: balances(2000),
  InvoiceDetails: multiple({
    params: z.object({ InvoiceID: zId }),
    fields: ['Item', 'Description', 'Quantity', 'Price', 'Total'],
    defaultPageSize: 2000,
    maxPageSize: 2000,
    list: async (ctx, p, paging) => {
      const d = await getInvoiceDetails(ctx.db, ctx.scope, p.InvoiceID);
      const rows = d.lines.map((l) => ({ Item: l.item, Description: l.description, Quantity: l.quantity, Price: l.price, Total: l.total }));
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize), total: rows.length };
    },
  }),
  'All Products': multiple({
    params: z.object({ JobID: zId }),
    fields: PRODUCT_FIELDS,
    sorts: { ProductName: 'productName', ProductID: 'id' },
    list: async (ctx, p, paging) => {
      const page = await listProducts(ctx.db, ctx.scope, p.JobID, listRequest(ZProductListRequestSchema, paging, {}));
      return { rows: page.rows.map(productRecord), total: page.total };
    },
  }),
  AllProductsExport: multiple({
    params: z.object({ JobID: zId }),
    fields: PRODUCT_FIELDS,
    sorts: { ProductName: 'productName', ProductID: 'id' },
    defaultPageSize: 2000,
    maxPageSize: 2000,
    list: async (ctx, p, paging) => {
      const rows = await productsForExport(ctx.db, ctx.scope, p.JobID, listRequest(ZProductExportRequestSchema, paging, {}));
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize).map(productRecord), total: rows.length };
    },
  }),
  'Job Report by Job ID': multiple({
    params: z.object({ JobID: zId, InvoiceID: zId.optional(), ShowAll: zFlag.optional() }),
    fields: TIME_FIELDS,
    sorts: TIME_SORTS,
    list: async (ctx, p, paging) => {
      const page = await listTimeEntries(ctx.db, ctx.scope, p.JobID, listRequest(ZTimeEntryListRequestSchema, paging, { invoiceId: p.ShowAll ? undefined : p.InvoiceID }));
      return { rows: page.rows.map(timeRecord), total: page.total };
    },
  }),
  JobReportsExport: multiple({
    params: z.object({ JobID: zId, InvoiceID: zId.optional() }),
    fields: TIME_FIELDS,
    sorts: TIME_SORTS,
    defaultPageSize: 2000,
    maxPageSize: 2000,
    list: async (ctx, p, paging) => {
      const rows = await timeEntriesForExport(ctx.db, ctx.scope, p.JobID, listRequest(ZTimeEntryExportRequestSchema, paging, { invoiceId: p.InvoiceID }));
      return { rows: rows.slice(paging.offset, paging.offset + paging.pageSize).map(timeRecord), total: rows.length };
    },
  }),
};
