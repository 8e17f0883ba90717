import { describe, expect, it } from 'vitest';
import { hrefOfLink } from './report-links.ts';

// A chart click opens the list with the link's filters, read as the list's own request (its URL names and values).
describe('report links', () => {
  it('open the ticket list with the filters the link names, and only those', () => {
    const query = { status: '<ALL>', openDateFrom: '2026-01-01', openDateTo: '2026-01-31', priorityId: '3', siteId: '2' };
    const href = hrefOfLink({ list: 'incidents', query });
    expect(href.startsWith('/incidents?')).toBe(true);
    expect(Object.fromEntries(new URLSearchParams(href.split('?')[1]))).toEqual(query);
    expect(hrefOfLink({ list: 'requests', query: { status: 'Open', classId: '4', subclassId: '9' } })).toBe('/requests?classId=4&subclassId=9&status=Open');
  });

  it('leave out what the list would refuse (an unknown parameter, a value its schema does not take)', () => {
    expect(hrefOfLink({ list: 'incidents', query: { status: 'Deleted', priorityId: 'x', owner: 'ann', classId: '4' } })).toBe('/incidents?classId=4');
  });

  it('open the devices list with its search', () => {
    expect(hrefOfLink({ list: 'devices', query: { search: 'SRV-01' } })).toBe('/devices?search=SRV-01');
  });
});
