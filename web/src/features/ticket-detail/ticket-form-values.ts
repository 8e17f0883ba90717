import dayjs from 'dayjs';
import timezone from 'dayjs/plugin/timezone';
import utc from 'dayjs/plugin/utc';
import type { FieldErrors, Resolver } from 'react-hook-form';
import {
  assigneeKeyOf,
  parseAssigneeKey,
  ZCreateTicketRequestSchema,
  ZUpdateTicketRequestSchema,
  type TICKET_DETAIL_STATUSES,
  type NewTicketDraft,
  type TicketDetail,
  type TicketType,
} from '@sc/common';

dayjs.extend(utc);
dayjs.extend(timezone);

/** What the form edits: select values as strings ('' = none), dates as datetime-local text in the user's zone. */
export interface TicketFormValues {
  shortDescription: string;
  description: string;
  status: (typeof TICKET_DETAIL_STATUSES)[number];
  siteId: string;
  departmentId: string;
  priorityId: string;
  severityShort: string;
  classId: string;
  subclassId: string;
  /** The assignee's key ('staff:{id}' or 'contact:{id}'), '' for none. */
  assignee: string;
  isVip: boolean;
  requestedStartDate: string;
  requestedEndDate: string;
}

const LOCAL_INPUT = 'YYYY-MM-DDTHH:mm';

function zoned(iso: string, tz: string) {
  try {
    return dayjs(iso).tz(tz);
  } catch {
    return dayjs(iso);
  }
}
/** An ISO instant as datetime-local text in the user's time zone. */
export const toLocalInput = (iso: string | null, tz: string): string => (iso ? zoned(iso, tz).format(LOCAL_INPUT) : '');
/** datetime-local text in the user's time zone as an ISO instant; '' stays null. */
export function fromLocalInput(text: string, tz: string): string | null {
  if (!text) return null;
  try {
    return dayjs.tz(text, tz).toISOString();
  } catch {
    return dayjs(text).toISOString();
  }
}

const str = (n: number | null | undefined): string => (n == null ? '' : String(n));
const num = (s: string): number | null => (s === '' ? null : Number(s));

export function valuesOfTicket(t: TicketDetail, tz: string): TicketFormValues {
  return {
    shortDescription: t.shortDescription,
    description: t.description ?? '',
    status: t.status,
    siteId: str(t.siteId),
    departmentId: str(t.departmentId),
    priorityId: str(t.priorityId),
    severityShort: t.severityShort ?? '',
    classId: str(t.classId),
    subclassId: str(t.subclassId),
    assignee: assigneeKeyOf(t),
    isVip: t.isVip,
    requestedStartDate: toLocalInput(t.requestedStartDate, tz),
    requestedEndDate: toLocalInput(t.requestedEndDate, tz),
  };
}

export function valuesOfDraft(d: NewTicketDraft): TicketFormValues {
  return {
    shortDescription: '',
    description: '',
    status: 'Open',
    siteId: str(d.siteId),
    departmentId: str(d.departmentId),
    priorityId: '',
    severityShort: '',
    classId: '',
    subclassId: '',
    assignee: '',
    isVip: d.isVip,
    requestedStartDate: '',
    requestedEndDate: '',
  };
}

export interface BodyContext {
  ticketType: TicketType;
  timeZone: string;
  /** The User type has no assignee and no VIP control (the server ignores both for it). */
  isUser: boolean;
}

/** Both assignee fields, so the server stores exactly the one chosen (or none). */
function assigneeBody(key: string) {
  const a = parseAssigneeKey(key);
  return { assignedStaffId: a?.kind === 'staff' ? a.id : null, assignedContactId: a?.kind === 'contact' ? a.id : null };
}

/** The fields common to create and update, as the shared schema takes them. */
function commonBody(v: TicketFormValues, c: BodyContext) {
  const isRequest = c.ticketType === 'ServiceRequest';
  return {
    shortDescription: v.shortDescription,
    description: v.description === '' ? null : v.description,
    siteId: num(v.siteId),
    departmentId: num(v.departmentId),
    priorityId: num(v.priorityId),
    severityShort: v.severityShort === '' ? null : v.severityShort,
    classId: num(v.classId),
    subclassId: num(v.subclassId),
    ...(c.isUser ? {} : { ...assigneeBody(v.assignee), isVip: v.isVip }),
    ...(isRequest ? { requestedStartDate: fromLocalInput(v.requestedStartDate, c.timeZone), requestedEndDate: fromLocalInput(v.requestedEndDate, c.timeZone) } : {}),
  };
}

export function createBody(v: TicketFormValues, c: BodyContext, draft: Pick<NewTicketDraft, 'contactId' | 'deviceId'>): unknown {
  return { ...commonBody(v, c), ticketType: c.ticketType, contactId: draft.contactId, deviceId: draft.deviceId };
}

export function updateBody(v: TicketFormValues, c: BodyContext, version: number): unknown {
  return { ...commonBody(v, c), status: v.status, version };
}

/**
 * The form's resolver: the values are turned into the request body and checked by the same zod
 * schema the server uses, so the browser and the server agree on every rule.
 */
export function ticketResolver(c: BodyContext, mode: 'add' | 'edit'): Resolver<TicketFormValues> {
  return (values) => {
    const body = mode === 'add' ? createBody(values, c, { contactId: 1, deviceId: null }) : updateBody(values, c, 1);
    const parsed = mode === 'add' ? ZCreateTicketRequestSchema.safeParse(body) : ZUpdateTicketRequestSchema.safeParse(body);
    if (parsed.success) return { values, errors: {} };
    const errors: FieldErrors<TicketFormValues> = {};
    for (const issue of parsed.error.issues) {
      const path = String(issue.path[0] ?? 'shortDescription');
      const key = (path === 'assignedStaffId' || path === 'assignedContactId' ? 'assignee' : path) as keyof TicketFormValues;
      errors[key] ??= { type: issue.code, message: issue.message };
    }
    return { values: {}, errors };
  };
}
