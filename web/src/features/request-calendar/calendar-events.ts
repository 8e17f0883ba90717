import { calendarEventTitle, type TicketCalendarEvent } from '@sc/common';
import { formatDateTime } from '../../ui/dates.ts';
import { toWallClock } from './zoned-dates.ts';

/** What react-big-calendar gets: wall-clock start and end in the user's zone, and the request itself. */
export interface CalendarEvent {
  id: number;
  title: string;
  start: Date;
  end: Date;
  request: TicketCalendarEvent;
  /** Read by screen readers and shown as the tooltip: title, status, who and when. */
  description: string;
}

const STATUS_CLASS: Record<TicketCalendarEvent['status'], string> = {
  Open: 'sc-event-open',
  Escalation: 'sc-event-escalation',
  'On Hold': 'sc-event-on-hold',
  Closed: 'sc-event-closed',
};
export const statusClassOf = (e: CalendarEvent): string => STATUS_CLASS[e.request.status];

export function toCalendarEvent(e: TicketCalendarEvent, timeZone: string): CalendarEvent {
  const title = calendarEventTitle(e);
  const when = `${formatDateTime(e.start, timeZone)} to ${formatDateTime(e.end, timeZone)}${e.endIsDefault ? ' (no end date)' : ''}`;
  const who = [e.contactName, e.assignedToName ? `assigned to ${e.assignedToName}` : null].filter(Boolean).join(', ');
  return {
    id: e.id,
    title,
    start: toWallClock(e.start, timeZone),
    end: toWallClock(e.end, timeZone),
    request: e,
    description: `${title}. ${e.status}${e.isVip ? ', VIP' : ''}. ${when}. ${who}`,
  };
}
