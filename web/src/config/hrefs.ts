import { generatePath } from 'react-router';
import type { z } from 'zod';
import type { TicketListRequestInput, TicketType, ZDeviceListRequestSchema } from '@sc/common';
import { withQuery } from '../api/query-string.ts';
import { ROUTES } from './routes.ts';

// The path builders of every screen, generated from the one route table (routes.ts): no URL is built by
// hand. `hrefs.incidentView({ id: 7 })` → '/incident/view/7'; a list's state as the query:
// `hrefs.devices(undefined, { page: 2 })` → '/devices?page=2' (api/query-string.ts). A list route's query is
// typed by its request schema (ListQueries): `hrefs.incidents(undefined, { status: '<ALL>' })`.

type RouteName = keyof typeof ROUTES;
type Segment<P extends string> = P extends `${infer A}/${infer B}` ? Segment<A> | Segment<B> : P;
/** The path's parameters: ':id' required, ':invid?' optional. */
type Required<P extends string> = Segment<P> extends infer S ? (S extends `:${string}?` ? never : S extends `:${infer N}` ? N : never) : never;
type Optional<P extends string> = Segment<P> extends infer S ? (S extends `:${infer N}?` ? N : never) : never;
type PathOf<K extends RouteName> = (typeof ROUTES)[K]['path'];
type ParamsOf<K extends RouteName> = { [N in Required<PathOf<K>>]: string | number } & { [N in Optional<PathOf<K>>]?: string | number };
/**
 * The list routes a link carries a query to, each with its list's request input (the names and values its URL
 * state reads). Types only: the schemas stay out of the entry chunk that holds the route table.
 */
interface ListQueries {
  incidents: TicketListRequestInput;
  requests: TicketListRequestInput;
  myIncidents: TicketListRequestInput;
  myIncidentsSome: TicketListRequestInput;
  myRequests: TicketListRequestInput;
  myRequestsSome: TicketListRequestInput;
  devices: z.input<typeof ZDeviceListRequestSchema>;
}
/** A list route's query is its request's input; any other route's, any object. */
type QueryOf<K extends RouteName> = K extends keyof ListQueries ? ListQueries[K] : object;
type Href<K extends RouteName> = [Required<PathOf<K>> | Optional<PathOf<K>>] extends [never]
  ? (params?: undefined, query?: QueryOf<K>) => string
  : (params: ParamsOf<K>, query?: QueryOf<K>) => string;

const build =
  (path: string) =>
  (params?: Record<string, string | number | undefined>, query?: object): string => {
    const built = generatePath(path, Object.fromEntries(Object.entries(params ?? {}).flatMap(([k, v]) => (v === undefined ? [] : [[k, String(v)]]))));
    // generatePath drops a trailing slash; the spec's '/myincidents/' keeps it.
    return withQuery(path.length > 1 && path.endsWith('/') && !built.endsWith('/') ? `${built}/` : built, query);
  };

export const hrefs = Object.fromEntries(Object.entries(ROUTES).map(([name, r]) => [name, build(r.path)])) as unknown as { [K in RouteName]: Href<K> };

/**
 * The screens of one ticket by type (requirements §3.1): incidents under /incident, service requests under
 * /servicerequest; stats and files exist under /incident only and serve both types.
 */
const TICKET_ROUTES = {
  Incident: { view: 'incidentView', edit: 'incidentEdit', add: 'incidentAdd', actions: 'incidentActions', stats: 'incidentStats', files: 'incidentFiles' },
  ServiceRequest: {
    view: 'serviceRequestView',
    edit: 'serviceRequestEdit',
    add: 'serviceRequestAdd',
    actions: 'serviceRequestActions',
    stats: 'incidentStats',
    files: 'incidentFiles',
  },
} as const satisfies Record<TicketType, Record<string, RouteName>>;
type TicketHrefMode = keyof (typeof TICKET_ROUTES)[TicketType];

/**
 * A ticket screen's path: `ticketHref('ServiceRequest', 'edit', 9)` → '/servicerequest/edit/9'. For 'add' the id is
 * the contact's or device's the new ticket is for, with the picker's query (`{ type: 'device', devicetype }`).
 */
export const ticketHref = (type: TicketType, mode: TicketHrefMode, id: number | string, query?: object): string => hrefs[TICKET_ROUTES[type][mode]]({ id }, query);

/** A new ticket of the type, from the contact or device picker: '/incident/add', '/servicerequest/add'. */
export const newTicketHref = (type: TicketType): string => (type === 'Incident' ? hrefs.incidentPick() : hrefs.serviceRequestPick());

/** The list of the type: Org Tickets ('/incidents', '/requests') or, `mine`, My Tickets ('/myincidents/', '/myrequests/'). */
export const ticketListHref = (type: TicketType, mine = false): string =>
  type === 'Incident' ? (mine ? hrefs.myIncidents() : hrefs.incidents()) : mine ? hrefs.myRequests() : hrefs.requests();

/** The app path a screen was opened from (navigation state `{ from }`, set by lists and the ticket screens), if any. */
export function fromOf(state: unknown): string | undefined {
  if (state && typeof state === 'object' && 'from' in state && typeof state.from === 'string' && state.from.startsWith('/')) return state.from;
  return undefined;
}
