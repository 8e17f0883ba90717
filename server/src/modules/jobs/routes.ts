import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
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
import { sendXlsx } from '../../exports/xlsx.ts';
import { exportBalances, exportInvoiceDetails, exportManagedServices, exportProducts, exportTimeEntries } from './export.service.ts';
import * as svc from './service.ts';

const tags = ['jobs'];

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
    { schema: { tags, summary: 'AllManagedServicesExport: the first 2000 rows as .xlsx', querystring: ZManagedServiceExportRequestSchema, response: signedInErrors } },
    async (req, reply) => sendXlsx(reply, await exportManagedServices(db, scopeOf(req), req.query)),
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
    { schema: { tags, summary: 'AllCustomerBalancesExport: Balance Forward, up to 2000 transactions and the Total as .xlsx', querystring: ZBalanceRequestSchema, response: signedInErrors } },
    async (req, reply) => sendXlsx(reply, await exportBalances(db, scopeOf(req), req.query)),
  );

  app.get(
    '/invoices/:id',
    { schema: { tags, summary: 'InvoiceDetails: lines and grand total', params: ZBillingIdParamsSchema, response: { 200: ZInvoiceDetailsResponseSchema, ...signedInErrors } } },
    (req) => svc.getInvoiceDetails(db, scopeOf(req), req.params.id),
  );

  app.get(
    '/invoices/:id/export',
    { schema: { tags, summary: 'The invoice lines and grand total as .xlsx', params: ZBillingIdParamsSchema, response: signedInErrors } },
    async (req, reply) => sendXlsx(reply, await exportInvoiceDetails(db, scopeOf(req), req.params.id)),
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
    { schema: { tags, summary: 'AllProductsExport: the first 2000 products of a job as .xlsx', params: ZJobIdParamsSchema, querystring: ZProductExportRequestSchema, response: signedInErrors } },
    async (req, reply) => sendXlsx(reply, await exportProducts(db, scopeOf(req), req.params.jobid, req.query)),
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
    { schema: { tags, summary: 'JobReportsExport: the first 2000 time entries as .xlsx', params: ZJobIdParamsSchema, querystring: ZTimeEntryExportRequestSchema, response: signedInErrors } },
    async (req, reply) => sendXlsx(reply, await exportTimeEntries(db, scopeOf(req), req.params.jobid, req.query)),
  );
};
