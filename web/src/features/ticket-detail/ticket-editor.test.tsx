import { describe, expect, it } from 'vitest';
import { fireEvent, screen } from '@testing-library/react';
import { TICKET_DETAIL_MESSAGES, type TicketDetail } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TicketEditor } from './ticket-editor.tsx';
import { valuesOfDraft } from './ticket-form-values.ts';

const user = makeUser({ userType: 'Operator' });
const lookups = { priorities: [], severities: [], classes: [], subclasses: [], assignees: [], departments: [], sites: [] };
const saved = {
  id: 321,
  ticketNo: 'SR-000321',
  ticketType: 'ServiceRequest',
  status: 'Open',
} as TicketDetail;

function renderEditor(mode: 'add' | 'edit', ticket: TicketDetail) {
  mockFetch([{ path: '/auth/me', body: makeSession(user) }, { path: '/tickets/lookups', body: lookups }]);
  const draft = { contactId: 1, contactName: 'Ada Lovelace', deviceId: null, deviceName: null, siteId: null, departmentId: null, isVip: false };
  return renderWithApp(
    <TicketEditor
      mode={mode}
      user={user}
      ticketType={ticket.ticketType}
      title="New Service Request"
      facts={[]}
      defaultValues={{ ...valuesOfDraft(draft as Parameters<typeof valuesOfDraft>[0]), shortDescription: 'New laptop' }}
      save={() => Promise.resolve(ticket)}
      cancelPath="/requests"
    />,
  );
}

// Issue 14, bug 3: the success text names what was saved; a new ticket's number links to it.
describe('ticket editor success', { timeout: 30_000 }, () => {
  it('a created service request is announced with its number and a link, not as incident data', async () => {
    renderEditor('add', saved);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    const status = await screen.findByRole('status');
    expect(status.textContent).toContain('Service request SR-000321 has been created');
    expect(screen.getByRole('link', { name: 'Open SR-000321' }).getAttribute('href')).toBe('/servicerequest/view/321');
    expect(screen.queryByText(TICKET_DETAIL_MESSAGES.saved)).toBeNull();
  });

  it('an updated incident keeps the spec’s text; an updated request names the request', async () => {
    const view = renderEditor('edit', { ...saved, ticketType: 'Incident', ticketNo: 'INC-000322', id: 322 });
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain(TICKET_DETAIL_MESSAGES.saved);
    view.unmount();
    renderEditor('edit', saved);
    fireEvent.click(await screen.findByRole('button', { name: 'Save' }));
    expect((await screen.findByRole('status')).textContent).toContain('Service request data has been successfully updated');
  });
});
