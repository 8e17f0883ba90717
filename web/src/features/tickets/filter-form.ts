import type { Resolver } from 'react-hook-form';
import { assigneeKey, boardIdForDepartment, parseAssigneeKey, TICKET_CRITERIA_KEYS, ZTicketCriteriaSchema, type TicketCriteria, type TicketDepartment } from '@sc/common';

// The Search Tickets dialog's form and what it applies to a list: the criteria, which are the list
// request's own parameters (departmentId, isVip, …), and a saved filter's id, a web-only parameter the
// list's URL keeps beside them ('saved').

/** Drops empty values so "no filter" has one representation ({}), whatever the form or the request held. */
export function cleanCriteria(input: Partial<Record<keyof TicketCriteria, unknown>>): TicketCriteria {
  const out: Record<string, unknown> = {};
  for (const k of TICKET_CRITERIA_KEYS) {
    const v = input[k];
    if (v !== undefined && v !== null && v !== '') out[k] = v;
  }
  const parsed = ZTicketCriteriaSchema.safeParse(out);
  return parsed.success ? parsed.data : {};
}

/** The URL-state change that removes every criterion (applied criteria replace the previous ones whole). */
export const NO_CRITERIA = Object.fromEntries(TICKET_CRITERIA_KEYS.map((k) => [k, undefined])) as { [K in keyof TicketCriteria]: undefined };

/** The URL parameter of the applied saved filter (web only: the API gets its criteria). */
export const SAVED_PARAM = 'saved';
const SAVED_ID = /^[0-9a-f]{32}$/;
/** The applied saved filter's id in the URL; null when none, or when the parameter is not an id. */
export function savedFilterIdOf(params: URLSearchParams): string | null {
  const saved = params.get(SAVED_PARAM);
  return saved && SAVED_ID.test(saved) ? saved : null;
}

/** What the Search Tickets dialog edits: selects as strings ('' = any), days as YYYY-MM-DD, switches as booleans. */
export interface FilterFormValues {
  /** An assignee key ('staff:{id}' or 'contact:{id}') of the lookups' assignees. */
  assignedTo: string;
  departmentId: string;
  isShared: boolean;
  openDateFrom: string;
  openDateTo: string;
  priorityId: string;
  classId: string;
  subclassId: string;
  siteId: string;
  isRequestScheduled: boolean;
  requestedStartFrom: string;
  requestedStartTo: string;
}

export const EMPTY_FILTER_FORM: FilterFormValues = {
  assignedTo: '',
  departmentId: '',
  isShared: false,
  openDateFrom: '',
  openDateTo: '',
  priorityId: '',
  classId: '',
  subclassId: '',
  siteId: '',
  isRequestScheduled: false,
  requestedStartFrom: '',
  requestedStartTo: '',
};

const str = (v: number | undefined) => (v === undefined ? '' : String(v));
/** The form's date inputs hold days; a saved instant shows as its day. */
const day = (v: string | undefined) => (v ? v.slice(0, 10) : '');

export function formValuesOf(c: TicketCriteria): FilterFormValues {
  return {
    assignedTo: c.assignedTo !== undefined ? assigneeKey('staff', c.assignedTo) : c.assignedContactId !== undefined ? assigneeKey('contact', c.assignedContactId) : '',
    departmentId: str(c.departmentId),
    isShared: c.isShared === true,
    openDateFrom: day(c.openDateFrom),
    openDateTo: day(c.openDateTo),
    priorityId: str(c.priorityId),
    classId: str(c.classId),
    subclassId: str(c.subclassId),
    siteId: str(c.siteId),
    isRequestScheduled: c.isRequestScheduled === true,
    requestedStartFrom: day(c.requestedStartFrom),
    requestedStartTo: day(c.requestedStartTo),
  };
}

/**
 * The criteria of the form. A switch that is off is left out (docs/decisions/003: false would
 * filter for "not shared"); the department sets boardId as requirements §2.3 says; `kept` carries the
 * criteria the dialog does not show (the hidden VIP switch of a saved filter).
 */
export function criteriaOf(v: FilterFormValues, departments: readonly TicketDepartment[], kept: Pick<TicketCriteria, 'isVip'> = {}): Record<string, unknown> {
  const dep = departments.find((d) => String(d.id) === v.departmentId);
  const boardId = dep ? boardIdForDepartment(dep) : null;
  const assignee = parseAssigneeKey(v.assignedTo);
  return {
    ...kept,
    assignedTo: assignee?.kind === 'staff' ? assignee.id : undefined,
    assignedContactId: assignee?.kind === 'contact' ? assignee.id : undefined,
    departmentId: v.departmentId || undefined,
    boardId: boardId ?? undefined,
    isShared: v.isShared || undefined,
    openDateFrom: v.openDateFrom || undefined,
    openDateTo: v.openDateTo || undefined,
    priorityId: v.priorityId || undefined,
    classId: v.classId || undefined,
    subclassId: v.subclassId || undefined,
    siteId: v.siteId || undefined,
    isRequestScheduled: v.isRequestScheduled || undefined,
    requestedStartFrom: v.requestedStartFrom || undefined,
    requestedStartTo: v.requestedStartTo || undefined,
  };
}

/** Whether the form holds any value (requirements §2.3: OK is disabled otherwise). */
export const hasFormValues = (v: FilterFormValues): boolean =>
  Object.entries(v).some(([, x]) => x !== '' && x !== false);

/** A date range whose end is before its start names the end field. */
function rangeErrors(c: TicketCriteria): Partial<Record<keyof FilterFormValues, string>> {
  const errors: Partial<Record<keyof FilterFormValues, string>> = {};
  if (c.openDateFrom && c.openDateTo && c.openDateTo.slice(0, 10) < c.openDateFrom.slice(0, 10)) errors.openDateTo = 'Must not be before Create Date From';
  if (c.requestedStartFrom && c.requestedStartTo && c.requestedStartTo.slice(0, 10) < c.requestedStartFrom.slice(0, 10))
    errors.requestedStartTo = 'Must not be before Requested Start From';
  return errors;
}

/** The dialog's resolver: the shared ZTicketCriteriaSchema decides, as it does on the server. */
export function filterResolver(departments: readonly TicketDepartment[], kept: Pick<TicketCriteria, 'isVip'>): Resolver<FilterFormValues, unknown, TicketCriteria> {
  return (values) => {
    const raw = criteriaOf(values, departments, kept);
    const parsed = ZTicketCriteriaSchema.safeParse(raw);
    const errors: Record<string, { type: string; message: string }> = {};
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const key = String(issue.path[0] ?? 'root');
        errors[key === 'boardId' ? 'departmentId' : key === 'assignedContactId' ? 'assignedTo' : key] ??= { type: 'validate', message: issue.message };
      }
    } else {
      for (const [k, message] of Object.entries(rangeErrors(parsed.data))) errors[k] = { type: 'validate', message };
    }
    if (!parsed.success || Object.keys(errors).length > 0) return { values: {}, errors };
    return { values: cleanCriteria(parsed.data), errors: {} };
  };
}
