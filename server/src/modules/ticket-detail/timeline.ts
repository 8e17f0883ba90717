import { TIMELINE_NOTES, type TicketTimelineEvent } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import { requireTicketAccess } from './access.ts';
import { countActions, listActions } from './actions.queries.ts';
import { toTicketAction } from './actions.service.ts';
import { findTicketRow } from './ticket.queries.ts';
import { listTicketAudit } from './timeline.queries.ts';


/** Field names of the audit log as people read them. */
const FIELD_LABELS: Record<string, string> = {
  shortDescription: 'short description',
  description: 'description',
  contactId: 'contact',
  deviceId: 'device',
  siteId: 'site',
  departmentId: 'department',
  priorityId: 'priority',
  severityShort: 'severity',
  classId: 'class',
  subclassId: 'subclass',
  assignedStaffId: 'assignee',
  isVip: 'VIP',
  requestedStartDate: 'requested start',
  requestedEndDate: 'requested end',
};

type Changes = Record<string, { from: unknown; to: unknown }>;

/**
 * The ticket's history for /incident/stats/{id}: created, status changes and other edits (from
 * the audit log), and notes, oldest first. Tickets that predate the audit log get their open
 * date as 'Created' and, when closed, their closed date as the last status change.
 */
export async function ticketTimeline(db: Db, scope: Scope, ticketId: number): Promise<{ events: TicketTimelineEvent[]; olderNotes: number }> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const ticket = await findTicketRow(db, scope, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  const includeInternal = scope.userType !== 'User';
  const [audit, notes] = await Promise.all([listTicketAudit(db, scope, ticketId), listActions(db, scope, ticketId, { includeInternal, limit: TIMELINE_NOTES, offset: 0 })]);
  const olderNotes = notes.length < TIMELINE_NOTES ? 0 : (await countActions(db, scope, ticketId, includeInternal)) - notes.length;
  const events: TicketTimelineEvent[] = [];
  const byOf = (r: { firstName: string | null; lastName: string | null }) => (r.firstName ? `${r.firstName} ${r.lastName ?? ''}`.trim() : null);
  const created = audit.find((a) => a.action === 'ticket.create');
  events.push({ at: ticket.openDate.toISOString(), kind: 'created', title: 'Created', by: created ? byOf(created) : null, detail: null });
  let sawStatusChange = false;
  for (const a of audit) {
    if (a.action !== 'ticket.update') continue;
    const changes = (a.details?.changes ?? {}) as Changes;
    const { status, closedDate: _closed, isRequestScheduled: _scheduled, boardId: _board, targetName: _t, targetContactId: _tc, assignedToName: _n, assignedContactId: _ac, ...rest } = changes;
    if (status) {
      sawStatusChange = true;
      events.push({ at: a.createdAt.toISOString(), kind: 'status', title: `Status changed from ${String(status.from)} to ${String(status.to)}`, by: byOf(a), detail: null });
    }
    const fields = Object.keys(rest).map((k) => FIELD_LABELS[k] ?? k);
    if (fields.length) events.push({ at: a.createdAt.toISOString(), kind: 'updated', title: `Updated: ${fields.join(', ')}`, by: byOf(a), detail: null });
  }
  if (!sawStatusChange && ticket.status === 'Closed' && ticket.closedDate) {
    events.push({ at: ticket.closedDate.toISOString(), kind: 'status', title: 'Status changed to Closed', by: null, detail: null });
  }
  for (const n of notes.map(toTicketAction)) {
    events.push({ at: n.startDate, kind: 'note', title: n.isInternal ? 'Internal note added' : 'Note added', by: n.staffName, detail: n.note });
  }
  // Stable: same-instant events keep the order above (created, changes, notes).
  return { events: events.sort((x, y) => Date.parse(x.at) - Date.parse(y.at)), olderNotes };
}
