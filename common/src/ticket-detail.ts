import { z } from 'zod';
import { zIsoInstant } from './dates.ts';
import { zId, zIdDigits, zIdValue } from './ids.ts';
import { DEFAULT_PAGE_SIZE, listQuerySchema, pageOf } from './list.ts';
import { ZTicketTypeSchema, type TicketType } from './ticket-types.ts';

// Schemas of one ticket: read, create, update, notes, status-update requests, timeline and
// attachments (requirements §3.1, §3.2, §3.3). The lists of tickets live in tickets.ts.

/** requirements §3.3 status values. */
export const TICKET_DETAIL_STATUSES = ['Open', 'Closed', 'Escalation', 'On Hold'] as const;
export const ZTicketDetailStatusSchema = z.enum(TICKET_DETAIL_STATUSES);

/** Limits of the ticket form and of notes. */
export const TICKET_LIMITS = {
  shortDescription: 300,
  description: 20_000,
  note: 20_000,
  /** Upload size limit of an attachment, in bytes (10 MB). */
  attachmentBytes: 10 * 1024 * 1024,
  /** requirements §3.6: an actions export holds the first 2000 actions, ActionID descending. */
  actionsExportRows: 2000,
} as const;

export const TICKET_DETAIL_MESSAGES = {
  conflict: 'This ticket was changed by someone else. Reload it to see the changes.',
  fileTypeNotAllowed: 'File type not allowed',
  /** requirements §3.6: the dialog text of a failed status-update request; the web appends the server's message. */
  statusUpdateFailed: 'Failed to request status update with: {message}',
  statusUpdateConfirmTitle: 'Request Status Update?',
  statusUpdateConfirmText: 'This action will issue a request for status update on this ticket',
  saved: 'Incident data has been successfully updated',
  actionCreated: 'New Action Created',
  actionSaved: 'Action is saved',
} as const;

/**
 * The success text of a ticket save, naming what was saved (issue 14, bug 3): the spec's
 * 'Incident data has been successfully updated' for an incident update, the same words for a
 * service request, and the new ticket's number on creation.
 */
export function ticketSavedMessage(ticketType: TicketType, mode: 'add' | 'edit', ticketNo: string): string {
  if (mode === 'add') return `${ticketType === 'Incident' ? 'Incident' : 'Service request'} ${ticketNo} has been created`;
  return ticketType === 'Incident' ? TICKET_DETAIL_MESSAGES.saved : 'Service request data has been successfully updated';
}


/** An ISO 8601 date-time with offset ('2026-11-01T14:00:00Z'); the API answers in UTC. */
const dateTime = zIsoInstant();

/** Ids of the ticket form, params and queries (coerced: the form may send them as text). */
const id = zId;

export const ZTicketDetailParamsSchema = z.object({ id: zId });
export const ZTicketAttachmentParamsSchema = z.object({ id: zId, attachmentId: zId });

/** The ticket of requirements §3.2 'Incident/request' as the view and edit screens read it. */
export const ZTicketDetailResponseSchema = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  ticketType: ZTicketTypeSchema,
  status: ZTicketDetailStatusSchema,
  shortDescription: z.string(),
  description: z.string().nullable(),
  contactId: z.number().int(),
  contactName: z.string(),
  targetName: z.string().nullable(),
  targetContactId: z.number().int().nullable(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  boardId: z.number().int().nullable(),
  priorityId: z.number().int().nullable(),
  priorityName: z.string().nullable(),
  severityShort: z.string().nullable(),
  severityName: z.string().nullable(),
  classId: z.number().int().nullable(),
  className: z.string().nullable(),
  subclassId: z.number().int().nullable(),
  subclassName: z.string().nullable(),
  /** Provider technician; always null for the User type (the assignee is not shown to it). */
  assignedStaffId: z.number().int().nullable(),
  /** A contact of the customer as assignee (AssignedToContactID); always null for the User type. */
  assignedContactId: z.number().int().nullable(),
  /** AssignedToName; always null for the User type. */
  assignedToName: z.string().nullable(),
  reassignmentTemplateId: z.number().int().nullable(),
  isVip: z.boolean(),
  isShared: z.boolean(),
  requestedStartDate: z.string().nullable(),
  requestedEndDate: z.string().nullable(),
  openDate: z.string(),
  closedDate: z.string().nullable(),
  /** Send back unchanged in the update: a stale version answers 409. */
  version: z.number().int(),
  /** Whether the caller may edit (requirements §3.1, §3.3); editRefusal is the message to show when not. */
  canEdit: z.boolean(),
  editRefusal: z.string().nullable(),
});
export type TicketDetail = z.infer<typeof ZTicketDetailResponseSchema>;

