import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { Preferences } from '@sc/common';
import { COLOR_MODE_STORAGE_KEY } from '../../ui/theme.ts';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { PreferencesDialog } from './preferences-dialog.tsx';

const stored: Preferences = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  officePhone: '(555) 010-1000',
  mobilePhone: null,
  timeZone: 'America/New_York',
  pageSize: 10,
  theme: 'light',
  emailOnTicketCreated: true,
  emailOnTicketUpdated: true,
  emailOnTicketClosed: false,
  emailOnNewAction: true,
};
const session = { path: '/auth/me', body: makeSession(makeUser()) };

function renderDialog(onSaved = vi.fn(() => Promise.resolve()), onClose = vi.fn()) {
  renderWithApp(<PreferencesDialog open onClose={onClose} onSaved={onSaved} />);
  return { onSaved, onClose };
}
const input = (name: string | RegExp) => screen.getByRole<HTMLInputElement>('textbox', { name });
const loaded = () => waitFor(() => expect(input(/First Name/).value).toBe('Ada'));

async function pick(label: RegExp, option: string) {
  fireEvent.mouseDown(screen.getByRole('combobox', { name: label }));
  fireEvent.click(within(await screen.findByRole('listbox')).getByRole('option', { name: option }));
}

// MUI's Autocomplete and selects render slowly in jsdom on a busy machine: allow more than the 5 s default.
describe('User Preferences dialog', { timeout: 30_000 }, () => {
  it('loads the account’s preferences into the fields', async () => {
    mockFetch([session, { path: '/preferences', body: stored }]);
    renderDialog();
    const dialog = await screen.findByRole('dialog', { name: 'User Preferences' });
    await loaded();
    expect(input(/Last Name/).value).toBe('Lovelace');
    expect(input(/Office Phone/).value).toBe('(555) 010-1000');
    expect(input(/Mobile Phone/).value).toBe('');
    expect(screen.getByRole<HTMLInputElement>('combobox', { name: /Time Zone/ }).value).toBe('America/New_York');
    expect(screen.getByRole('combobox', { name: /Default Page Size/ }).textContent).toBe('10');
    expect(screen.getByRole('combobox', { name: /Theme/ }).textContent).toBe('Light');
    expect(screen.getByRole<HTMLInputElement>('switch', { name: 'A ticket of mine is closed' }).checked).toBe(false);
    expect(within(dialog).getByRole('button', { name: 'Update' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('validates with the shared schema and sends nothing while invalid', async () => {
    const { callsTo } = mockFetch([session, { path: '/preferences', body: stored }]);
    renderDialog();
    await loaded();
    fireEvent.change(input(/First Name/), { target: { value: ' ' } });
    fireEvent.change(input(/Office Phone/), { target: { value: 'call me' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('First Name is required')).toBeTruthy();
    expect(screen.getByText('Office Phone may hold only digits, spaces and ( ) + - . x')).toBeTruthy();
    expect(callsTo('PUT', '/preferences')).toHaveLength(0);
  });

  it("updates, says 'User Preferences Updated', applies the theme and refreshes the session", async () => {
    const { callsTo } = mockFetch([session, { path: '/preferences', body: stored }, { method: 'PUT', path: '/preferences', body: { ...stored, theme: 'dark', pageSize: 25, timeZone: 'Asia/Tokyo' } }]);
    const { onSaved, onClose } = renderDialog();
    await loaded();
    await pick(/Default Page Size/, '25');
    await pick(/Theme/, 'Dark');
    const zone = screen.getByRole('combobox', { name: /Time Zone/ });
    fireEvent.focus(zone);
    fireEvent.change(zone, { target: { value: 'Asia/Tok' } });
    await waitFor(() => expect(screen.getByRole('option', { name: 'Asia/Tokyo' })).toBeTruthy());
    fireEvent.click(screen.getByRole('option', { name: 'Asia/Tokyo' }));
    fireEvent.click(screen.getByRole('switch', { name: 'A ticket of mine is closed' }));
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('User Preferences Updated')).toBeTruthy();
    expect(callsTo('PUT', '/preferences')[0]?.body).toEqual({ ...stored, mobilePhone: null, theme: 'dark', pageSize: 25, timeZone: 'Asia/Tokyo', emailOnTicketClosed: true });
    expect(onClose).toHaveBeenCalled();
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(localStorage.getItem(COLOR_MODE_STORAGE_KEY)).toBe('dark');
  });

  it("says 'Update failed', keeps what was typed and shows the server's field message", async () => {
    mockFetch([
      session,
      { path: '/preferences', body: stored },
      { method: 'PUT', path: '/preferences', status: 400, body: { code: 'BAD_REQUEST', message: 'lastName: too long', fieldErrors: { 'body.lastName': 'Last Name was refused' } } },
    ]);
    const { onSaved, onClose } = renderDialog();
    await loaded();
    fireEvent.change(input(/Last Name/), { target: { value: 'Byron' } });
    fireEvent.click(screen.getByRole('button', { name: 'Update' }));
    expect(await screen.findByText('Update failed')).toBeTruthy();
    expect(input(/Last Name/).value).toBe('Byron');
    expect(screen.getByText('Last Name was refused')).toBeTruthy();
    expect(onClose).not.toHaveBeenCalled();
    expect(onSaved).not.toHaveBeenCalled();
  });
});
