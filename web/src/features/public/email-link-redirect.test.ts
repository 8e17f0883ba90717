import { describe, expect, it } from 'vitest';
import { emailLinkTarget } from './email-link-redirect.ts';

describe('emailLinkTarget (requirements §12.2)', () => {
  it.each([
    ['?IncidentID=42', '/incident/edit/42?IncidentID=42'],
    ['?ContactID=7&PID=3', '/contacts/edit/7?ContactID=7&PID=3'],
    ['?ServiceRequestID=9', '/servicerequest/edit/9?ServiceRequestID=9'],
    ['?JOBID=12', '/jobs/edit/12?JOBID=12'],
    ['?VGID=abc', '/reset/abc?VGID=abc'],
    ['?approved=true&approvercontactid=5&ac=tok', '/pendingcontact?approved=true&approvercontactid=5&ac=tok'],
  ])('maps %s to %s', (search, target) => {
    expect(emailLinkTarget(search)).toBe(target);
  });

  it('lets the route matched by most parameters win, and passes every parameter on', () => {
    expect(emailLinkTarget('?IncidentID=1&ContactID=7&PID=3')).toBe('/contacts/edit/7?IncidentID=1&ContactID=7&PID=3');
    expect(emailLinkTarget('?ac=t&approved=false&IncidentID=4')).toBe('/pendingcontact?ac=t&approved=false&IncidentID=4');
    // A tie goes to the first route of the table.
    expect(emailLinkTarget('?JOBID=2&IncidentID=4')).toBe('/incident/edit/4?JOBID=2&IncidentID=4');
  });

  it('matches names in any case and finds nothing for other or empty queries', () => {
    expect(emailLinkTarget('?incidentid=8')).toBe('/incident/edit/8?incidentid=8');
    expect(emailLinkTarget('?foo=1')).toBeNull();
    expect(emailLinkTarget('')).toBeNull();
    expect(emailLinkTarget('?IncidentID=')).toBeNull();
  });
});
