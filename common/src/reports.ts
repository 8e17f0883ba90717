import { z } from 'zod';
import { zIsoDate } from './dates.ts';
import { chartDataSchema } from './charts.ts';
import { REPORTS, SINGLE_PANE_OF_GLASS_REPORT } from './navigation.ts';
import { ZTicketTypeSchema } from './ticket-types.ts';

// requirements §13.2–§13.6: the native reports (/reports/{reportId}) and their optional external embed.

export const REPORT_IDS: readonly string[] = [...REPORTS.map((r) => r.id), SINGLE_PANE_OF_GLASS_REPORT.id];
export const [SUPPORT_TICKETS_REPORT_ID, INFRASTRUCTURE_REPORT_ID, CYBER_SECURITY_REPORT_ID, BACKUP_REPORT_ID] = REPORTS.map((r) => r.id) as [string, string, string, string];
export const SINGLE_PANE_REPORT_ID = SINGLE_PANE_OF_GLASS_REPORT.id;

/** requirements §13.3: the default period is the last 90 days (today included) in the user's time zone. */
export const REPORT_DEFAULT_DAYS = 90;
/** The longest period a report covers (about three years). */
export const REPORT_MAX_DAYS = 1100;

/** spec §2.10 and §8: the texts of an external (embedded) report. */
export const REPORT_TEXTS = {
  loading: 'Loading Report...',
  tokenApiFailed: (message: string) => `API call to get report embed token has failed with ${message}`,
  tokenFailed: (message: string) => `Failed to get report embed token with: ${message}`,
} as const;

const DAY_MS = 86_400_000;
const dayNumber = (d: string) => Date.parse(`${d}T00:00:00Z`) / DAY_MS;

export const ZReportParamsSchema = z.object({ reportId: z.string().max(64) });

/** Query of GET /reports/{reportId}: the period (days in the user's time zone, both included), a site, the ticket type. */
export const ZReportQuerySchema = z
  .object({
    from: zIsoDate().optional(),
    to: zIsoDate().optional(),
    siteId: z.coerce.number().int().positive().optional(),
    /** requirements §13.3: which tickets a ticket report counts (the ticket lists are per type, so a click opens the same set). */
    type: ZTicketTypeSchema.optional(),
  })
  .superRefine((q, ctx) => {
    if (q.from && q.to) {
      const span = dayNumber(q.to) - dayNumber(q.from);
      if (span < 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'The end date is before the start date' });
      else if (span >= REPORT_MAX_DAYS) ctx.addIssue({ code: 'custom', path: ['from'], message: `The period is longer than ${REPORT_MAX_DAYS} days` });
    }
  });
export type ReportQuery = z.infer<typeof ZReportQuerySchema>;

/** A headline figure: a count, hours (decimal string) or money (2-decimal string, US dollars). */
export const ZReportFigureSchema = z.object({
  id: z.string(),
  label: z.string(),
  value: z.string().nullable(),
  format: z.enum(['count', 'hours', 'money']),
});
export type ReportFigure = z.infer<typeof ZReportFigureSchema>;

/** Where a click on one category of a chart leads: a ticket list (or the devices list) with these URL filters. */
export const ZReportLinkSchema = z.object({
  list: z.enum(['incidents', 'requests', 'devices']),
  query: z.record(z.string(), z.string()),
});
export type ReportLink = z.infer<typeof ZReportLinkSchema>;

export const ZReportChartSchema = z.object({
  id: z.string(),
  title: z.string(),
  kind: z.enum(['bar', 'stackedBar', 'horizontalBar', 'line', 'pie']),
  categoryLabel: z.string(),
  data: chartDataSchema,
  /** Parallel to data.categories: the list a click opens, or null. */
  links: z.array(ZReportLinkSchema.nullable()),
});
export type ReportChart = z.infer<typeof ZReportChartSchema>;

export const ZReportSiteSchema = z.object({ id: z.number().int(), name: z.string() });

export const ZNativeReportSchema = z.object({
  kind: z.literal('native'),
  reportId: z.string(),
  title: z.string(),
  /** The period actually used (defaults filled in). */
  from: z.string(),
  to: z.string(),
  siteId: z.number().int().nullable(),
  type: ZTicketTypeSchema,
  /** Whether the ticket type filter applies to this report (Support Tickets and the Single Pane of Glass). */
  hasTypeFilter: z.boolean(),
  timeZone: z.string(),
  sites: z.array(ZReportSiteSchema),
  figures: z.array(ZReportFigureSchema),
  charts: z.array(ZReportChartSchema),
});
export type NativeReport = z.infer<typeof ZNativeReportSchema>;

export const ZEmbeddedReportSchema = z.object({ kind: z.literal('embed'), reportId: z.string(), title: z.string() });

export const ZReportResponseSchema = z.discriminatedUnion('kind', [ZNativeReportSchema, ZEmbeddedReportSchema]);
export type ReportResponse = z.infer<typeof ZReportResponseSchema>;

/** GET /reports/{reportId}/embed-token: what the browser needs to show an external report (never the secret). */
export const ZReportEmbedTokenSchema = z.object({
  embedUrl: z.string(),
  token: z.string(),
  expiresAt: z.string().nullable(),
});
export type ReportEmbedToken = z.infer<typeof ZReportEmbedTokenSchema>;
