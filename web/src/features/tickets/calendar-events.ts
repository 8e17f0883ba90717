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
  /** A '+N more' stand-in of a crowded time slot: the requests it holds (collapseOverlaps). */
  more?: CalendarEvent[];
}

const STATUS_CLASS: Record<TicketCalendarEvent['status'], string> = {
  Open: 'sc-event-open',
  Escalation: 'sc-event-escalation',
  'On Hold': 'sc-event-on-hold',
  Closed: 'sc-event-closed',
};
export const statusClassOf = (e: CalendarEvent): string => (e.more ? 'sc-event-more' : STATUS_CLASS[e.request.status]);

const dayOf = (d: Date) => `${d.getFullYear()}-${d.getMonth()}-${d.getDate()}`;
const sameDay = (e: CalendarEvent) => dayOf(e.start) === dayOf(new Date(e.end.getTime() - 1));

/**
 * Week and day views (issue 14, item 12): overlapping requests stand side by side, at most
 * `maxColumns` of them; when a cluster of overlapping requests needs more columns, the requests past
 * the first `maxColumns - 1` columns become one '+N more' event spanning their times, which lists
 * them. Requests over several days (shown in the all-day row) are left as they are.
 */
export function collapseOverlaps(events: readonly CalendarEvent[], maxColumns: number): CalendarEvent[] {
  const out: CalendarEvent[] = events.filter((e) => !sameDay(e));
  const timed = events.filter(sameDay).sort((a, b) => a.start.getTime() - b.start.getTime() || b.end.getTime() - a.end.getTime());
  let cluster: CalendarEvent[] = [];
  let clusterEnd = -Infinity;
  const flush = () => {
    // Greedy columns: each request goes into the first column free at its start.
    const columnEnds: number[] = [];
    const columnOf = new Map<CalendarEvent, number>();
    for (const e of cluster) {
      let col = columnEnds.findIndex((end) => end <= e.start.getTime());
      if (col === -1) col = columnEnds.push(0) - 1;
      columnEnds[col] = e.end.getTime();
      columnOf.set(e, col);
    }
    if (columnEnds.length <= maxColumns) out.push(...cluster);
    else {
      const hidden = cluster.filter((e) => columnOf.get(e)! >= maxColumns - 1);
      out.push(...cluster.filter((e) => columnOf.get(e)! < maxColumns - 1));
      const first = hidden[0]!;
      out.push({
        id: -first.id,
        title: `+${hidden.length} more`,
        start: new Date(Math.min(...hidden.map((e) => e.start.getTime()))),
        end: new Date(Math.max(...hidden.map((e) => e.end.getTime()))),
        request: first.request,
        description: `${hidden.length} more requests: ${hidden.map((e) => e.title).join('; ')}`,
        more: hidden,
      });
    }
    cluster = [];
  };
  for (const e of timed) {
    if (cluster.length && (e.start.getTime() >= clusterEnd || dayOf(e.start) !== dayOf(cluster[0]!.start))) flush();
    cluster.push(e);
    clusterEnd = cluster.length === 1 ? e.end.getTime() : Math.max(clusterEnd, e.end.getTime());
  }
  if (cluster.length) flush();
  return out;
}

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
