import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  BALANCE_FORWARD,
  EXPORT_PREFIX,
  ZBalanceRequestSchema,
  ZBalanceResponseSchema,
  ZBillingIdParamsSchema,
  ZInvoiceDetailsResponseSchema,
  ZJobDetailSchema,
  ZJobIdParamsSchema,
  ZJobListRequestSchema,
  ZJobListResponseSchema,
  ZJobSaveRequestSchema,
  ZManagedServiceExportRequestSchema,
  ZManagedServiceListRequestSchema,
  ZManagedServiceListResponseSchema,
  ZProductExportRequestSchema,
  ZProductListRequestSchema,
  ZProductListResponseSchema,
  ZTimeEntryExportRequestSchema,
  ZTimeEntryListRequestSchema,
  ZTimeEntryListResponseSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import { excelLocalDate, exportTimestamp, sendXlsx } from '../../exports/xlsx.ts';
import * as svc from './service.ts';

const tags = ['jobs'];
const USD = '"$"#,##0.00;-"$"#,##0.00';
const DATE = 'yyyy-mm-dd';
const DATE_TIME = 'yyyy-mm-dd hh:mm';
/** A 2-decimal string as a spreadsheet number (a cell value, never summed here). */
const num = (v: string | null) => (v === null ? null : Number(v));
/** A 'YYYY-MM-DD' date as an Excel date (no zone). */
const day = (v: string) => new Date(`${v}T00:00:00Z`);

