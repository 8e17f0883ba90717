import { recordAudit } from '../../audit/record.ts';
import { LATEST_ACTIONS_COUNT, TICKET_LIMITS, type CreateTicketActionRequest, type LatestActionsResponse, type Page, type SortDirection, type TicketAction } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { excelLocalDate, exportTimestamp, type XlsxExport } from '../../exports/xlsx.ts';
import { callerName, requireTicketAccess } from './access.ts';
import * as q from './actions.queries.ts';
import { findTicketRow } from './ticket.queries.ts';
import { noteToLines, noteToText, sanitizeNoteHtml } from './note-html.ts';
import { badRequest, notFound } from '../../http/errors.ts';
import { offsetPage, type PageRequest } from '../../http/paging.ts';
import { MAIL_ACTION_LIMITS, requireWithinLimits } from '../../auth/rate-limit.ts';

/** Internal notes are the provider's: never shown to the User type. */
const seesInternal = (scope: Scope): boolean => scope.userType !== 'User';

/** An action's author by name: the technician, else the display name, else the user name. */
const staffNameOf = (row: q.ActionRow): string =>
  row.staffFirstName ? `${row.staffFirstName} ${row.staffLastName ?? ''}`.trim() : (row.displayName ?? row.userName);

export function toTicketAction(row: q.ActionRow): TicketAction {
  const staffName = staffNameOf(row);
  return {
    id: row.id,
    ticketId: row.ticketId,
    startDate: row.startDate.toISOString(),
    userName: row.userName,
    displayName: row.displayName,
    staffName,
    note: noteToText(row.actionDesc, row.htmlClean),
    // Sanitised once on write (docs/requirements.md §18.3); only rows from before that are cleaned here.
    noteHtml: row.htmlClean ? row.actionDesc : sanitizeNoteHtml(row.actionDesc),
    status: row.status,
    isInternal: row.isInternal,
  };
}

/** Actions by Incident ID (requirements §3.1, §3.5): server paged, ActionID descending; refused per ticketViewRefusal. */
export async function listTicketActions(db: Db, scope: Scope, ticketId: number, page: PageRequest & { direction: SortDirection }): Promise<Page<TicketAction>> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const includeInternal = seesInternal(scope);
  return offsetPage(page, async (slice) => {
    const [rows, total] = await Promise.all([
      q.listActions(db, scope, ticketId, { includeInternal, direction: page.direction, ...slice }),
      q.countActions(db, scope, ticketId, includeInternal),
    ]);
    return { rows: rows.map(toTicketAction), total };
  });
}

/** Inserts a note by the caller and returns it; `html` must be sanitised (sanitizeNoteHtml) or built escaped. Callers check access. */
export async function addNote(db: Db, scope: Scope, ticketId: number, html: string): Promise<TicketAction> {
  const ticket = await findTicketRow(db, scope, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  const id = await q.insertAction(db, scope, {
    ticketId,
    userName: scope.email,
    displayName: callerName(scope),
    actionDesc: html,
    status: ticket.status,
  });
  await recordAudit(db, scope, { action: 'ticket.note', entity: 'ticket', entityId: ticketId, details: { actionId: id, ticketNo: ticket.ticketNo } });
  const row = await q.findAction(db, scope, id);
  return toTicketAction(row!);
}

/**
 * New note (requirements §3.1 'New Note'). Whoever may view the ticket may add a note to it (a User on its
 * own tickets, OperatorLimited on any ticket of its customer): a note is a message, not an edit.
 */
export async function createTicketAction(db: Db, config: Config, scope: Scope, ticketId: number, input: CreateTicketActionRequest): Promise<TicketAction> {
  // A note may e-mail the ticket's contact (requirements §19.5).
  await requireWithinLimits(db, config, [{ key: `mail:note:acct:${scope.webUserId}`, ...MAIL_ACTION_LIMITS.notesPerAccount }]);
  await requireTicketAccess(db, scope, ticketId, 'view');
  const html = sanitizeNoteHtml(input.note);
  if (!noteToText(html)) throw badRequest({ note: 'Note is required' });
  return addNote(db, scope, ticketId, html);
}

/** Actions by Incident ID Export (requirements §3.6): the first 2000, ActionID descending, as {ticketNo}_ACTIONS_CMS_{timestamp}.xlsx. */
export async function exportTicketActions(db: Db, scope: Scope, ticketId: number): Promise<XlsxExport<TicketAction>> {
  const owner = await requireTicketAccess(db, scope, ticketId, 'view');
  const rows = await q.listActions(db, scope, ticketId, { includeInternal: seesInternal(scope), limit: TICKET_LIMITS.actionsExportRows, offset: 0 });
  const timeZone = scope.user.timeZone;
  return {
    fileName: `${owner.ticketNo}_ACTIONS_CMS_${exportTimestamp(new Date(), timeZone)}.xlsx`,
    sheetName: 'Actions',
    columns: [
      { header: 'Action ID', width: 10, value: (r) => r.id },
      { header: 'Date', width: 18, numFmt: 'yyyy-mm-dd hh:mm', value: (r) => excelLocalDate(new Date(r.startDate), timeZone) },
      { header: 'Staff', width: 24, value: (r) => r.staffName },
      { header: 'Note', width: 80, value: (r) => r.note },
    ],
    rows: rows.map(toTicketAction),
  };
}

/**
 * The Last Action Taken popup (requirements §3.1): the five latest actions of a ticket the caller may view, the
 * HTML as plain text. Internal notes are hidden from a User, as in the notes list.
 */
export async function latestActions(db: Db, scope: Scope, ticketId: number): Promise<LatestActionsResponse> {
  await requireTicketAccess(db, scope, ticketId, 'view');
  const rows = await q.listActions(db, scope, ticketId, { includeInternal: seesInternal(scope), limit: LATEST_ACTIONS_COUNT, offset: 0 });
  return {
    rows: rows.map((r) => ({
      actionId: r.id,
      incidentId: r.ticketId,
      actionDesc: noteToLines(r.actionDesc),
      startDate: r.startDate.toISOString(),
      status: r.status,
      userName: r.userName,
      staffName: staffNameOf(r),
    })),
  };
}
