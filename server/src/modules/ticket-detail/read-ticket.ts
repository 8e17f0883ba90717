import { ticketEditRefusal, type TicketDetail } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { callerOf, requireTicketAccess, TICKET_NOT_FOUND } from './access.ts';
import { findTicketDetail, type TicketDetailRow } from './ticket.queries.ts';

const iso = (d: Date | null): string | null => (d ? d.toISOString() : null);

/** The DTO of one ticket for this caller: the assignee is not shown to the User type. */
function toTicketDetail(scope: Scope, row: TicketDetailRow): TicketDetail {
  const t = row.ticket;
  const isUser = scope.userType === 'User';
  const editRefusal = ticketEditRefusal(callerOf(scope), t);
  return {
    id: t.id,
    ticketNo: t.ticketNo,
    ticketType: t.ticketType,
    status: t.status,
    shortDescription: t.shortDescription,
    description: t.description,
    contactId: t.contactId,
    contactName: `${row.contactFirstName} ${row.contactLastName}`,
    targetName: t.targetName,
    targetContactId: t.targetContactId,
    deviceId: t.deviceId,
    deviceName: row.deviceName,
    siteId: t.siteId,
    siteName: row.siteName,
    departmentId: t.departmentId,
    departmentName: row.departmentName,
    boardId: t.boardId,
    priorityId: t.priorityId,
    priorityName: row.priorityName,
    severityShort: t.severityShort,
    severityName: row.severityName,
    classId: t.classId,
    className: row.className,
    subclassId: t.subclassId,
    subclassName: row.subclassName,
    assignedStaffId: isUser ? null : t.assignedStaffId,
    assignedContactId: isUser ? null : t.assignedContactId,
    assignedToName: isUser ? null : t.assignedToName,
    reassignmentTemplateId: t.reassignmentTemplateId,
    isVip: t.isVip,
    isShared: t.isShared,
    requestedStartDate: iso(t.requestedStartDate),
    requestedEndDate: iso(t.requestedEndDate),
    openDate: t.openDate.toISOString(),
    closedDate: iso(t.closedDate),
    version: t.version,
    canEdit: editRefusal === null,
    editRefusal,
  };
}

/** Incident by ID / Service Request by ID (requirements §3.5): refused per ticketViewRefusal. */
export async function readTicket(db: Db, scope: Scope, id: number): Promise<TicketDetail> {
  await requireTicketAccess(db, scope, id, 'view');
  const row = await findTicketDetail(db, scope, id);
  if (!row) throw notFound(TICKET_NOT_FOUND);
  return toTicketDetail(scope, row);
}
