import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TicketAction, TicketDetail } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { TicketView } from './ticket-view.tsx';

const user = makeUser({ userType: 'User' });
const ticket = {
  id: 5,
  ticketNo: 'INC-000005',
  ticketType: 'Incident',
  status: 'Open',
  shortDescription: 'Printer jams',
  description: 'Tray 2 jams on every page.',
  contactId: user.contactId,
  contactName: 'Ada Lovelace',
  priorityName: 'High',
  assignedToName: null,
  openDate: '2026-03-14T15:30:00.000Z',
  closedDate: null,
  requestedStartDate: null,
  requestedEndDate: null,
  isVip: false,
  canEdit: true,
} as unknown as TicketDetail;

const note = (id: number, text: string): TicketAction => ({
  id,
  ticketId: 5,
  startDate: '2026-03-14T16:00:00.000Z',
  userName: user.userName,
  displayName: 'Ada Lovelace',
  staffName: 'Ada Lovelace',
  note: text,
  noteHtml: `<p>${text}</p>`,
  status: null,
  isInternal: false,
});

// Issue 14, item 8: the one ticket page; a note one adds shows at once.
describe('the ticket page', { timeout: 30_000 }, () => {
  it('holds header, description, conversation, files and timeline; two replies show at once, in order', async () => {
    const { respond, callsTo } = mockFetch([
      { path: '/auth/me', body: makeSession(user) },
      { path: '/tickets/5/actions?page=1&pageSize=100', body: { rows: [note(1, 'First note from the desk')], total: 1, page: 1, pageSize: 100, hasNextPage: false } },
      { path: '/tickets/5/attachments', body: { rows: [] } },
      { path: '/tickets/5/timeline', body: { events: [{ kind: 'created', at: '2026-03-14T15:30:00.000Z', title: 'Created', by: 'Ada Lovelace', detail: null }] } },
    ]);
    renderWithApp(<TicketView ticket={ticket} user={user} section="conversation" />);
    expect(screen.getByRole('heading', { name: 'View Incident INC-000005' })).toBeTruthy();
    for (const name of ['Description', 'Conversation', 'Files', 'Details', 'Timeline']) expect(screen.getByRole('heading', { name })).toBeTruthy();
    expect(screen.getByText('Tray 2 jams on every page.')).toBeTruthy();
    const conversation = await screen.findByRole('list', { name: 'Conversation' });
    expect(within(conversation).getByText('First note from the desk')).toBeTruthy();
    // The route's section has the keyboard.
    expect(document.activeElement).toBe(screen.getByRole('heading', { name: 'Conversation' }));
    expect(await screen.findByText('No files attached')).toBeTruthy();

    const box = screen.getByRole('textbox', { name: 'Add a note' });
    for (const [id, text] of [[2, 'First reply'], [3, 'Second reply']] as const) {
      respond({ method: 'POST', path: '/tickets/5/actions', status: 201, body: note(id, text) });
      fireEvent.change(box, { target: { value: text } });
      fireEvent.click(screen.getByRole('button', { name: 'Add Note' }));
      await waitFor(() => expect(within(conversation).getByText(text)).toBeTruthy());
    }
    expect(within(conversation).getAllByTestId('conversation-note').map((n) => n.textContent)).toEqual(['First note from the desk', 'First reply', 'Second reply']);
    expect(callsTo('POST', '/tickets/5/actions').map((c) => c.body)).toEqual([{ note: '<p>First reply</p>' }, { note: '<p>Second reply</p>' }]);
    // Shown from the answers, not from a reload of the list.
    expect(callsTo('GET', '/tickets/5/actions?page=1&pageSize=100')).toHaveLength(1);
    expect((box as HTMLTextAreaElement).value).toBe('');
  });
});
