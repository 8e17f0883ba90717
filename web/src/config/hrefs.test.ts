import { describe, expect, it } from 'vitest';
import { hrefs } from './hrefs.ts';

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
});
