import { CALENDAR_MAX_EVENTS, DEFAULT_PAGE_SIZE, type TicketCalendarEvent, type TicketCalendarRequest, type TicketCalendarResponse } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { selectCalendarEvents, type CalendarRecord } from './calendar.queries.ts';
import { listFilterFor } from './list.service.ts';

const present = (r: CalendarRecord): TicketCalendarEvent => ({
  id: r.id,
  ticketNo: r.ticketNo,
  shortDescription: r.shortDescription,
  status: r.status,
  start: r.start.toISOString(),
  end: r.end.toISOString(),
  endIsDefault: r.endIsDefault,
  contactName: r.contactName,
  assignedToName: r.assignedToName,
  isVip: r.isVip,
});

/**
 * The caller's service requests whose requested dates overlap [from, to) (requirements §2.1: the request lists'
 * calendar view). Scoped exactly as the list: the same filter (listFilterFor), so a User only ever sees
 * its own contact's requests and nobody another customer's. At most CALENDAR_MAX_EVENTS, by start.
 */
export async function listCalendarEvents(db: Db, scope: Scope, q: TicketCalendarRequest): Promise<TicketCalendarResponse> {
  const { from, to, ...listQuery } = q;
  // Paging and sorting do not apply to the calendar; listFilterFor ignores them.
  const filter = listFilterFor(scope, 'ServiceRequest', { ...listQuery, page: 1, pageSize: DEFAULT_PAGE_SIZE, sort: 'id', direction: 'desc' });
  const records = await selectCalendarEvents(db, filter, { from, to }, CALENDAR_MAX_EVENTS + 1);
  return {
    events: records.slice(0, CALENDAR_MAX_EVENTS).map(present),
    truncated: records.length > CALENDAR_MAX_EVENTS,
    timeZone: filter.timeZone,
  };
}
