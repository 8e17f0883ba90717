import { boardIdForDepartment, TICKET_DETAIL_MESSAGES, TICKET_MESSAGES, type TicketDetail, type UpdateTicketRequest } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notifyTicketContact, statusEvent } from './notifications.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { inviteToSurvey } from '../surveys/invite.ts';
import { requireTicketAccess, TICKET_NOT_FOUND } from './access.ts';
import { readTicket } from './read-ticket.ts';
import { checkRequestedDates, fullName, loadReferences, resolveClassification, toDate, type References } from './references.ts';
import * as q from './ticket.queries.ts';

const conflict = () => new AppError('CONFLICT', TICKET_DETAIL_MESSAGES.conflict);

/** Audit values: dates as ISO strings so the log reads the same everywhere. */
const plain = (v: unknown): unknown => (v instanceof Date ? v.toISOString() : (v ?? null));

/** The columns that differ from the stored row, as { column: { from, to } }. */
function diff(current: q.TicketRow, changes: q.TicketChanges): Record<string, { from: unknown; to: unknown }> {
  const out: Record<string, { from: unknown; to: unknown }> = {};
  for (const [key, to] of Object.entries(changes)) {
    const from = current[key as keyof q.TicketRow];
    if (plain(from) !== plain(to)) out[key] = { from: plain(from), to: plain(to) };
  }
  return out;
}

/**
 * The assignee columns to write. A technician or a contact given replaces the assignee; a null
 * clears it only when it names the kind the ticket has (so `assignedStaffId: null` leaves a contact
 * assignee alone); an assignee sent back unchanged changes nothing.
 */
function assigneeChanges(input: UpdateTicketRequest, current: q.TicketRow, refs: References): Partial<q.TicketChanges> {
  let next: { staffId: number | null; contactId: number | null; name: string | null };
  if (refs.staff) next = { staffId: refs.staff.id, contactId: null, name: fullName(refs.staff) };
  else if (refs.assigneeContact) next = { staffId: null, contactId: refs.assigneeContact.id, name: fullName(refs.assigneeContact) };
  else if ((input.assignedStaffId === null && current.assignedStaffId !== null) || (input.assignedContactId === null && current.assignedContactId !== null))
    next = { staffId: null, contactId: null, name: null };
  else return {};
  if (next.staffId === current.assignedStaffId && next.contactId === current.assignedContactId) return {};
  return { assignedStaffId: next.staffId, assignedContactId: next.contactId, assignedToName: next.name };
}

/**
 * Updates a ticket (requirements §3.1, §3.3). Refused per ticketEditRefusal; a stale `version` answers 409
 * (optimistic concurrency: the UPDATE names the version read). Absent fields stay as they are.
 * Closing sets the closed date, reopening clears it. A User cannot change the contact to
 * another, the assignee or the VIP flag (those two inputs are ignored for it).
 */
export async function updateTicket(db: Db, config: Config, scope: Scope, id: number, input: UpdateTicketRequest, meta: { ip: string | null }): Promise<TicketDetail> {
  await requireTicketAccess(db, scope, id, 'edit');
  const current = await q.findTicketRow(db, scope, id);
  if (!current) throw notFound(TICKET_NOT_FOUND);
  if (current.version !== input.version) throw conflict();
  const isUser = scope.userType === 'User';
  if (isUser && input.contactId !== undefined && input.contactId !== scope.contactId) throw forbidden(TICKET_MESSAGES.notAuthorizedToViewOrEdit);

  const refs = await loadReferences(db, scope, {
    contactId: input.contactId,
    deviceId: input.deviceId,
    siteId: input.siteId,
    departmentId: input.departmentId,
    priorityId: input.priorityId,
    severityShort: input.severityShort,
    classId: input.classId,
    subclassId: input.subclassId,
    // An assignee sent back unchanged is not looked up again: a technician since made inactive stays.
    assignedStaffId: isUser || input.assignedStaffId === current.assignedStaffId ? undefined : input.assignedStaffId,
    assignedContactId: isUser || input.assignedContactId === current.assignedContactId ? undefined : input.assignedContactId,
  });
  if (isUser && refs.device?.contactId != null && refs.device.contactId !== scope.contactId) throw forbidden(TICKET_MESSAGES.notAuthorizedToViewOrEdit);
  const currentSubclass = current.subclassId ? await q.findSubclass(db, current.subclassId) : undefined;
  const classification = resolveClassification(input, current, refs.subclass, currentSubclass?.classId ?? null);
  const start = input.requestedStartDate !== undefined ? (toDate(input.requestedStartDate) ?? null) : current.requestedStartDate;
  const end = input.requestedEndDate !== undefined ? (toDate(input.requestedEndDate) ?? null) : current.requestedEndDate;
  checkRequestedDates(current.ticketType, start, end);

  const changes: q.TicketChanges = { shortDescription: input.shortDescription, ...classification };
  if (input.description !== undefined) changes.description = input.description;
  if (refs.contact) Object.assign(changes, { contactId: refs.contact.id, targetContactId: refs.contact.id, targetName: fullName(refs.contact) });
  if (input.deviceId !== undefined) changes.deviceId = input.deviceId;
  if (input.siteId !== undefined) changes.siteId = input.siteId;
  if (input.departmentId !== undefined) {
    changes.departmentId = input.departmentId;
    changes.boardId = refs.department ? boardIdForDepartment(refs.department) : null;
  }
  if (input.priorityId !== undefined) changes.priorityId = input.priorityId;
  if (input.severityShort !== undefined) changes.severityShort = input.severityShort;
  if (input.requestedStartDate !== undefined || input.requestedEndDate !== undefined) {
    Object.assign(changes, { requestedStartDate: start, requestedEndDate: end, isRequestScheduled: start !== null });
  }
  if (!isUser) Object.assign(changes, assigneeChanges(input, current, refs));
  if (!isUser && input.isVip !== undefined) changes.isVip = input.isVip;
  if (input.status !== undefined && input.status !== current.status) {
    changes.status = input.status;
    if (input.status === 'Closed') changes.closedDate = new Date();
    else if (current.status === 'Closed') changes.closedDate = null;
  }

  const changed = diff(current, changes);
  await db.transaction(async (tx) => {
    const t = tx as unknown as Db;
    const row = await q.updateTicketAtVersion(t, scope, id, input.version, changes);
    if (!row) throw conflict();
    await q.insertTicketAudit(t, scope, { action: 'ticket.update', ticketId: id, details: { ticketNo: row.ticketNo, version: row.version, changes: changed }, ip: meta.ip });
    // The ticket's contact hears of a status change (Closed: 'ticket closed'), unless it made it or declines it.
    if (changed.status) {
      await notifyTicketContact(
        t,
        config,
        { id, cid: scope.cid, ticketNo: row.ticketNo, ticketType: current.ticketType, shortDescription: changes.shortDescription ?? current.shortDescription, contactId: changes.contactId ?? current.contactId },
        statusEvent(current.status, changes.status!),
        scope.contactId,
      );
    }
    // Closing invites the ticket's contact to the satisfaction survey, once per ticket (requirements §20.1).
    if (changed.status && row.status === 'Closed') await inviteToSurvey(t, config, row);
  });
  return readTicket(db, scope, id);
}
