import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { PICKER_PAGE_SIZE } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { useSession } from '../auth/session-context.ts';
import { TicketPickerDialog } from './ticket-picker-dialog.tsx';

const page = <T,>(rows: T[]) => ({ rows, total: rows.length, page: 1, pageSize: PICKER_PAGE_SIZE, hasNextPage: false });
const contactsPath = (search = '') => `/ticket-picker/contacts?page=1&pageSize=${PICKER_PAGE_SIZE}${search ? `&search=${search}` : ''}`;
const devicesPath = `/ticket-picker/devices?page=1&pageSize=${PICKER_PAGE_SIZE}`;

/** The dialog needs the signed-in user: render it once the session has loaded. */
function Harness() {
  const { user } = useSession();
  return user ? <TicketPickerDialog open ticketType="Incident" onClose={vi.fn()} /> : null;
}

// Issue 14, item 10: the picker's list, its searches and a User's single contact.
describe('Select a contact or a device', { timeout: 30_000 }, () => {
  it('shows at least six rows a page', () => {
    expect(PICKER_PAGE_SIZE).toBeGreaterThanOrEqual(6);
  });

  it('a User with a single contact starts with it chosen: Create Ticket is enabled at once', async () => {
    const user = makeUser({ userType: 'User' });
    mockFetch([
      { path: '/auth/me', body: makeSession(user) },
      { path: contactsPath(), body: page([{ id: user.contactId, firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' }]) },
    ]);
    renderWithApp(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Select a contact or a device' });
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Create Ticket' })).toHaveProperty('disabled', false));
    expect(within(dialog).getByRole('row', { name: /Lovelace, Ada/ }).getAttribute('aria-selected')).toBe('true');
  });

  it('keeps a separate search per tab; an operator starts with nothing chosen', async () => {
    mockFetch([
      { path: '/auth/me', body: makeSession(makeUser({ userType: 'Operator' })) },
      { path: contactsPath(), body: page([{ id: 1, firstName: 'Ada', lastName: 'Lovelace', email: null }]) },
      { path: contactsPath('love'), body: page([{ id: 1, firstName: 'Ada', lastName: 'Lovelace', email: null }]) },
      { path: devicesPath, body: page([{ id: 9, deviceName: 'LT-ADA01', deviceType: 'Laptop', contactName: 'Ada Lovelace' }]) },
    ]);
    renderWithApp(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Select a contact or a device' });
    await within(dialog).findByRole('row', { name: /Lovelace, Ada/ });
    expect(within(dialog).getByRole('grid', { name: 'Contacts' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Create Ticket' })).toHaveProperty('disabled', true);
    const box = () => within(dialog).getByRole('textbox', { name: 'TYPE NAME' });
    fireEvent.change(box(), { target: { value: 'love' } });
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Devices' }));
    expect(box()).toHaveProperty('value', '');
    expect(await within(await within(dialog).findByRole('grid', { name: 'Devices' })).findByRole('row', { name: /LT-ADA01/ })).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'Contacts' }));
    expect(box()).toHaveProperty('value', 'love');
  });

  it('a click picks a row; a double-click goes to the add route of the pick', async () => {
    mockFetch([
      { path: '/auth/me', body: makeSession(makeUser({ userType: 'Operator' })) },
      { path: contactsPath(), body: page([{ id: 1, firstName: 'Ada', lastName: 'Lovelace', email: null }, { id: 2, firstName: 'Bob', lastName: 'Byron', email: 'bob@example.com' }]) },
    ]);
    const { router } = renderWithApp(<Harness />);
    const dialog = await screen.findByRole('dialog', { name: 'Select a contact or a device' });
    const byron = await within(dialog).findByRole('row', { name: /Byron, Bob/ });
    fireEvent.click(within(byron).getByText('Byron, Bob'));
    await waitFor(() => expect(byron.getAttribute('aria-selected')).toBe('true'));
    expect(within(dialog).getByRole('button', { name: 'Create Ticket' })).toHaveProperty('disabled', false);
    expect(within(dialog).getByText(/^Displaying 1 - 2/)).toBeTruthy();
    fireEvent.doubleClick(within(byron).getByText('Byron, Bob'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/incident/add/2?type=contact'));
  });
});
