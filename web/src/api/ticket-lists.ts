import type { TicketType } from '@sc/common';

/** The list API of each ticket type (GET /incidents, /service-requests, and their /export): the ticket lists' and the home grids'. */
export const TICKET_COLLECTIONS = { Incident: '/incidents', ServiceRequest: '/service-requests' } as const satisfies Record<TicketType, string>;
