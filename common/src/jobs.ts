import { z } from 'zod';
import { zIsoDate } from './dates.ts';
import { zId } from './ids.ts';
import { DEFAULT_PAGE_SIZE, listQuerySchema, pageOf, withoutPaging } from './list.ts';
import { optionalText } from './text-fields.ts';

// Jobs (agreements) and billing (requirements §11.1; issue 12): jobs, managed services,
// customer balances, invoice details, job products and time data. Administrator only (navigation.canSeeJobs).
// Money travels as decimal strings with 2 decimals ('1234.50'), computed in SQL numeric, never as floats.

export const JOB_MESSAGES = {
  saved: 'Job is saved',
  selectJob: 'Please, select a job record to view',
  activeOnly: 'Active Only',
  showAll: 'Show All Jobs',
  noData: 'No data',
} as const;

/** Statuses offered by the job form; the column itself is free text (requirements §11.2 Job Status). */
export const JOB_STATUS_OPTIONS = ['Active', 'Pending', 'On Hold', 'Closed'] as const;

/** requirements §11.6: every billing export is page 1 with page size 2000. */
export const BILLING_EXPORT_LIMIT = 2000;
/** The balances grid is client-side (requirements §11.1); its API returns at most this many transactions. */
export const BALANCES_LIMIT = 2000;

/** Export file-name prefixes (requirements §11.6); the invoice details one is followed by the invoice number. */
export const EXPORT_PREFIX = {
  managedServices: 'MANAGED_SERVICES_CMS_',
  balances: 'INVOICES_CMS_',
  products: 'PRODUCTS_CMS_',
  timeData: 'JOB_REPORTS_CMS_',
  invoiceDetails: (invoiceNumber: string) => `INVOICE_DETAILS_CMS_${invoiceNumber}_`,
} as const;

/** requirements §11.1: Agreement # is the job number, or the job ID when the number is empty. */
export const agreementNumber = (j: { id: number; jobNum: string | null }): string => (j.jobNum && j.jobNum.trim() ? j.jobNum : String(j.id));

/** US dollars with 2 decimals (requirements §11.6) from a decimal string; formatting only, never arithmetic. */
const usd = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 });
export const formatUsd = (amount: string | null | undefined): string => (amount === null || amount === undefined || amount === '' ? '' : usd.format(Number(amount)));