/** Fields of the ticket form shared by create and update. Absent means default (create) or unchanged (update); null clears. */
const ticketFields = z.object({
  shortDescription: z.string().trim().min(1, 'Short Description is required').max(TICKET_LIMITS.shortDescription),
  description: z.string().max(TICKET_LIMITS.description).nullish(),
  contactId: id.optional(),
  deviceId: id.nullish(),
  siteId: id.nullish(),
  departmentId: id.nullish(),
  priorityId: id.nullish(),
  severityShort: z.string().trim().min(1).max(16).nullish(),
  classId: id.nullish(),
  /** Must belong to classId; with no classId the subclass's class is taken. */
  subclassId: id.nullish(),
  /** Ignored for the User type. At most one of assignedStaffId and assignedContactId is set. */
  assignedStaffId: id.nullish(),
  /** An assignable contact of the caller's customer (see the lookups' assignees). Ignored for the User type. */
  assignedContactId: id.nullish(),
  /** Ignored for the User type. */
  isVip: z.boolean().optional(),
  /** Service requests only. */
  requestedStartDate: dateTime.nullish(),
  requestedEndDate: dateTime.nullish(),
});

type DateRange = { requestedStartDate?: string | null | undefined; requestedEndDate?: string | null | undefined };
export const REQUESTED_END_BEFORE_START = 'Requested end must not be before the requested start';
/** End ≥ start when both are given (the server checks again against stored values on a partial update). */
function checkDateRange(v: DateRange, ctx: z.RefinementCtx) {
  if (v.requestedStartDate && v.requestedEndDate && Date.parse(v.requestedEndDate) < Date.parse(v.requestedStartDate)) {
    ctx.addIssue({ code: 'custom', path: ['requestedEndDate'], message: REQUESTED_END_BEFORE_START });
  }
}

export const ONE_ASSIGNEE_ONLY = 'A ticket has one assignee: a technician or a contact, not both';
/** A ticket is assigned to a technician or to a contact, never to both. */
function checkOneAssignee(v: { assignedStaffId?: number | null | undefined; assignedContactId?: number | null | undefined }, ctx: z.RefinementCtx) {
  if (v.assignedStaffId != null && v.assignedContactId != null) ctx.addIssue({ code: 'custom', path: ['assignedContactId'], message: ONE_ASSIGNEE_ONLY });
}

/** POST /api/v1/tickets: a new incident or service request (status Open, opened now). */
export const ZCreateTicketRequestSchema = ticketFields.extend({ ticketType: ZTicketTypeSchema }).superRefine(checkDateRange).superRefine(checkOneAssignee);
export type CreateTicketRequest = z.infer<typeof ZCreateTicketRequestSchema>;

/** How the add route chose the ticket's contact (requirements §3.1, §3.3: pick a contact, a device, or the primary-contact shortcut). */
const TICKET_CREATE_MODES = ['contact', 'device', 'primaryContact'] as const;
export const ZCreateTicketQuerySchema = z.object({ type: z.enum(TICKET_CREATE_MODES).default('contact') });

/** PUT /api/v1/tickets/:id: the form's fields plus the version read and, optionally, a new status. */
export const ZUpdateTicketRequestSchema = ticketFields
  .extend({ version: z.number().int().min(1), status: ZTicketDetailStatusSchema.optional() })
  .superRefine(checkDateRange)
  .superRefine(checkOneAssignee);
export type UpdateTicketRequest = z.infer<typeof ZUpdateTicketRequestSchema>;

/**
 * GET /api/v1/tickets/new: the prefilled form of the add routes /incident/add/{id}?type=… and
 * /servicerequest/add/{id}?type=… (devicetype says which key identifies a device).
 */
export const ZNewTicketQuerySchema = z.object({
  type: z.enum(TICKET_CREATE_MODES).default('contact'),
  /** The {id} of the add route: a contact id, or a device key; ignored for primaryContact. */
  id: z.string().trim().max(120).optional(),
  devicetype: z.enum(['device', 'kaseya', 'ncentral']).default('device'),
});
export const ZNewTicketDraftResponseSchema = z.object({
  contactId: z.number().int(),
  contactName: z.string(),
  deviceId: z.number().int().nullable(),
  deviceName: z.string().nullable(),
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  isVip: z.boolean(),
});
export type NewTicketDraft = z.infer<typeof ZNewTicketDraftResponseSchema>;

