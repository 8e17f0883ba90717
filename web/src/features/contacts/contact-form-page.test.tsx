import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { CONTACT_MESSAGES, type ContactDetail } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { ContactFormPage } from './contact-form-page.tsx';

const session = { path: '/auth/me', body: makeSession(makeUser({ userType: 'Administrator' })) };
const lookups = { path: '/contacts/lookups', body: { sites: [], departments: [] } };
const stored: ContactDetail = {
  id: 5,
  cid: 42,
  firstName: 'Thomas',
  middleInitial: null,
  lastName: 'Becker',
  displayName: 'Thomas Becker',
  organizationName: 'Acme Corp',
  email: 'thomas@acme.example',
  directPhone: null,
  mobilePhone: null,
  title: null,
  isVip: false,
  isPending: false,
  isActive: true,
  siteId: null,
  siteName: null,
  departmentId: null,
  departmentName: null,
  primaryContactId: null,
  isPrimary: false,
  timeZone: 'America/New_York',
  access: null,
};

// Issue 14, bug 2: the contact form's 'Save Changes?' dialog.
describe('contact form', { timeout: 30_000 }, () => {
  it('an invalid form shows its fields’ errors and does not ask to save', async () => {
    const { callsTo } = mockFetch([session, lookups]);
    renderWithApp(<ContactFormPage mode="add" />);
    const first = await screen.findByRole('textbox', { name: /First Name/ });
    expect(first).toHaveProperty('required', true);
    expect(screen.getByRole('textbox', { name: /Last Name/ })).toHaveProperty('required', true);
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByText('First Name is required')).toBeTruthy();
    expect(screen.getByText('Last Name is required')).toBeTruthy();
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(callsTo('POST', '/contacts')).toHaveLength(0);
  });

  it('a new contact is confirmed as a creation, and OK saves it', async () => {
    const { callsTo, respond } = mockFetch([session, lookups]);
    respond({ method: 'POST', path: '/contacts', body: stored });
    renderWithApp(<ContactFormPage mode="add" />);
    expect(await screen.findByText('New Contact', { selector: 'p, span, h2, h6, div' })).toBeTruthy();
    fireEvent.change(await screen.findByRole('textbox', { name: /First Name/ }), { target: { value: 'Thomas' } });
    fireEvent.change(screen.getByRole('textbox', { name: /Last Name/ }), { target: { value: 'Becker' } });
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: CONTACT_MESSAGES.saveTitle });
    expect(within(dialog).getByText(CONTACT_MESSAGES.createText)).toBeTruthy();
    expect(within(dialog).queryByText(CONTACT_MESSAGES.saveText)).toBeNull();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo('POST', '/contacts')).toHaveLength(1));
    expect(callsTo('POST', '/contacts')[0]!.body).toMatchObject({ firstName: 'Thomas', lastName: 'Becker' });
    expect(await screen.findByText(CONTACT_MESSAGES.saved)).toBeTruthy();
  });

  it('an existing contact is confirmed as an update; the view mode is not subtitled Edit Contact', async () => {
    mockFetch([session, lookups, { path: '/contacts/5', body: stored }]);
    const view = renderWithApp(<ContactFormPage mode="view" id={5} />);
    expect(await screen.findByText('View Contact')).toBeTruthy();
    expect(screen.queryByText('Edit Contact')).toBeNull();
    view.unmount();

    const { callsTo, respond } = mockFetch([session, lookups, { path: '/contacts/5', body: stored }]);
    respond({ method: 'PUT', path: '/contacts/5', body: stored });
    renderWithApp(<ContactFormPage mode="edit" id={5} />);
    expect(await screen.findByText('Edit Contact')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: CONTACT_MESSAGES.saveTitle });
    expect(within(dialog).getByText(CONTACT_MESSAGES.saveText)).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(callsTo('PUT', '/contacts/5')).toHaveLength(1));
  });
});