/** 'YYYY-MM-DD' of the instant `at` in `timeZone`. */
function localIsoDate(at: Date, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-CA', { timeZone, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(at);
  const get = (t: string) => parts.find((p) => p.type === t)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** requirements §11.6: the balances As-of-Date defaults to 1 January of the previous year, in the user's time zone. */
export const defaultAsOfDate = (now: Date, timeZone: string): string => `${Number(localIsoDate(now, timeZone).slice(0, 4)) - 1}-01-01`;

const zBool = z.union([z.boolean(), z.stringbool()]);
const zMoney = z.string();
const zDay = zIsoDate();
/** The billing lists page like the ticket lists (the user's preferred size first), up to 100 a page. */
const billingPaging = { defaultPageSize: DEFAULT_PAGE_SIZE, search: false } as const;

export const ZJobIdParamsSchema = z.object({ jobid: zId });
export const ZBillingIdParamsSchema = z.object({ id: zId });

// ---- Jobs -------------------------------------------------------------------------------------

/** requirements §11.6: jobs by JOBID descending; Agreement # and Status also sort. */
export const JOB_SORT_KEYS = ['id', 'jobNum', 'jobStatus'] as const;
export type JobSortKey = (typeof JOB_SORT_KEYS)[number];

export const ZJobListRequestSchema = listQuerySchema({
  ...billingPaging,
  sorts: JOB_SORT_KEYS,
  defaultSort: 'id',
  defaultDirection: 'desc',
  filters: {
    /** IncludeInactive of All Jobs: the 'Active Only' switch leaves it false. */
    includeInactive: zBool.default(false),
  },
});
export type JobListRequest = Partial<z.output<typeof ZJobListRequestSchema>>;

export const ZJobRowSchema = z.object({
  id: z.number().int(),
  jobNum: z.string(),
  agreementNumber: z.string(),
  summary: z.string().nullable(),
  status: z.string(),
  startDate: z.string().nullable(),
  endDate: z.string().nullable(),
});
export type JobRow = z.infer<typeof ZJobRowSchema>;
export const ZJobListResponseSchema = pageOf(ZJobRowSchema);
export type JobListResponse = z.infer<typeof ZJobListResponseSchema>;

/** Job by ID with the Agreement dialog's figures. */
export const ZJobDetailSchema = ZJobRowSchema.extend({
  managedServicesCount: z.number().int(),
  /** Sum of price × quantity of the job's invoiceable, open managed services. */
  monthlyValue: zMoney,
  /** Hours of time entries whose Time In falls in the current month of the user's time zone. */
  hoursThisMonth: zMoney,
});
export type JobDetail = z.infer<typeof ZJobDetailSchema>;

/** new-job / update-job; the same schema resolves the web form. */
export const ZJobSaveRequestSchema = z
  .object({
    jobNum: z.string().trim().min(1, 'Agreement # is required').max(40, 'Agreement # must be at most 40 characters'),
    internalShortDesc: optionalText(300, 'Summary'),
    jobStatus: z.enum(JOB_STATUS_OPTIONS, { error: 'Status must be Active, Pending, On Hold or Closed' }),
    startDate: z.union([zDay, z.literal(''), z.null()], { error: 'Start Date must be a date' }).transform((v) => v || null),
    endDate: z.union([zDay, z.literal(''), z.null()], { error: 'End Date must be a date' }).transform((v) => v || null),
  })
  .refine((v) => !v.startDate || !v.endDate || v.endDate >= v.startDate, { path: ['endDate'], message: 'End Date must not be before Start Date' });
export type JobSaveRequest = z.input<typeof ZJobSaveRequestSchema>;
export type JobSaveValues = z.output<typeof ZJobSaveRequestSchema>;

// ---- Managed services -------------------------------------------------------------------------

/** requirements §11.6: managed services descending by POServiceDetailID; every column sorts on the server. */
export const MANAGED_SERVICE_SORT_KEYS = ['id', 'rateDesc', 'description', 'sellPrice', 'quantity'] as const;
export type ManagedServiceSortKey = (typeof MANAGED_SERVICE_SORT_KEYS)[number];

export const ZManagedServiceListRequestSchema = listQuerySchema({
  ...billingPaging,
  sorts: MANAGED_SERVICE_SORT_KEYS,
  defaultSort: 'id',
  defaultDirection: 'desc',
  filters: {
    /** JobID (optional): without it, All Managed Services of the customer. */
    jobId: zId.optional(),
  },
});
export type ManagedServiceListRequest = Partial<z.output<typeof ZManagedServiceListRequestSchema>>;
export const ZManagedServiceExportRequestSchema = withoutPaging(ZManagedServiceListRequestSchema);

export const ZManagedServiceRowSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  jobNum: z.string(),
  rateDesc: z.string().nullable(),
  description: z.string().nullable(),
  sellPrice: zMoney,
  quantity: zMoney,
});
export type ManagedServiceRow = z.infer<typeof ZManagedServiceRowSchema>;
export const ZManagedServiceListResponseSchema = pageOf(ZManagedServiceRowSchema);
export type ManagedServiceListResponse = z.infer<typeof ZManagedServiceListResponseSchema>;

// ---- Balances ---------------------------------------------------------------------------------

export const BALANCE_FORWARD = 'Balance Forward';

export const ZBalanceRequestSchema = z.object({
  jobId: zId.optional(),
  /** 'YYYY-MM-DD'; transactions before it make the Balance Forward. */
  asOfDate: zDay,
});
export type BalanceRequest = z.infer<typeof ZBalanceRequestSchema>;
/**
 * The balances screen's URL state (the web's useListUrlState): the request's As-of-Date, with the API's name;
 * the job comes from the path. Its default (defaultAsOfDate in the user's zone) is left out of the URL.
 */
export const ZBalancesUrlSchema = ZBalanceRequestSchema.pick({ asOfDate: true });

export const ZBalanceRowSchema = z.object({
  id: z.number().int(),
  transNum: z.string(),
  transType: z.enum(['INVOICE', 'PAYMENT', 'CREDIT MEMO']),
  transDate: z.string(),
  amount: zMoney,
  /** Include Time Activity: the 'Time Data' link shows when true (-1 in the source system). */
  includeTimeActivity: z.boolean(),
  invoiceAppliedId: z.number().int().nullable(),
  jobId: z.number().int(),
  jobNum: z.string(),
});
export type BalanceRow = z.infer<typeof ZBalanceRowSchema>;

export const ZBalanceResponseSchema = z.object({
  asOfDate: z.string(),
  /** The signed balance of every transaction before the As-of-Date. */
  balanceForward: zMoney,
  rows: z.array(ZBalanceRowSchema),
  /**
   * The footer Total: Balance Forward + INVOICE amounts − PAYMENT and CREDIT MEMO amounts on or after the
   * As-of-Date (named apart from a list's row count: this grid is client-side, not a page).
   */
  totalAmount: zMoney,
  /** True when more than BALANCES_LIMIT transactions fall on or after the As-of-Date (the newest are returned). */
  truncated: z.boolean(),
  job: z.object({ id: z.number().int(), agreementNumber: z.string(), summary: z.string().nullable() }).nullable(),
});
export type BalanceResponse = z.infer<typeof ZBalanceResponseSchema>;

