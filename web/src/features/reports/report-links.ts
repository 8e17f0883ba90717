import { ZDeviceListRequestSchema, ZTicketListRequestSchema, type ReportLink, type TicketListRequestInput } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';
import { readLinkParams } from '../../ui/list/list-params.ts';

/**
 * The SPA path a chart click opens (requirements §13.2): the list's route with the link's filters read by that
 * list's request schema, as the list's URL state reads them (a value it refuses is left out), so the query
 * handed to hrefs is the list's own typed request.
 */
export function hrefOfLink(link: ReportLink): string {
  const params = new URLSearchParams(link.query);
  if (link.list === 'devices') return hrefs.devices(undefined, readLinkParams(ZDeviceListRequestSchema, params));
  const query: TicketListRequestInput = readLinkParams(ZTicketListRequestSchema, params);
  return (link.list === 'requests' ? hrefs.requests : hrefs.incidents)(undefined, query);
}
