import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sc/common';
import { api } from '../api/client.ts';
import { appRoutes } from './router.tsx';
import { makeSession, makeUser } from '../test/factories.ts';
import { mockFetch, PUBLIC_CONFIG } from '../test/fetch-mock.ts';
import { renderWithApp } from '../test/render.tsx';

const signedOut = () =>
  mockFetch([
    { path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Not signed in' } },
    { path: '/config', body: PUBLIC_CONFIG },
  ]);

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('login page', () => {
  it('shows the login page in place of any path while signed out, with its links', async () => {
    signedOut();
    const { router } = renderWithApp(appRoutes, { path: '/contacts' });
    // The router loads the path's lazy module (the contacts grid) before the gate renders: allow for it.
    expect(await screen.findByRole('heading', { name: 'Login' }, { timeout: 15_000 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/contacts');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/register');
    expect(screen.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toBe('/retrieve');
    expect(document.title).toBe('Login - Support Center');
  });

  it('requires both fields and does not call the API when they are empty', async () => {
    const { callsTo } = signedOut();
    renderWithApp(appRoutes);
    fireEvent.click(await screen.findByRole('button', { name: 'Login' }));
    expect(await screen.findByText('Email Address is required')).toBeTruthy();
    expect(screen.getByText('Password is required')).toBeTruthy();
    expect(callsTo('POST', '/auth/login')).toHaveLength(0);
  });

  it('toggles the password between hidden and shown', async () => {
    signedOut();
    renderWithApp(appRoutes);
    const password = await screen.findByLabelText('Password');
    expect(password.getAttribute('type')).toBe('password');
    fireEvent.click(screen.getByRole('button', { name: 'Show password' }));
    expect(password.getAttribute('type')).toBe('text');
    fireEvent.click(screen.getByRole('button', { name: 'Hide password' }));
    expect(password.getAttribute('type')).toBe('password');
  });

  it("shows the server's message in an error snackbar and keeps what was typed", async () => {
    const { respond, callsTo } = signedOut();
    respond({
      method: 'POST',
      path: '/auth/login',
      status: 401,
      body: { code: 'UNAUTHENTICATED', message: MESSAGES.invalidCredentials },
    });
    renderWithApp(appRoutes);
    await screen.findByRole('heading', { name: 'Login' });
    type('Email Address', 'ada@example.com');
    type('Password', 'wrong-password');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain(MESSAGES.invalidCredentials);
    expect(callsTo('POST', '/auth/login')[0]?.body).toEqual({ email: 'ada@example.com', password: 'wrong-password' });
    expect(screen.getByLabelText<HTMLInputElement>('Email Address').value).toBe('ada@example.com');
    expect(screen.getByLabelText<HTMLInputElement>('Password').value).toBe('wrong-password');
    expect(screen.getByRole('heading', { name: 'Login' })).toBeTruthy();

    // A click-away does not close it; its close button does.
    fireEvent.click(document.body);
    expect(screen.getByRole('alert')).toBeTruthy();
    fireEvent.click(within(alert).getByRole('button', { name: 'Close' }));
    await waitFor(() => expect(screen.queryByRole('alert')).toBeNull());
  });

  it('stays on the current path after a successful login', async () => {
    const { respond } = signedOut();
    const session = makeSession(makeUser({ organizationName: 'Acme Corp' }));
    respond({ method: 'POST', path: '/auth/login', body: session });
    const { router } = renderWithApp(appRoutes, { path: '/devices' });
    await screen.findByRole('heading', { name: 'Login' });
    type('Email Address', session.user.userName);
    type('Password', 'correct horse');
    fireEvent.click(screen.getByRole('button', { name: 'Login' }));

    expect(await screen.findByRole('heading', { name: 'Devices', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/devices');
    expect(document.title).toBe('Acme Corp - Support Center - Devices');
  });
});

describe('session expiry', () => {
  it('keeps the screen, asks for credentials in a dialog, and closes it after signing in', async () => {
    const session = makeSession(makeUser({ firstName: 'Ada' }), 'first-token');
    const { respond, callsTo } = mockFetch([
      { path: '/auth/me', body: session },
      { path: '/config', body: PUBLIC_CONFIG },
      { path: '/tickets', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Session expired' } },
    ]);
    const { router } = renderWithApp(appRoutes, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();

    await act(async () => {
      await expect(api.get('/tickets')).rejects.toMatchObject({ status: 401, code: 'UNAUTHENTICATED' });
    });

    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(within(dialog).getByText(MESSAGES.sessionExpired)).toBeTruthy();
    expect(screen.getByText('Hello, Ada')).toBeTruthy();
    const email = within(dialog).getByLabelText<HTMLInputElement>('Email Address');
    expect(email.value).toBe(session.user.userName);

    respond({ method: 'POST', path: '/auth/login', body: { ...session, csrfToken: 'second-token' } });
    fireEvent.change(within(dialog).getByLabelText('Password'), { target: { value: 'again' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Login' }));

    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Session Expired' })).toBeNull());
    expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/');
    expect(callsTo('POST', '/auth/login')).toHaveLength(1);
  });

  it('notices a session ended on the server when the user comes back to the tab', async () => {
    const { respond } = mockFetch([
      { path: '/auth/me', body: makeSession(makeUser({ firstName: 'Ada' })) },
      { path: '/config', body: PUBLIC_CONFIG },
    ]);
    renderWithApp(appRoutes, { path: '/myrequests/' });
    // The list screen is a lazy module with the data grid: loading it in jsdom takes a while.
    await screen.findByRole('button', { name: 'Account menu' }, { timeout: 20_000 });
    respond({ path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Session expired' } });
    act(() => {
      window.dispatchEvent(new Event('focus'));
    });
    const dialog = await screen.findByRole('dialog', { name: 'Session Expired' });
    expect(within(dialog).getByText(MESSAGES.sessionExpired)).toBeTruthy();
    // The screen stays behind the dialog (/myrequests/ now has its list).
    expect(screen.getByText('My Service Requests', { selector: 'h1' })).toBeTruthy();
  }, 30_000);
});
