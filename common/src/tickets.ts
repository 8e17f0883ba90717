import { z } from 'zod';
import { zIsoDate, zIsoInstant } from './dates.ts';
import { zId } from './ids.ts';
import { DEFAULT_PAGE_SIZE, keysetPageOf, listQuerySchema, PAGE_SIZES, pageOf } from './list.ts';
import { ZTicketTypeSchema } from './ticket-types.ts';

// Ticket lists, filters, saved filters, lookups and the latest-action popup (requirements §2.1, §2.2, §2.3, §2.6).
// One schema per payload: the server validates and serialises with it, the web's forms resolve with it.

/** requirements §2.3: the status filter; '<ALL>' is the '(All)' entry. Default 'Open'. */
export const TICKET_STATUS_FILTERS = ['<ALL>', 'Open', 'Closed', 'Escalation', 'On Hold'] as const;
export type TicketStatusFilter = (typeof TICKET_STATUS_FILTERS)[number];
const DEFAULT_TICKET_STATUS_FILTER: TicketStatusFilter = 'Open';

export const TICKET_ROW_STATUSES = ['Open', 'Closed', 'Escalation', 'On Hold'] as const;

/** Sort keys of the list query: every shown column (priority sorts by level, severity by SeverityShort). */
export const TICKET_SORT_KEYS = [
  'id',
  'ticketNo',
  'status',
  'assignedToName',
  'shortDescription',
  'priority',
  'severity',
  'openDate',
  'class',
  'subclass',
  'targetName',
  'requestedStartDate',
  'requestedEndDate',
] as const;
export type TicketSortKey = (typeof TICKET_SORT_KEYS)[number];
/** Sorts that page with a keyset `cursor` (non-null columns on the ticket row); the others page by OFFSET. */
export const TICKET_KEYSET_SORTS: readonly TicketSortKey[] = ['id', 'ticketNo', 'status', 'shortDescription', 'openDate'];

/** requirements §2.6: the ticket export holds the first 2000 rows as sorted and filtered. */
export const TICKET_EXPORT_LIMIT = 2000;
/** Totals are exact up to this many rows; above it `totalIsEstimate` is true (docs/decisions/003). */
export const TICKET_EXACT_COUNT_LIMIT = 10_000;
/** requirements §2.6: the last-action popup shows five actions. */
export const LATEST_ACTIONS_COUNT = 5;
/** requirements §2.6: service-request search debounce. */
export const TICKET_SEARCH_DEBOUNCE_MS = 800;
/** requirements §2.1: an event without an end date ends at 16:00 on the calendar. */
export const CALENDAR_DEFAULT_END_HOUR = 16;

/** A query-string or JSON boolean: true/false, or the strings 'true'/'false' (also 1/0). */
const zBool = z.union([z.boolean(), z.stringbool()]);
/** A calendar day (YYYY-MM-DD, read in the caller's time zone) or an instant (ISO 8601 with offset). */
const zDateOrInstant = z.union([zIsoDate(), zIsoInstant()]);

/**
 * The filter-dialog criteria (requirements §2.2 'Ticket search criteria'), also the `criteria` of a saved filter.
 * Every field is optional: omitted means "no filter". Date ranges are inclusive; a bare date covers the
 * whole day in the caller's time zone.
 */
export const ZTicketCriteriaSchema = z.object({
  /** Assigned To: provider staff id (AssignedUserID). Hidden for User in the dialog. */
  assignedTo: zId.optional(),
  /** Assigned To a contact of the customer (AssignedToContactID: an HD shared operator or a staff-type account). */
  assignedContactId: zId.optional(),
  /** Resp. Department id (from the departments lookup). */
  departmentId: zId.optional(),
  /** BoardID: set by the UI from the department (`boardIdForDepartment`); the server filters by what it gets. */
  boardId: zId.optional(),
  isShared: zBool.optional(),
  openDateFrom: zDateOrInstant.optional(),
  openDateTo: zDateOrInstant.optional(),
  isVip: zBool.optional(),
  priorityId: zId.optional(),
  classId: zId.optional(),
  subclassId: zId.optional(),
  siteId: zId.optional(),
  isRequestScheduled: zBool.optional(),
  requestedStartFrom: zDateOrInstant.optional(),
  requestedStartTo: zDateOrInstant.optional(),
});
export type TicketCriteria = z.infer<typeof ZTicketCriteriaSchema>;
/** The criteria's keys: one URL and API parameter each. */
export const TICKET_CRITERIA_KEYS = Object.keys(ZTicketCriteriaSchema.shape) as (keyof TicketCriteria)[];

