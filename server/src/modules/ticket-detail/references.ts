import { REQUESTED_END_BEFORE_START, TICKET_MESSAGES } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, forbidden } from '../../http/errors.ts';
import { selectAssignableContacts } from '../tickets/lookups.queries.ts';
import * as q from './ticket.queries.ts';

/** References a ticket form can carry; undefined = not given, null = none. */
interface ReferenceInput {
  contactId?: number | null | undefined;
  deviceId?: number | null | undefined;
  siteId?: number | null | undefined;
  departmentId?: number | null | undefined;
  priorityId?: number | null | undefined;
  severityShort?: string | null | undefined;
  classId?: number | null | undefined;
  subclassId?: number | null | undefined;
  assignedStaffId?: number | null | undefined;
  assignedContactId?: number | null | undefined;
}

export interface References {
  contact?: q.ContactRef;
  device?: q.DeviceRef;
  department?: NonNullable<Awaited<ReturnType<typeof q.findDepartment>>>;
  subclass?: NonNullable<Awaited<ReturnType<typeof q.findSubclass>>>;
  staff?: NonNullable<Awaited<ReturnType<typeof q.findStaff>>>;
  assigneeContact?: { id: number; firstName: string; lastName: string };
}

const ownedByOther = (scope: Scope, cid: number | null) => cid !== null && cid !== scope.cid;

/**
 * Loads every reference given: one of another customer answers 403 'Not Authorized' (requirements §3.3: the
 * record's customer must be the caller's); one that does not exist answers 400 naming the field.
 * Provider boards (departments without a cid) are open to every customer.
 */
export async function loadReferences(db: Db, scope: Scope, input: ReferenceInput): Promise<References> {
  const errors: Record<string, string> = {};
  const out: References = {};
  let foreign = false;

  if (input.contactId != null) {
    const contact = await q.findContact(db, input.contactId);
    if (!contact) errors.contactId = 'Contact not found';
    else if (ownedByOther(scope, contact.cid)) foreign = true;
    else out.contact = contact;
  }
  if (input.deviceId != null) {
    const device = await q.findDevice(db, input.deviceId);
    if (!device) errors.deviceId = 'Device not found';
    else if (ownedByOther(scope, device.cid)) foreign = true;
    else out.device = device;
  }
  if (input.siteId != null) {
    const site = await q.findSite(db, input.siteId);
    if (!site) errors.siteId = 'Site not found';
    else if (ownedByOther(scope, site.cid)) foreign = true;
  }
  if (input.departmentId != null) {
    const department = await q.findDepartment(db, input.departmentId);
    if (!department) errors.departmentId = 'Department not found';
    else if (ownedByOther(scope, department.cid)) foreign = true;
    else out.department = department;
  }
  if (foreign) throw forbidden(TICKET_MESSAGES.notAuthorized);

  if (input.priorityId != null && !(await q.findPriority(db, input.priorityId))) errors.priorityId = 'Priority not found';
  if (input.severityShort != null && !(await q.findSeverity(db, input.severityShort))) errors.severityShort = 'Severity not found';
  if (input.classId != null && !(await q.findClass(db, input.classId))) errors.classId = 'Class not found';
  if (input.subclassId != null) {
    const subclass = await q.findSubclass(db, input.subclassId);
    if (!subclass) errors.subclassId = 'Subclass not found';
    else out.subclass = subclass;
  }
  if (input.assignedStaffId != null) {
    const staff = await q.findStaff(db, input.assignedStaffId);
    if (!staff?.isActive) errors.assignedStaffId = 'Assignee not found';
    else out.staff = staff;
  }
  if (input.assignedContactId != null) {
    // Only the customer's own assignable contacts: another customer's contact is simply not found here.
    const [contact] = await selectAssignableContacts(db, scope.cid, input.assignedContactId);
    if (!contact) errors.assignedContactId = 'Assignee not found';
    else out.assigneeContact = contact;
  }
  if (Object.keys(errors).length) throw badRequest(errors);
  return out;
}

const SUBCLASS_NOT_IN_CLASS = 'Subclass does not belong to the class';
const DATES_ONLY_FOR_REQUESTS = 'Only service requests have requested dates';

/**
 * The class and subclass to store. A subclass given without a class brings its class; a class
 * changed without a subclass drops a subclass of the old class; a given subclass of another class is a 400.
 */
export function resolveClassification(
  input: { classId?: number | null | undefined; subclassId?: number | null | undefined },
  current: { classId: number | null; subclassId: number | null },
  subclass: { id: number; classId: number } | undefined,
  currentSubclassClassId: number | null,
): { classId: number | null; subclassId: number | null } {
  const classId = input.classId !== undefined ? input.classId : subclass ? subclass.classId : current.classId;
  if (input.subclassId !== undefined) {
    if (subclass && subclass.classId !== classId) throw badRequest({ subclassId: SUBCLASS_NOT_IN_CLASS });
    return { classId, subclassId: input.subclassId };
  }
  const keep = current.subclassId !== null && currentSubclassClassId === classId;
  return { classId, subclassId: keep ? current.subclassId : null };
}

/** Requested dates: service requests only, end not before start (checked on the values that will be stored). */
export function checkRequestedDates(ticketType: string, start: Date | null, end: Date | null) {
  if (ticketType !== 'ServiceRequest' && (start || end)) {
    throw badRequest({ [start ? 'requestedStartDate' : 'requestedEndDate']: DATES_ONLY_FOR_REQUESTS });
  }
  if (start && end && end.getTime() < start.getTime()) throw badRequest({ requestedEndDate: REQUESTED_END_BEFORE_START });
}

/** undefined stays undefined (unchanged), null stays null, an ISO string becomes a Date. */
export const toDate = (v: string | null | undefined): Date | null | undefined => (v == null ? v : new Date(v));

export const fullName = (p: { firstName: string; lastName: string }): string => `${p.firstName} ${p.lastName}`;
