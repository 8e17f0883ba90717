import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { TicketFilter } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { LoadFilterDialog } from './saved-filter-dialogs.tsx';

const filter: TicketFilter = {
  id: 'abc123',
  searchType: 'Incidents',
  searchName: 'Open printers',
  isPublic: true,
  ownerName: 'Ada Lovelace',
  isMine: true,
  updatedDate: '2026-03-14T15:30:00.000Z',
  criteria: { classId: 1 },
};

// Issue 14, bug 7: deleting a saved filter asks first.
describe('Load saved filter: delete', { timeout: 30_000 }, () => {
  it('asks before deleting; Cancel keeps the filter, Delete removes it', async () => {
    const { callsTo } = mockFetch([
      { path: '/auth/me', body: makeSession(makeUser({ userType: 'Administrator' })) },
      { path: '/ticket-filters?searchType=Incidents&page=1&pageSize=10', body: { rows: [filter], total: 1, page: 1, pageSize: 10, hasNextPage: false } },
      { method: 'DELETE', path: '/ticket-filters/Incidents/abc123', status: 204 },
    ]);
    renderWithApp(<LoadFilterDialog open kind="Incident" timeZone="America/New_York" onApply={vi.fn()} onClose={vi.fn()} />);
    const remove = await screen.findByRole('button', { name: 'Delete filter Open printers' });

    fireEvent.click(remove);
    let confirm = await screen.findByRole('dialog', { name: 'Delete filter?' });
    expect(within(confirm).getByText(/Open printers/)).toBeTruthy();
    fireEvent.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Delete filter?' })).toBeNull());
    expect(callsTo('DELETE', '/ticket-filters/Incidents/abc123')).toHaveLength(0);

    fireEvent.click(remove);
    confirm = await screen.findByRole('dialog', { name: 'Delete filter?' });
    fireEvent.click(within(confirm).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(callsTo('DELETE', '/ticket-filters/Incidents/abc123')).toHaveLength(1));
  });
});
