import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { useState } from 'react';
import type { Banner } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { BannerDialog } from './banner-dialog.tsx';

const stored: Banner = {
  scope: 'customer',
  partitionKey: 'acmeSetting',
  message: 'VPN upgrade on Friday.\nPlease log off.',
  expirationDate: '2027-01-31',
  updatedDate: '2026-03-14T15:30:00.000Z',
  updatedBy: 'admin@acme.example',
};

const session = { path: '/auth/me', body: makeSession(makeUser({ userType: 'Administrator' })) };

/** The dialog behind a button, as the account menu opens it. */
function Harness() {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button onClick={() => setOpen(true)}>Open banner</button>
      <BannerDialog open={open} onClose={() => setOpen(false)} timeZone="America/New_York" />
    </>
  );
}

const open = async () => {
  fireEvent.click(screen.getByRole('button', { name: 'Open banner' }));
  return screen.findByRole('dialog', { name: 'Banner Message' });
};
const dateInput = () => screen.getByLabelText<HTMLInputElement>(/Expiration Date/);
const messageInput = () => screen.getByRole<HTMLTextAreaElement>('textbox', { name: 'Application Banner Message' });

// The first render of the MUI dialog is slow in jsdom on a busy machine: allow more than the 5 s default.
describe('Banner Message dialog', { timeout: 30_000 }, () => {
  it('loads the existing banner when opened: date input and a 5-row message', async () => {
    mockFetch([session, { path: '/banner', body: stored }]);
    renderWithApp(<Harness />);
    const dialog = await open();
    await waitFor(() => expect(messageInput().value).toBe(stored.message));
    expect(dateInput().type).toBe('date');
    expect(dateInput().value).toBe('2027-01-31');
    expect(messageInput().getAttribute('rows')).toBe('5');
    // 15:30 UTC is 11:30 in New York.
    expect(within(dialog).getByText('Last updated Mar 14, 2026 11:30 AM EDT by admin@acme.example')).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeTruthy();
    expect(within(dialog).getByRole('button', { name: 'Cancel' })).toBeTruthy();
  });

  it('requires an expiration date and sends nothing without one', async () => {
    const { callsTo } = mockFetch([session, { path: '/banner', body: { ...stored, message: '', expirationDate: null, updatedDate: null, updatedBy: null } }]);
    renderWithApp(<Harness />);
    await open();
    await waitFor(() => expect(messageInput()).toBeTruthy());
    fireEvent.change(messageInput(), { target: { value: 'Hello' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Expiration Date is required')).toBeTruthy();
    expect(callsTo('PUT', '/banner')).toHaveLength(0);
  });

  it("saves, says 'Banner message has been updated' and closes", async () => {
    const { callsTo } = mockFetch([session, { path: '/banner', body: stored }, { method: 'PUT', path: '/banner', body: { ...stored, message: 'New text' } }]);
    renderWithApp(<Harness />);
    await open();
    await waitFor(() => expect(messageInput().value).toBe(stored.message));
    fireEvent.change(messageInput(), { target: { value: '  New text  ' } });
    fireEvent.change(dateInput(), { target: { value: '2027-02-28' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Banner message has been updated')).toBeTruthy();
    expect(callsTo('PUT', '/banner')[0]?.body).toEqual({ expirationDate: '2027-02-28', message: 'New text' });
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Banner Message' })).toBeNull());
  });

  it("shows 'Failed to save banner message: {error}' and keeps what was typed", async () => {
    mockFetch([session, { path: '/banner', body: stored }, { method: 'PUT', path: '/banner', status: 403, body: { code: 'FORBIDDEN', message: 'Not Authorized' } }]);
    renderWithApp(<Harness />);
    await open();
    await waitFor(() => expect(messageInput().value).toBe(stored.message));
    fireEvent.change(messageInput(), { target: { value: 'Typed by hand' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('Failed to save banner message: Not Authorized')).toBeTruthy();
    expect(screen.getByRole('dialog', { name: 'Banner Message' })).toBeTruthy();
    expect(messageInput().value).toBe('Typed by hand');
  });

  it('only logs a failure to load, and stays usable with empty fields', async () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    mockFetch([session, { path: '/banner', status: 500, body: { code: 'INTERNAL', message: 'Internal server error' } }]);
    renderWithApp(<Harness />);
    await open();
    await waitFor(() => expect(messageInput().value).toBe(''));
    expect(log).toHaveBeenCalledWith('Failed to load banner message', expect.anything());
    expect(screen.queryByRole('alert')).toBeNull();
    expect(screen.getByRole<HTMLButtonElement>('button', { name: 'Save' }).disabled).toBe(false);
  });

  it('clears its state on close: reopening shows the stored banner again, not what was typed', async () => {
    const { callsTo } = mockFetch([session, { path: '/banner', body: stored }]);
    renderWithApp(<Harness />);
    await open();
    await waitFor(() => expect(messageInput().value).toBe(stored.message));
    fireEvent.change(messageInput(), { target: { value: 'Draft never saved' } });
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Banner Message' })).toBeNull());
    await open();
    await waitFor(() => expect(messageInput().value).toBe(stored.message));
    expect(callsTo('GET', '/banner')).toHaveLength(2);
  });
});