/** Jobs (agreements) and billing (requirements §11.1): Administrator only, the caller's customer only. */
export const jobRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/jobs',
    { schema: { tags, summary: 'All Jobs: one page', querystring: ZJobListRequestSchema, response: { 200: ZJobListResponseSchema, ...signedInErrors } } },
    (req) => svc.listJobs(db, scopeOf(req), req.query),
  );

  app.post(
    '/jobs',
    { schema: { tags, summary: 'new-job', body: ZJobSaveRequestSchema, response: { 201: ZJobDetailSchema, ...signedInErrors } } },
    async (req, reply) => reply.status(201).send(await svc.createJob(db, scopeOf(req), req.body)),
  );

  app.get(
    '/jobs/:jobid',
    { schema: { tags, summary: 'Job by ID, with the Agreement dialog figures', params: ZJobIdParamsSchema, response: { 200: ZJobDetailSchema, ...signedInErrors } } },
    (req) => svc.getJob(db, scopeOf(req), req.params.jobid),
  );

  app.put(
    '/jobs/:jobid',
    { schema: { tags, summary: 'update-job', params: ZJobIdParamsSchema, body: ZJobSaveRequestSchema, response: { 200: ZJobDetailSchema, ...signedInErrors } } },
    (req) => svc.updateJob(db, scopeOf(req), req.params.jobid, req.body),
  );

  app.get(
    '/managed-services',
    {
      schema: {
        tags,
        summary: 'Managed Service by ID (jobId) / All Managed Services: one page',
        querystring: ZManagedServiceListRequestSchema,
        response: { 200: ZManagedServiceListResponseSchema, ...signedInErrors },
      },
    },
    (req) => svc.listManagedServices(db, scopeOf(req), req.query),
  );

  app.get(
    '/managed-services/export',
    { schema: { tags, summary: 'AllManagedServicesExport: the first 2000 rows as .xlsx', querystring: ZManagedServiceExportRequestSchema } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const rows = await svc.managedServicesForExport(db, scope, req.query);
      return sendXlsx(reply, {
        fileName: `${EXPORT_PREFIX.managedServices}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
        sheetName: 'Managed Services',
        rows,
        columns: [
          { header: 'Agreement #', width: 14, value: (r) => r.jobNum },
          { header: 'Code', width: 20, value: (r) => r.rateDesc },
          { header: 'Description', width: 40, value: (r) => r.description },
          { header: 'Price', width: 14, numFmt: USD, value: (r) => num(r.sellPrice) },
          { header: 'Quantity', width: 10, value: (r) => num(r.quantity) },
        ],
      });
    },
  );

  app.get(
    '/balances',
    {
      schema: {
        tags,
        summary: 'All Customer Balances as of a date (optionally of one job): Balance Forward, transactions, Total',
        querystring: ZBalanceRequestSchema,
        response: { 200: ZBalanceResponseSchema, ...signedInErrors },
      },
    },
    (req) => svc.getBalances(db, scopeOf(req), req.query),
  );

  app.get(
    '/balances/export',
    { schema: { tags, summary: 'AllCustomerBalancesExport: Balance Forward, up to 2000 transactions and the Total as .xlsx', querystring: ZBalanceRequestSchema } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const b = await svc.getBalances(db, scope, req.query);
      type Line = { num: string; type: string; date: string | null; job: string; amount: string };
      const lines: Line[] = [
        { num: '', type: BALANCE_FORWARD, date: b.asOfDate, job: '', amount: b.balanceForward },
        ...b.rows.map((r) => ({ num: r.transNum, type: r.transType, date: r.transDate, job: r.jobNum, amount: r.amount })),
        { num: '', type: 'Total', date: null, job: '', amount: b.totalAmount },
      ];
      return sendXlsx<Line>(reply, {
        fileName: `${EXPORT_PREFIX.balances}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
        sheetName: 'Balances',
        rows: lines,
        columns: [
          { header: 'Invoice Num', width: 16, value: (r) => r.num },
          { header: 'Type', width: 16, value: (r) => r.type },
          { header: 'Date', width: 12, numFmt: DATE, value: (r) => (r.date ? day(r.date) : null) },
          { header: 'Agreement #', width: 14, value: (r) => r.job },
          { header: 'Total', width: 14, numFmt: USD, value: (r) => num(r.amount) },
        ],
      });
    },
  );

  app.get(
    '/invoices/:id',
    { schema: { tags, summary: 'InvoiceDetails: lines and grand total', params: ZBillingIdParamsSchema, response: { 200: ZInvoiceDetailsResponseSchema, ...signedInErrors } } },
    (req) => svc.getInvoiceDetails(db, scopeOf(req), req.params.id),
  );

  app.get(
    '/invoices/:id/export',
    { schema: { tags, summary: 'The invoice lines and grand total as .xlsx', params: ZBillingIdParamsSchema } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const d = await svc.getInvoiceDetails(db, scope, req.params.id);
      type Line = { item: string; description: string | null; quantity: string | null; price: string | null; total: string };
      const lines: Line[] = [...d.lines, { item: 'Total', description: null, quantity: null, price: null, total: d.grandTotal }];
      return sendXlsx<Line>(reply, {
        fileName: `${EXPORT_PREFIX.invoiceDetails(d.invoice.transNum)}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
        sheetName: 'Invoice Details',
        rows: lines,
        columns: [
          { header: 'Item', width: 14, value: (r) => r.item },
          { header: 'Description', width: 40, value: (r) => r.description },
          { header: 'Qty', width: 8, value: (r) => num(r.quantity) },
          { header: 'Price', width: 14, numFmt: USD, value: (r) => num(r.price) },
          { header: 'Total', width: 14, numFmt: USD, value: (r) => num(r.total) },
        ],
      });
    },
  );

  app.get(
    '/jobs/:jobid/products',
    {
      schema: { tags, summary: 'All Products of a job: one page', params: ZJobIdParamsSchema, querystring: ZProductListRequestSchema, response: { 200: ZProductListResponseSchema, ...signedInErrors } },
    },
    (req) => svc.listProducts(db, scopeOf(req), req.params.jobid, req.query),
  );

  app.get(
    '/jobs/:jobid/products/export',
    { schema: { tags, summary: 'AllProductsExport: the first 2000 products of a job as .xlsx', params: ZJobIdParamsSchema, querystring: ZProductExportRequestSchema } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const rows = await svc.productsForExport(db, scope, req.params.jobid, req.query);
      return sendXlsx(reply, {
        fileName: `${EXPORT_PREFIX.products}${exportTimestamp(new Date(), scope.user.timeZone)}.xlsx`,
        sheetName: 'Products',
        rows,
        columns: [
          { header: 'Product', width: 30, value: (r) => r.productName },
          { header: 'Description', width: 40, value: (r) => r.customerDescription },
          { header: 'Quantity', width: 10, value: (r) => num(r.quantity) },
          { header: 'Price', width: 14, numFmt: USD, value: (r) => num(r.price) },
          { header: 'Type', width: 14, value: (r) => r.productClass },
          { header: 'Bill', width: 14, value: (r) => (r.billable ? 'Billable' : (r.billableOption ?? 'Not billable')) },
        ],
      });
    },
  );

  app.get(
    '/jobs/:jobid/time-entries',
    {
      schema: {
        tags,
        summary: 'Job Report by Job ID (optionally one invoice): one page of time data',
        params: ZJobIdParamsSchema,
        querystring: ZTimeEntryListRequestSchema,
        response: { 200: ZTimeEntryListResponseSchema, ...signedInErrors },
      },
    },
    (req) => svc.listTimeEntries(db, scopeOf(req), req.params.jobid, req.query),
  );

  app.get(
    '/jobs/:jobid/time-entries/export',
    { schema: { tags, summary: 'JobReportsExport: the first 2000 time entries as .xlsx', params: ZJobIdParamsSchema, querystring: ZTimeEntryExportRequestSchema } },
    async (req, reply) => {
      const scope = scopeOf(req);
      const tz = scope.user.timeZone;
      const rows = await svc.timeEntriesForExport(db, scope, req.params.jobid, req.query);
      return sendXlsx(reply, {
        fileName: `${EXPORT_PREFIX.timeData}${exportTimestamp(new Date(), tz)}.xlsx`,
        sheetName: 'Time Data',
        rows,
        columns: [
          { header: 'Staff Name', width: 22, value: (r) => r.memberName },
          { header: 'Type', width: 18, value: (r) => r.activityType },
          { header: 'Rate', width: 20, value: (r) => r.rateDesc },
          { header: 'Ticket #', width: 12, value: (r) => r.ticketNo },
          { header: 'Invoiced', width: 10, value: (r) => (r.isInvoiced ? 'Yes' : 'No') },
          { header: 'Time In', width: 18, numFmt: DATE_TIME, value: (r) => excelLocalDate(r.timeIn, tz) },
          { header: 'Time Out', width: 18, numFmt: DATE_TIME, value: (r) => (r.timeOut ? excelLocalDate(r.timeOut, tz) : null) },
          { header: 'Hours', width: 8, value: (r) => num(r.hours) },
        ],
      });
    },
  );
};