// --- Notes (actions) ------------------------------------------------------------------------

/** The ticket's notes (actions): newest first. */
export const ZTicketActionsQuerySchema = listQuerySchema({
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: ['id'],
  defaultSort: 'id',
  defaultDirection: 'desc',
  search: false,
});
export type TicketActionsQueryInput = z.input<typeof ZTicketActionsQuerySchema>;

/** An action (note) of requirements §3.2; internal notes are never sent to the User type. */
export const ZTicketActionSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  startDate: z.string(),
  userName: z.string(),
  displayName: z.string().nullable(),
  /** The Staff column: the technician's name, else who wrote it. */
  staffName: z.string(),
  /** The Note column: plain text with the HTML stripped; render as text. */
  note: z.string(),
  /** Sanitised HTML for the note dialog. */
  noteHtml: z.string(),
  status: z.string().nullable(),
  isInternal: z.boolean(),
});
export type TicketAction = z.infer<typeof ZTicketActionSchema>;
export const ZTicketActionsResponseSchema = pageOf(ZTicketActionSchema);

export const ZCreateTicketActionRequestSchema = z.object({
  /** HTML from the editor; sanitised to basic formatting before it is stored. */
  note: z.string().trim().min(1, 'Note is required').max(TICKET_LIMITS.note),
});
export type CreateTicketActionRequest = z.infer<typeof ZCreateTicketActionRequestSchema>;

/** Body of the compatibility web APIs request-status-update-inc/-req (requirements §3.5): the ticket id, bare or as { id }. */
export const ZStatusUpdateCompatRequestSchema = z.union([
  zIdValue,
  zIdDigits('Expected a ticket id'),
  z.object({ id }),
]);

// --- Timeline (/incident/stats/{id}) -------------------------------------------------------

const TIMELINE_EVENT_KINDS = ['created', 'status', 'updated', 'note'] as const;
export const ZTicketTimelineEventSchema = z.object({
  at: z.string(),
  kind: z.enum(TIMELINE_EVENT_KINDS),
  /** One line: 'Created', 'Status changed from Open to Closed', 'Note added', 'Updated: priority, site'. */
  title: z.string(),
  /** Who, when known. */
  by: z.string().nullable(),
  /** The note as plain text, for kind 'note'. */
  detail: z.string().nullable(),
});
/** The newest notes the timeline shows; older ones are on the notes page (the timeline is read whole). */
export const TIMELINE_NOTES = 200;
export const ZTicketTimelineResponseSchema = z.object({
  events: z.array(ZTicketTimelineEventSchema),
  /** Notes older than the TIMELINE_NOTES shown: the page says so and links to the notes list. */
  olderNotes: z.number().int().min(0),
});
export type TicketTimelineEvent = z.infer<typeof ZTicketTimelineEventSchema>;

// --- Attachments (/incident/files/{id}) ----------------------------------------------------

export const ZTicketAttachmentSchema = z.object({
  id: z.number().int(),
  ticketId: z.number().int(),
  fileName: z.string(),
  contentType: z.string(),
  sizeBytes: z.number().int(),
  uploadedByName: z.string().nullable(),
  createdAt: z.string(),
  /** Until when the caller may remove it (its own upload, within ATTACHMENT_REMOVE_GRACE_MINUTES); null: never. */
  removableUntil: z.string().nullable(),
});
export type TicketAttachment = z.infer<typeof ZTicketAttachmentSchema>;

/** One's own upload can be removed this long after it was added (docs/decisions/015-ticket-page.md). */
export const ATTACHMENT_REMOVE_GRACE_MINUTES = 15;
export const ATTACHMENT_MESSAGES = {
  notRemovable: `Only your own files can be removed, within ${ATTACHMENT_REMOVE_GRACE_MINUTES} minutes of adding them`,
  removed: 'File removed',
} as const;
export const ZTicketAttachmentsResponseSchema = z.object({ rows: z.array(ZTicketAttachmentSchema) });

/** The file name of an upload: in the x-file-name header (percent-encoded UTF-8) or ?name=. */
export const ZUploadAttachmentQuerySchema = z.object({ name: z.string().max(1000).optional() });
