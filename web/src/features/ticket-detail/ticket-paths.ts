import type { TicketDetail } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

/** The two route families of requirements §3.1. */
export type TicketKind = 'incident' | 'servicerequest';
export type TicketMode = 'view' | 'edit' | 'add';

export const kindOfType = (t: TicketDetail['ticketType']): TicketKind => (t === 'Incident' ? 'incident' : 'servicerequest');
export const typeOfKind = (k: TicketKind): TicketDetail['ticketType'] => (k === 'incident' ? 'Incident' : 'ServiceRequest');

/** The route of each kind and mode, from the href registry (config/hrefs.ts). */
const TICKET_HREFS = {
  incident: { view: hrefs.incidentView, edit: hrefs.incidentEdit, add: hrefs.incidentAdd, actions: hrefs.incidentActions },
  servicerequest: { view: hrefs.serviceRequestView, edit: hrefs.serviceRequestEdit, add: hrefs.serviceRequestAdd, actions: hrefs.serviceRequestActions },
} as const;
export const ticketPath = (kind: TicketKind, mode: TicketMode | 'actions', id: number | string): string => TICKET_HREFS[kind][mode]({ id });
/** Stats and files exist under /incident only (requirements §3.1); they serve service requests too. */
export const statsPath = (id: number): string => hrefs.incidentStats({ id });
export const filesPath = (id: number): string => hrefs.incidentFiles({ id });

/** requirements §3.3: after a save, back to the previous path, else the list of the kind. */
export const listPathOf = (kind: TicketKind): string => (kind === 'incident' ? hrefs.incidents() : hrefs.requests());

/** Navigation state the ticket screens read: where the user came from (requirements §3.1 /incident/edit). */
export interface TicketNavState {
  from?: string;
}
export function fromOf(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) return state.from;
  return undefined;
}