/** Query-string of GET /incidents, /service-requests and their /export (keyset paging: docs/decisions/003). */
export const ZTicketListRequestSchema = listQuerySchema({
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: TICKET_SORT_KEYS,
  /** docs/requirements.md §2.1: newest first. */
  defaultSort: 'id',
  defaultDirection: 'desc',
  /** Contains-search over ticket number, short description, target name and contact name. */
  search: true,
  keyset: true,
  filters: {
    ...ZTicketCriteriaSchema.shape,
    status: z.enum(TICKET_STATUS_FILTERS).default(DEFAULT_TICKET_STATUS_FILTER),
    /** true: only the caller's own contact's tickets (/myincidents, /myrequests). A User always gets only those. */
    mine: zBool.optional(),
    /** 'me': only tickets assigned to the caller's own contact (the home page's My Assigned tabs). */
    assigned: z.enum(['me']).optional(),
  },
});
export type TicketListRequest = z.infer<typeof ZTicketListRequestSchema>;
export type TicketListRequestInput = z.input<typeof ZTicketListRequestSchema>;

/** requirements §2.2 'Incident row'. */
export const ZIncidentRowSchema = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  ticketType: ZTicketTypeSchema,
  status: z.enum(TICKET_ROW_STATUSES),
  assignedToName: z.string().nullable(),
  shortDescription: z.string(),
  priorityId: z.number().int().nullable(),
  priorityName: z.string().nullable(),
  severityShort: z.string().nullable(),
  severityName: z.string().nullable(),
  /** ISO 8601 instant. */
  openDate: z.string(),
  className: z.string().nullable(),
  subclassName: z.string().nullable(),
  targetName: z.string().nullable(),
  targetContactId: z.number().int().nullable(),
  contactId: z.number().int(),
  contactName: z.string(),
  isVip: z.boolean(),
  /** canEditTicket(caller, row) of ticket-rules.ts: the Edit button's rule of requirements §2.3/§2.3. */
  canEdit: z.boolean(),
});
export type IncidentRow = z.infer<typeof ZIncidentRowSchema>;

/** requirements §2.2 'Service request record' (the preview pane and calendar read it too). */
export const ZServiceRequestRowSchema = ZIncidentRowSchema.extend({
  description: z.string().nullable(),
  /** ISO 8601 instants or null. */
  requestedStartDate: z.string().nullable(),
  requestedEndDate: z.string().nullable(),
  assignedStaffId: z.number().int().nullable(),
  assignedContactId: z.number().int().nullable(),
  /** Negative means unassigned (the home grid's Edit rule). */
  reassignmentTemplateId: z.number().int().nullable(),
});
export type ServiceRequestRow = z.infer<typeof ZServiceRequestRowSchema>;

export const ZIncidentListResponseSchema = keysetPageOf(ZIncidentRowSchema);
export type IncidentListResponse = z.infer<typeof ZIncidentListResponseSchema>;
export const ZServiceRequestListResponseSchema = keysetPageOf(ZServiceRequestRowSchema);
export type ServiceRequestListResponse = z.infer<typeof ZServiceRequestListResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Lookups (requirements §2.2 'Lookups')
// ---------------------------------------------------------------------------------------------

export const ZTicketDepartmentSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  boardId: z.number().int().nullable(),
  /** 'Client' for the customer's own departments; the provider's boards have another type (e.g. 'Service Board'). */
  type: z.string(),
  /** The spec's 'DepID BoardID Type' (BoardID empty when null). */
  key: z.string(),
});
export type TicketDepartment = z.infer<typeof ZTicketDepartmentSchema>;

/** requirements §2.3: the BoardID a department sets: its board, or none when its type is 'Client'. */
export const boardIdForDepartment = (d: Pick<TicketDepartment, 'boardId' | 'type'>): number | null => (d.type === 'Client' ? null : d.boardId);

/** The two kinds of assignee a ticket has (AssignedUserID or AssignedToContactID). */
const ASSIGNEE_KINDS = ['staff', 'contact'] as const;
type AssigneeKind = (typeof ASSIGNEE_KINDS)[number];
export const ZTicketAssigneeSchema = z.object({
  /** 'staff:{id}' or 'contact:{id}': one value for a select that offers both kinds. */
  key: z.string(),
  kind: z.enum(ASSIGNEE_KINDS),
  id: z.number().int(),
  displayName: z.string(),
});
export const assigneeKey = (kind: AssigneeKind, id: number): string => `${kind}:${id}`;
/** The key of a ticket's assignee ('' when unassigned). */
export const assigneeKeyOf = (t: { assignedStaffId: number | null; assignedContactId: number | null }): string =>
  t.assignedStaffId !== null ? assigneeKey('staff', t.assignedStaffId) : t.assignedContactId !== null ? assigneeKey('contact', t.assignedContactId) : '';
