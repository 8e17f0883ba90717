import { z } from 'zod';
import { zIsoInstant } from './dates.ts';
import { TICKET_ROW_STATUSES, ZTicketCriteriaSchema, ZTicketListRequestSchema } from './tickets.ts';

// The service-request calendar (requirements §2.1 'Ticket list screens': month, week, day; no agenda).
// Decisions where the spec is silent: docs/decisions/007-request-calendar.md.

/** requirements §2.1: month, week and day views; no agenda. Month is the default (day on a phone, decision 007). */
export const CALENDAR_VIEWS = ['month', 'week', 'day'] as const;
export type CalendarView = (typeof CALENDAR_VIEWS)[number];

/** At most this many events per range; more sets `truncated` (the earliest starts are kept). */
export const CALENDAR_MAX_EVENTS = 500;
/** A month view shows at most six weeks (42 days); the rest is margin for zones and DST. */
const CALENDAR_MAX_RANGE_DAYS = 45;
/** An event without an end that starts at or after 16:00 lasts this long instead of ending before it starts. */
export const CALENDAR_LATE_START_MINUTES = 60;

const zInstant = zIsoInstant();
const DAY_MS = 86_400_000;

/**
 * Query-string of GET /service-requests/calendar: the list's filters (status, search, mine and the
 * filter-dialog criteria, the same fields as ZTicketListRequestSchema) plus the visible range
 * `[from, to)`. Paging and sorting do not apply.
 */
export const ZTicketCalendarRequestSchema = ZTicketCriteriaSchema.extend({
  status: ZTicketListRequestSchema.shape.status,
  search: ZTicketListRequestSchema.shape.search,
  mine: ZTicketListRequestSchema.shape.mine,
  from: zInstant,
  to: zInstant,
}).superRefine((q, ctx) => {
  const span = Date.parse(q.to) - Date.parse(q.from);
  if (span <= 0) ctx.addIssue({ code: 'custom', path: ['to'], message: 'must be after from' });
  else if (span > CALENDAR_MAX_RANGE_DAYS * DAY_MS) ctx.addIssue({ code: 'custom', path: ['to'], message: `must be at most ${CALENDAR_MAX_RANGE_DAYS} days after from` });
});
export type TicketCalendarRequest = z.infer<typeof ZTicketCalendarRequestSchema>;
export type TicketCalendarRequestInput = z.input<typeof ZTicketCalendarRequestSchema>;

/** One service request on the calendar (fields of requirements §2.2 'Service request record'). */
export const ZTicketCalendarEventSchema = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  shortDescription: z.string(),
  status: z.enum(TICKET_ROW_STATUSES),
  /** RequestedStartDate, ISO 8601 instant. */
  start: z.string(),
  /** RequestedEndDate, or when there is none 16:00 of the start's day in the caller's zone (see endIsDefault). */
  end: z.string(),
  /** true when the request has no end date and `end` was derived (requirements §2.1: ends at 16:00). */
  endIsDefault: z.boolean(),
  contactName: z.string(),
  assignedToName: z.string().nullable(),
  isVip: z.boolean(),
});
export type TicketCalendarEvent = z.infer<typeof ZTicketCalendarEventSchema>;

export const ZTicketCalendarResponseSchema = z.object({
  /** Ordered by start, then id. */
  events: z.array(ZTicketCalendarEventSchema),
  /** More than CALENDAR_MAX_EVENTS requests overlap the range: only the first ones by start are here. */
  truncated: z.boolean(),
  /** The IANA zone the 16:00 rule was applied in (the caller's, UTC when unknown). */
  timeZone: z.string(),
});
export type TicketCalendarResponse = z.infer<typeof ZTicketCalendarResponseSchema>;

export const CALENDAR_MESSAGES = {
  /** requirements §2.6's loading text. */
  loading: 'Loading...',
  truncated: (shown: number) =>
    `Only the first ${shown} service requests of this period are shown. Choose a shorter view, a status or a search to see the others.`,
} as const;

/** requirements §2.1: "events titled by number and short description". */
export const calendarEventTitle = (e: Pick<TicketCalendarEvent, 'ticketNo' | 'shortDescription'>): string => `${e.ticketNo} - ${e.shortDescription}`;
