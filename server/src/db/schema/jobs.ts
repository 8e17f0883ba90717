import { sql } from 'drizzle-orm';
import { boolean, date, index, integer, numeric, pgTable, serial, text, timestamp, varchar, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { cid, createdAt, money } from './columns.ts';
import { providerStaff } from './identity.ts';
import { tickets } from './tickets.ts';

/** Jobs, i.e. agreements (requirements §11 'Job': JOBID, Job Num, InternalShortDesc, Job Status). */
export const jobs = pgTable(
  'jobs',
  {
    id: serial().primaryKey(),
    cid: cid(),
    jobNum: varchar({ length: 40 }).notNull(),
    internalShortDesc: varchar({ length: 300 }),
    jobStatus: varchar({ length: 20 }).notNull().default('Active'),
    startDate: date(),
    endDate: date(),
    createdAt: createdAt(),
  },
  (t) => [
    // Default sort JOBID descending (requirements §11.6); IncludeInactive=false filters on status.
    index('jobs_cid_id_idx').on(t.cid, t.id.desc()),
    index('jobs_cid_status_id_idx').on(t.cid, t.jobStatus, t.id.desc()),
    // Agreement # sort (issue 12).
    index('jobs_cid_job_num_id_idx').on(t.cid, t.jobNum, t.id),
  ],
);

/** Managed service rows of a job (requirements §11, POServiceDetailID). */
export const managedServices = pgTable(
  'managed_services',
  {
    id: serial().primaryKey(),
    cid: cid(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    rateDesc: varchar({ length: 200 }),
    description: text(),
    sellPrice: money().notNull().default('0'),
    quantity: numeric({ precision: 12, scale: 2 }).notNull().default('1'),
    /** OkToInvoiceOnly=true is the list's default filter. */
    okToInvoice: boolean().notNull().default(true),
    isClosed: boolean().notNull().default(false),
  },
  (t) => [
    index('managed_services_cid_job_id_idx').on(t.cid, t.jobId, t.id.desc()),
    // All Managed Services (no job) shows OkToInvoiceOnly rows of open jobs: partial indexes of that
    // filter for the default POServiceDetailID order and every sortable column (issue 12).
    index('managed_services_listed_cid_id_idx').on(t.cid, t.id.desc()).where(sql`ok_to_invoice and not is_closed`),
    index('managed_services_listed_cid_rate_desc_idx').on(t.cid, t.rateDesc, t.id).where(sql`ok_to_invoice and not is_closed`),
    index('managed_services_listed_cid_description_idx').on(t.cid, t.description, t.id).where(sql`ok_to_invoice and not is_closed`),
    index('managed_services_listed_cid_sell_price_idx').on(t.cid, t.sellPrice, t.id).where(sql`ok_to_invoice and not is_closed`),
    index('managed_services_listed_cid_quantity_idx').on(t.cid, t.quantity, t.id).where(sql`ok_to_invoice and not is_closed`),
  ],
);

/**
 * Stored balance transaction types. 'Balance Forward' and 'Total' rows of the balances list are
 * computed, never stored. Balance = forward + INVOICE amounts − the other types (requirements §11).
 */
export const TRANSACTION_TYPES = ['INVOICE', 'PAYMENT', 'CREDIT MEMO'] as const;

/** Customer balance transactions (requirements §11 'Balance transaction', TransID). Amounts are positive. */
export const balanceTransactions = pgTable(
  'balance_transactions',
  {
    id: serial().primaryKey(),
    cid: cid(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id),
    transNum: varchar({ length: 40 }).notNull(),
    transType: varchar({ length: 16, enum: TRANSACTION_TYPES }).notNull(),
    transDate: date().notNull(),
    amount: money().notNull(),
    includeTimeActivity: boolean().notNull().default(false),
    /** InvoiceAppliedID: the invoice a payment or credit memo is applied to. */
    invoiceAppliedId: integer().references((): AnyPgColumn => balanceTransactions.id),
  },
  (t) => [
    index('balance_transactions_cid_job_date_idx').on(t.cid, t.jobId, t.transDate),
    // Balance forward = sum before the as-of date, across jobs.
    index('balance_transactions_cid_date_idx').on(t.cid, t.transDate),
  ],
);

/** Lines of an invoice (requirements §11 'Invoice line'); Total is quantity × price, computed. */
export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: serial().primaryKey(),
    cid: cid(),
    invoiceId: integer()
      .notNull()
      .references(() => balanceTransactions.id, { onDelete: 'cascade' }),
    item: varchar({ length: 120 }).notNull(),
    description: text(),
    quantity: numeric({ precision: 12, scale: 2 }).notNull().default('1'),
    price: money().notNull().default('0'),
  },
  (t) => [index('invoice_lines_cid_invoice_idx').on(t.cid, t.invoiceId)],
);

/** Products of a job (requirements §11 'Product'). */
export const jobProducts = pgTable(
  'job_products',
  {
    id: serial().primaryKey(),
    cid: cid(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    productName: varchar({ length: 200 }).notNull(),
    customerDescription: text(),
    quantity: numeric({ precision: 12, scale: 2 }).notNull().default('1'),
    price: money().notNull().default('0'),
    productClass: varchar({ length: 80 }),
    billableOption: varchar({ length: 60 }),
  },
  (t) => [index('job_products_cid_job_idx').on(t.cid, t.jobId), index('job_products_cid_job_name_idx').on(t.cid, t.jobId, t.productName, t.id)],
);

/** Time entries (requirements §11 'Time entry', TimeDataID): the job report. */
export const timeEntries = pgTable(
  'time_entries',
  {
    id: serial().primaryKey(),
    cid: cid(),
    jobId: integer()
      .notNull()
      .references(() => jobs.id, { onDelete: 'cascade' }),
    ticketId: integer().references(() => tickets.id, { onDelete: 'set null' }),
    invoiceId: integer().references(() => balanceTransactions.id, { onDelete: 'set null' }),
    staffId: integer().references(() => providerStaff.id),
    /** MemberName as shown and sorted ('F Name' sorts by last name): copied from the staff row. */
    memberName: varchar({ length: 160 }).notNull(),
    activityType: varchar({ length: 80 }),
    rateDesc: varchar({ length: 200 }),
    rate: money(),
    timeIn: timestamp({ withTimezone: true }).notNull(),
    timeOut: timestamp({ withTimezone: true }),
    durationHours: numeric({ precision: 8, scale: 2 }).notNull().default('0'),
    isInvoiced: boolean().notNull().default(false),
  },
  (t) => [
    // Default sort TimeDataID descending (requirements §11.6); Job Report by Job ID and by InvoiceID.
    index('time_entries_cid_job_id_idx').on(t.cid, t.jobId, t.id.desc()),
    index('time_entries_cid_invoice_idx').on(t.cid, t.invoiceId),
    // Time data of one invoice in TimeDataID order; with the hours last, the list's count and total hours
    // are an index-only scan. Then the sortable columns F Name, Activity Type, Rate Desc (issue 12).
    index('time_entries_cid_job_invoice_id_idx').on(t.cid, t.jobId, t.invoiceId, t.id.desc(), t.durationHours),
    index('time_entries_cid_job_member_idx').on(t.cid, t.jobId, t.memberName, t.id),
    index('time_entries_cid_job_activity_idx').on(t.cid, t.jobId, t.activityType, t.id),
    index('time_entries_cid_job_rate_desc_idx').on(t.cid, t.jobId, t.rateDesc, t.id),
    // Hours this month of every agreement (the Single Pane of Glass report), index-only.
    index('time_entries_cid_time_in_idx').on(t.cid, t.timeIn, t.durationHours),
  ],
);
