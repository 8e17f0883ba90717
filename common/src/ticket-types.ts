import { z } from 'zod';

// The one name of a ticket's type (issue 31): incidents and service requests share one record, told apart
// by IncidentType (requirements §3.2). Schemas, queries and screens all say `TicketType`.

/** IncidentType of requirements §3.2. */
export const TICKET_TYPES = ['Incident', 'ServiceRequest'] as const;
export type TicketType = (typeof TICKET_TYPES)[number];
export const ZTicketTypeSchema = z.enum(TICKET_TYPES);

/**
 * The first path segment of a ticket's screens (requirements §1.1, §3.1): /incident/view/7,
 * /servicerequest/edit/9. The web builds its links from its route table (`ticketHref`); the server's
 * e-mailed links and the web's ticket route read the segment with these two.
 */
export type TicketRouteSegment = 'incident' | 'servicerequest';
export const ticketRouteSegment = (type: TicketType): TicketRouteSegment => (type === 'Incident' ? 'incident' : 'servicerequest');
/** The type a ticket screen's segment names: 'servicerequest', else an incident's. */
export const ticketTypeOfSegment = (segment: string | undefined): TicketType => (segment === 'servicerequest' ? 'ServiceRequest' : 'Incident');
