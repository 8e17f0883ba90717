import { describe, expect, it } from 'vitest';
import { REQUESTED_END_BEFORE_START, type TicketDetail } from '@sc/common';
import { textToNoteHtml } from './note-html.ts';
import { assigneeOptions } from './ticket-fields.tsx';
import { createBody, fromLocalInput, ticketResolver, toLocalInput, updateBody, valuesOfTicket, type BodyContext, type TicketFormValues } from './ticket-form-values.ts';

const ticket = {
  id: 7,
  ticketNo: 'SR-000007',
  ticketType: 'ServiceRequest',
  status: 'Open',
  shortDescription: 'New laptop',
  description: null,
  contactId: 3,
  contactName: 'Thomas Becker',
  targetName: null,
  targetContactId: null,
  deviceId: null,
  deviceName: null,
  siteId: 4,
  siteName: 'HQ',
  departmentId: null,
  departmentName: null,
  boardId: null,
  priorityId: 2,
  priorityName: 'High',
  severityShort: null,
  severityName: null,
  classId: null,
  className: null,
  subclassId: null,
  subclassName: null,
  assignedStaffId: 9,
  assignedContactId: null,
  assignedToName: 'Victor Santos',
  reassignmentTemplateId: null,
  isVip: true,
  isShared: false,
  requestedStartDate: '2026-11-02T14:00:00.000Z',
  requestedEndDate: null,
  openDate: '2026-11-01T10:00:00.000Z',
  closedDate: null,
  version: 3,
  canEdit: true,
  editRefusal: null,
} satisfies TicketDetail;

const ny: BodyContext = { ticketType: 'ServiceRequest', timeZone: 'America/New_York', isUser: false };
const resolve = (mode: 'add' | 'edit', ctx: BodyContext, v: TicketFormValues) =>
  ticketResolver(ctx, mode)(v, undefined, { fields: {}, shouldUseNativeValidation: false }) as unknown as Promise<{ errors: Record<string, { message: string }> }>;

describe('ticket form values', () => {
  it('shows dates in the user’s time zone and sends them back as the same instant', () => {
    expect(toLocalInput('2026-11-02T14:00:00.000Z', 'America/New_York')).toBe('2026-11-02T09:00');
    expect(fromLocalInput('2026-11-02T09:00', 'America/New_York')).toBe('2026-11-02T14:00:00.000Z');
    expect(fromLocalInput('', 'America/New_York')).toBeNull();
  });

  it('round-trips a ticket into an update body with its version; empty selects clear', () => {
    const values = { ...valuesOfTicket(ticket, ny.timeZone), priorityId: '' };
    expect(updateBody(values, ny, ticket.version)).toMatchObject({
      shortDescription: 'New laptop',
      description: null,
      siteId: 4,
      priorityId: null,
      assignedStaffId: 9,
      assignedContactId: null,
      isVip: true,
      requestedStartDate: '2026-11-02T14:00:00.000Z',
      requestedEndDate: null,
      status: 'Open',
      version: 3,
    });
  });

  it('a ticket assigned to a contact keeps that contact through an edit (issue 14, bug 1)', () => {
    const onContact = { ...ticket, assignedStaffId: null, assignedContactId: 12, assignedToName: 'Daniel Okafor' };
    const values = valuesOfTicket(onContact, ny.timeZone);
    expect(values.assignee).toBe('contact:12');
    expect(updateBody(values, ny, onContact.version)).toMatchObject({ assignedStaffId: null, assignedContactId: 12 });
    expect(assigneeOptions(undefined, { key: 'contact:12', name: 'Daniel Okafor' })).toEqual([{ value: 'contact:12', label: 'Daniel Okafor' }]);
  });

  it('a User sends no assignee or VIP; an incident sends no requested dates', () => {
    const body = createBody(valuesOfTicket(ticket, ny.timeZone), { ...ny, ticketType: 'Incident', isUser: true }, { contactId: 3, deviceId: null });
    expect(body).not.toHaveProperty('assignedStaffId');
    expect(body).not.toHaveProperty('assignedContactId');
    expect(body).not.toHaveProperty('isVip');
    expect(body).not.toHaveProperty('requestedStartDate');
    expect(body).toMatchObject({ ticketType: 'Incident', contactId: 3 });
  });

  it('validates with the shared schema: short description required, end not before start', async () => {
    const values = { ...valuesOfTicket(ticket, ny.timeZone), shortDescription: '  ', requestedEndDate: '2026-11-01T09:00' };
    const { errors } = await resolve('edit', ny, values);
    expect(errors.shortDescription?.message).toBe('Short Description is required');
    expect(errors.requestedEndDate?.message).toBe(REQUESTED_END_BEFORE_START);
    expect((await resolve('add', ny, valuesOfTicket(ticket, ny.timeZone))).errors).toEqual({});
  });
});

describe('textToNoteHtml', () => {
  it('escapes what was typed, so markup is kept as text, and makes lines paragraphs', () => {
    expect(textToNoteHtml('a <img src=x onerror=alert(1)> & "b"\nline 2')).toBe('<p>a &lt;img src=x onerror=alert(1)&gt; &amp; &quot;b&quot;</p><p>line 2</p>');
  });
});
