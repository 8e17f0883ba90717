import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { MESSAGES } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch, PUBLIC_CONFIG } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { appRoutes } from '../router.tsx';
import { LEGAL_TOOLTIP } from './app-footer.tsx';

const signedIn = () =>
  mockFetch([
    { path: '/auth/me', body: makeSession(makeUser({ firstName: 'Ada', organizationName: 'Acme Corp' })) },
    { path: '/config', body: PUBLIC_CONFIG },
  ]);

describe('signed-in shell', () => {
  it('titles the top bar and the browser tab from the route registry', async () => {
    signedIn();
    renderWithApp(appRoutes, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    expect(screen.getByText('What would you like to do today?')).toBeTruthy();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Acme Corp - Support Center - Home')).toBeTruthy();
    expect(document.title).toBe('Acme Corp - Support Center - Home');
    expect(screen.getByRole('main')).toBeTruthy();
  });

  it('home waits for its banners and survey cards once, and shows the greeting when they fail without asking again and again', async () => {
    const api = signedIn();
    api.respond({ path: '/banners/active', status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    api.respond({ path: '/surveys/invitations', status: 500, body: { code: 'INTERNAL', message: 'boom' } });
    renderWithApp(appRoutes, { path: '/' });
    expect(await screen.findByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
    await new Promise((r) => setTimeout(r, 500));
    // The first answer, the one retry of a 5xx, and the cards' own retry when they mount: not a loop.
    expect(api.callsTo('GET', '/banners/active').length).toBeLessThanOrEqual(4);
    expect(api.callsTo('GET', '/surveys/invitations').length).toBeLessThanOrEqual(4);
    expect(screen.getByRole('heading', { name: 'Hello, Ada' })).toBeTruthy();
  });

  it('opens the drawer from the menu button below the lg breakpoint and closes it on navigation', async () => {
    signedIn();
    const { router } = renderWithApp(appRoutes, { path: '/' });
    // jsdom matches no media query, so this is the narrow layout: the drawer starts closed.
    fireEvent.click(await screen.findByRole('button', { name: 'Open menu' }));
    const nav = await screen.findByRole('navigation', { name: 'Main menu' });
    fireEvent.click(within(nav).getByRole('link', { name: 'Devices' }));
    expect(await screen.findByRole('heading', { name: 'Devices', level: 1 })).toBeTruthy();
    expect(router.state.location.pathname).toBe('/devices');
    await waitFor(() => expect(screen.queryByRole('navigation', { name: 'Main menu' })).toBeNull());
  });

  it("shows 'No match found for path' for a path without a screen", async () => {
    signedIn();
    renderWithApp(appRoutes, { path: '/no/such/page' });
    expect(await screen.findByText(MESSAGES.noMatchForPath)).toBeTruthy();
    expect(document.title).toBe('Acme Corp - Support Center - Not Found');
  });

  it('goes home from /login when signed in', async () => {
    signedIn();
    const { router } = renderWithApp(appRoutes, { path: '/login' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(screen.queryByText(MESSAGES.noMatchForPath)).toBeNull();
  });

  it("links the footer to the provider's website in a new tab", async () => {
    signedIn();
    renderWithApp(appRoutes, { path: '/' });
    const footer = await screen.findByRole('contentinfo');
    const privacy = await within(footer).findByRole('link', { name: 'Privacy' });
    expect(within(footer).getByText(`© ${new Date().getFullYear()} Example MSP`)).toBeTruthy();
    expect(privacy.getAttribute('href')).toBe('https://msp.example.com/privacy');
    expect(privacy.getAttribute('target')).toBe('_blank');
    expect(privacy.getAttribute('rel')).toBe('noopener');
    const legal = within(footer).getByRole('link', { name: 'Legal' });
    expect(legal.getAttribute('href')).toBe('https://msp.example.com/legal');
    expect(legal.getAttribute('aria-describedby') ?? legal.getAttribute('title')).toBeTruthy();
    expect(within(footer).getByRole('link', { name: 'Contact Us' }).getAttribute('href')).toBe(
      'https://msp.example.com/contact',
    );
    expect(LEGAL_TOOLTIP).toBe('This system is provided subject to the support services agreement');
  });
});
