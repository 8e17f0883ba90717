import { LATEST_ACTIONS_COUNT, ticketViewRefusal, type LatestActionsResponse } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { forbidden, notFound } from '../../http/errors.ts';
import { selectLatestActions, selectTicketRef } from './actions.queries.ts';
import { htmlToText } from './html-text.ts';

/**
 * The Last Action Taken popup (000 §2): the five latest actions of a ticket the caller may view
 * (ticketViewRefusal of ticket-rules.ts, 403 with its message). Internal notes are hidden from a User.
 */
export async function latestActions(db: Db, scope: Scope, ticketId: number): Promise<LatestActionsResponse> {
  const ticket = await selectTicketRef(db, ticketId);
  if (!ticket) throw notFound('Ticket not found');
  const refusal = ticketViewRefusal(scope, ticket);
  if (refusal) throw forbidden(refusal);
  const rows = await selectLatestActions(db, scope.cid, ticket.id, { includeInternal: scope.userType !== 'User', limit: LATEST_ACTIONS_COUNT });
  return {
    rows: rows.map((r) => ({ ...r, actionDesc: htmlToText(r.actionDesc), startDate: r.startDate.toISOString() })),
  };
}