// ---- Invoice details --------------------------------------------------------------------------

export const ZInvoiceLineSchema = z.object({
  id: z.number().int(),
  item: z.string(),
  description: z.string().nullable(),
  quantity: zMoney,
  price: zMoney,
  /** Quantity × Price, rounded to the cent in SQL numeric. */
  total: zMoney,
});
export type InvoiceLine = z.infer<typeof ZInvoiceLineSchema>;

export const ZInvoiceDetailsResponseSchema = z.object({
  invoice: z.object({
    id: z.number().int(),
    transNum: z.string(),
    transDate: z.string(),
    amount: zMoney,
    jobId: z.number().int(),
    agreementNumber: z.string(),
    includeTimeActivity: z.boolean(),
  }),
  lines: z.array(ZInvoiceLineSchema),
  grandTotal: zMoney,
});
export type InvoiceDetailsResponse = z.infer<typeof ZInvoiceDetailsResponseSchema>;

// ---- Products ---------------------------------------------------------------------------------

export const PRODUCT_SORT_KEYS = ['id', 'productName'] as const;
export const ZProductListRequestSchema = listQuerySchema({ ...billingPaging, sorts: PRODUCT_SORT_KEYS, defaultSort: 'id', defaultDirection: 'asc' });
export type ProductListRequest = Partial<z.output<typeof ZProductListRequestSchema>>;
export const ZProductExportRequestSchema = withoutPaging(ZProductListRequestSchema);

export const ZProductRowSchema = z.object({
  id: z.number().int(),
  productName: z.string(),
  customerDescription: z.string().nullable(),
  quantity: zMoney,
  price: zMoney,
  productClass: z.string().nullable(),
  billableOption: z.string().nullable(),
  /** BillableOption 'Billable' (requirements §11.1 Bill). */
  billable: z.boolean(),
});
export type ProductRow = z.infer<typeof ZProductRowSchema>;
export const ZProductListResponseSchema = pageOf(ZProductRowSchema);
export type ProductListResponse = z.infer<typeof ZProductListResponseSchema>;

// ---- Time data (job reports) ------------------------------------------------------------------

/** requirements §11.6: time data descending by TimeDataID; F Name → member name, Activity Type, Rate Desc sort too. */
export const TIME_ENTRY_SORT_KEYS = ['id', 'memberName', 'activityType', 'rateDesc'] as const;
export type TimeEntrySortKey = (typeof TIME_ENTRY_SORT_KEYS)[number];

export const ZTimeEntryListRequestSchema = listQuerySchema({
  ...billingPaging,
  sorts: TIME_ENTRY_SORT_KEYS,
  defaultSort: 'id',
  defaultDirection: 'desc',
  filters: {
    /** InvoiceID: only the entries of that invoice (/jobs/jobreports/{jobid}/{invid}). */
    invoiceId: zId.optional(),
  },
});
export type TimeEntryListRequest = Partial<z.output<typeof ZTimeEntryListRequestSchema>>;
export const ZTimeEntryExportRequestSchema = withoutPaging(ZTimeEntryListRequestSchema);

export const ZTimeEntryRowSchema = z.object({
  id: z.number().int(),
  jobId: z.number().int(),
  memberName: z.string(),
  /** The staff member's e-mail: the Administrator's Staff Name link. */
  staffEmail: z.string().nullable(),
  activityType: z.string().nullable(),
  rateDesc: z.string().nullable(),
  rate: zMoney.nullable(),
  ticketId: z.number().int().nullable(),
  ticketNo: z.string().nullable(),
  ticketSummary: z.string().nullable(),
  invoiceId: z.number().int().nullable(),
  invoiceNum: z.string().nullable(),
  isInvoiced: z.boolean(),
  timeIn: z.string(),
  timeOut: z.string().nullable(),
  hours: zMoney,
});
export type TimeEntryRow = z.infer<typeof ZTimeEntryRowSchema>;
export const ZTimeEntryListResponseSchema = pageOf(ZTimeEntryRowSchema).extend({
  /** Sum of the hours of every entry of the filter (not only this page). */
  totalHours: zMoney,
});
export type TimeEntryListResponse = z.infer<typeof ZTimeEntryListResponseSchema>;