/** A key back to its kind and id; anything else is undefined. */
export function parseAssigneeKey(key: string): { kind: AssigneeKind; id: number } | undefined {
  const m = /^(staff|contact):(\d+)$/.exec(key);
  return m ? { kind: m[1] as AssigneeKind, id: Number(m[2]) } : undefined;
}

export const ZTicketLookupsResponseSchema = z.object({
  priorities: z.array(z.object({ id: z.number().int(), name: z.string(), level: z.number().int() })),
  severities: z.array(z.object({ short: z.string(), name: z.string() })),
  classes: z.array(z.object({ id: z.number().int(), name: z.string() })),
  /** Every subclass with its class: the dialog shows those of the chosen class. */
  subclasses: z.array(z.object({ id: z.number().int(), classId: z.number().int(), name: z.string() })),
  /**
   * Everyone a ticket of this customer can be assigned to: active provider staff and the customer's
   * own assignable contacts (see assigneeKey). Empty for User, who has no Assigned To selector.
   */
  assignees: z.array(ZTicketAssigneeSchema),
  departments: z.array(ZTicketDepartmentSchema),
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type TicketLookupsResponse = z.infer<typeof ZTicketLookupsResponseSchema>;

// ---------------------------------------------------------------------------------------------
// Saved ticket filters (requirements §2.2 'Saved ticket filter', §2.5)
// ---------------------------------------------------------------------------------------------

const TICKET_FILTER_TYPES = ['Incidents', 'Requests'] as const;
export const ZTicketFilterSearchTypeSchema = z.enum(TICKET_FILTER_TYPES);
export type TicketFilterSearchType = z.infer<typeof ZTicketFilterSearchTypeSchema>;

export const TICKET_FILTER_MESSAGES = {
  saved: 'Filter saved',
  saveFailed: (error: string) => `Save filter failed: ${error}`,
  queryFailed: (error: string) => `Query filters has failed: ${error}`,
  /** Our refusal when the name is taken by another account's filter (docs/decisions/003). */
  nameTaken: 'A filter with this name belongs to another user',
} as const;

/** The saved-filter dialog's list: by name. */
export const ZTicketFilterListRequestSchema = listQuerySchema({
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: ['searchName'],
  defaultSort: 'searchName',
  defaultDirection: 'asc',
  search: false,
  filters: { searchType: ZTicketFilterSearchTypeSchema },
});
export type TicketFilterListRequest = z.infer<typeof ZTicketFilterListRequestSchema>;
export type TicketFilterListRequestInput = z.input<typeof ZTicketFilterListRequestSchema>;

export const ZTicketFilterSchema = z.object({
  /** MD5 hex of searchName. */
  id: z.string(),
  searchType: ZTicketFilterSearchTypeSchema,
  searchName: z.string(),
  isPublic: z.boolean(),
  ownerName: z.string(),
  /** Whether the caller owns it (may overwrite and delete it). */
  isMine: z.boolean(),
  /** ISO 8601. */
  updatedDate: z.string(),
  criteria: ZTicketCriteriaSchema,
});
export type TicketFilter = z.infer<typeof ZTicketFilterSchema>;

export const ZTicketFilterListResponseSchema = pageOf(ZTicketFilterSchema);
export type TicketFilterListResponse = z.infer<typeof ZTicketFilterListResponseSchema>;

/** requirements §2.3: a non-empty name; Public is a checkbox. */
export const ZTicketFilterSaveRequestSchema = z.object({
  searchType: ZTicketFilterSearchTypeSchema,
  searchName: z.string().trim().min(1, 'Filter name is required').max(200),
  isPublic: z.boolean().default(false),
  criteria: ZTicketCriteriaSchema,
});
export type TicketFilterSaveRequest = z.input<typeof ZTicketFilterSaveRequestSchema>;

export const ZTicketFilterParamsSchema = z.object({
  searchType: ZTicketFilterSearchTypeSchema,
  id: z.string().regex(/^[0-9a-f]{32}$/, 'must be an MD5 hex id'),
});

// ---------------------------------------------------------------------------------------------
// Latest actions (requirements §2.2 'Incident action')
// ---------------------------------------------------------------------------------------------

export const ZLatestActionSchema = z.object({
  actionId: z.number().int(),
  incidentId: z.number().int(),
  /** Plain text: the HTML is converted on the server. */
  actionDesc: z.string(),
  /** ISO 8601. */
  startDate: z.string(),
  status: z.string().nullable(),
  /** The author's e-mail (User Name); shown as staffName. */
  userName: z.string(),
  /** Who wrote it, by name: the technician, else the author's display name, else the user name. */
  staffName: z.string(),
});
export const ZLatestActionsResponseSchema = z.object({ rows: z.array(ZLatestActionSchema) });
export type LatestActionsResponse = z.infer<typeof ZLatestActionsResponseSchema>;
