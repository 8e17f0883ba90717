import { describe, expect, it } from 'vitest';
import { TICKET_TYPES, ticketRouteSegment, ticketTypeOfSegment } from '@sc/common';
import { fromOf, hrefs, newTicketHref, ticketHref, ticketListHref } from './hrefs.ts';

// Issue 11: every screen URL comes from the one route table; nothing builds a path by hand.
describe('hrefs, generated from the route table', () => {
  it('fills the path parameters, encoded', () => {
    expect(hrefs.incidentView({ id: 7 })).toBe('/incident/view/7');
    expect(hrefs.contactSub({ sub: 'devices', id: 3 })).toBe('/contact/devices/3');
    expect(hrefs.serviceRequestAdd({ id: 'k/root' }, { type: 'device', devicetype: 'kaseya' })).toBe('/servicerequest/add/k%2Froot?type=device&devicetype=kaseya');
  });

  it('leaves out an optional parameter that is not given', () => {
    expect(hrefs.jobReports({ jobid: 4 })).toBe('/jobs/jobreports/4');
    expect(hrefs.jobReports({ jobid: 4, invid: 9 })).toBe('/jobs/jobreports/4/9');
  });

  it('keeps the trailing slash of the spec’s My Tickets paths and encodes a query with the one encoder', () => {
    expect(hrefs.myIncidents()).toBe('/myincidents/');
    expect(hrefs.myRequests(undefined, { status: '<ALL>' })).toBe('/myrequests/?status=%3CALL%3E');
    expect(hrefs.incidents(undefined, { status: 'Open', search: '' })).toBe('/incidents?status=Open');
    expect(hrefs.home()).toBe('/');
  });

  it('builds a ticket screen from its type, mode and id (issue 31: one ticketHref, no ternaries)', () => {
    expect(ticketHref('Incident', 'view', 7)).toBe('/incident/view/7');
    expect(ticketHref('ServiceRequest', 'edit', 9)).toBe('/servicerequest/edit/9');
    expect(ticketHref('ServiceRequest', 'actions', 9)).toBe('/servicerequest/actions/9');
    // Stats and files exist under /incident only (requirements §3.1) and serve both types.
    expect(ticketHref('ServiceRequest', 'stats', 9)).toBe('/incident/stats/9');
    expect(ticketHref('ServiceRequest', 'files', 9)).toBe('/incident/files/9');
    expect(ticketHref('Incident', 'add', 'k/root', { type: 'device', devicetype: 'kaseya' })).toBe('/incident/add/k%2Froot?type=device&devicetype=kaseya');
    expect(newTicketHref('ServiceRequest')).toBe('/servicerequest/add');
    expect(ticketListHref('Incident')).toBe('/incidents');
    expect(ticketListHref('ServiceRequest', true)).toBe('/myrequests/');
  });

  it('names each type’s route segment as the route table does, both ways', () => {
    for (const type of TICKET_TYPES) {
      expect(ticketHref(type, 'view', 1).split('/')[1]).toBe(ticketRouteSegment(type));
      expect(ticketTypeOfSegment(ticketRouteSegment(type))).toBe(type);
    }
  });

  it('reads the app path a screen was opened from, and nothing else', () => {
    expect(fromOf({ from: '/incidents?status=Open' })).toBe('/incidents?status=Open');
    expect(fromOf({ from: 'https://example.com/' })).toBeUndefined();
    expect(fromOf(null)).toBeUndefined();
  });
});
