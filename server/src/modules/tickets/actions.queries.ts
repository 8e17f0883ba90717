import { and, desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { ticketActions, tickets } from '../../db/schema/index.ts';

/** The ticket's owner fields, looked up by id alone so the service can tell 'another customer' from 'missing'. */
export async function selectTicketRef(db: Db, id: number) {
  const [row] = await db.select({ id: tickets.id, cid: tickets.cid, contactId: tickets.contactId, ticketType: tickets.ticketType }).from(tickets).where(eq(tickets.id, id));
  return row;
}

/** The latest actions of a ticket of `cid` (ActionID descending, 001 §9). */
export function selectLatestActions(db: Db, cid: number, ticketId: number, opts: { includeInternal: boolean; limit: number }) {
  const where = [eq(ticketActions.cid, cid), eq(ticketActions.ticketId, ticketId)];
  if (!opts.includeInternal) where.push(eq(ticketActions.isInternal, false));
  return db
    .select({
      actionId: ticketActions.id,
      incidentId: ticketActions.ticketId,
      actionDesc: ticketActions.actionDesc,
      startDate: ticketActions.startDate,
      status: ticketActions.status,
      userName: ticketActions.userName,
    })
    .from(ticketActions)
    .where(and(...where))
    .orderBy(desc(ticketActions.id))
    .limit(opts.limit);
}
