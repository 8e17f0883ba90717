import { describe, expect, it } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import type { ActiveBannersResponse } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { HomeBanner } from './home-banner.tsx';

const active: ActiveBannersResponse = {
  banners: [
    { scope: 'global', message: 'Maintenance tonight.', expirationDate: '2099-01-01', version: '2026-03-01T00:00:00.000Z' },
    { scope: 'customer', message: 'Acme: new VPN.\nInstall it.', expirationDate: '2099-01-01', version: '2026-03-02T00:00:00.000Z' },
  ],
};

describe('home banner', { timeout: 30_000 }, () => {
  it('shows the global and the customer message, each dismissible for the session, and the banner snackbar once', async () => {
    localStorage.clear();
    mockFetch([{ path: '/auth/me', body: makeSession(makeUser()) }, { path: '/banners/active', body: active }]);
    const first = renderWithApp(<HomeBanner />);
    const region = await screen.findByRole('region', { name: 'Announcements' });
    expect(region.textContent).toContain('Maintenance tonight.');
    expect(region.textContent).toContain('Acme: new VPN.');
    // The 30 s notice carries both messages on one line, in the page's flow (not a floating
    // snackbar in a portal), so it covers nothing.
    const notice = await screen.findByText('Maintenance tonight. · Acme: new VPN. Install it.');
    expect(first.container.contains(notice)).toBe(true);
    expect(notice.closest('.MuiSnackbar-root')).toBeNull();

    fireEvent.click(screen.getAllByRole('button', { name: 'Dismiss' })[0]!);
    await waitFor(() => expect(screen.queryByText('Maintenance tonight.', { selector: 'span' })).toBeNull());
    first.unmount();

    // Back on the home page in the same session: the dismissed one stays away, no second snackbar.
    renderWithApp(<HomeBanner />);
    await screen.findByText(/Acme: new VPN/, { selector: 'span' });
    expect(screen.queryByText('Maintenance tonight.', { selector: 'span' })).toBeNull();
    expect(screen.queryByText(/·/)).toBeNull();
  });

  it('the snackbar shows once per sign-in, in any tab; a new sign-in announces again (issue 14, item 9)', async () => {
    localStorage.clear();
    const user = makeUser({ lastLoginDate: '2026-03-10T08:00:00.000Z' });
    mockFetch([{ path: '/auth/me', body: makeSession(user) }, { path: '/banners/active', body: active }]);
    const first = renderWithApp(<HomeBanner />);
    expect(await screen.findByText('Maintenance tonight. · Acme: new VPN. Install it.')).toBeTruthy();
    first.unmount();
    // Another tab of the same sign-in (its sessionStorage is empty): no second snackbar.
    sessionStorage.clear();
    const second = renderWithApp(<HomeBanner />);
    await screen.findByText('Maintenance tonight.', { selector: 'span' });
    await new Promise((r) => setTimeout(r, 100));
    expect(screen.queryByText(/·/)).toBeNull();
    second.unmount();
    // Signed in again: the previous sign-in time has changed, the snackbar shows again.
    mockFetch([{ path: '/auth/me', body: makeSession({ ...user, lastLoginDate: '2026-03-11T08:00:00.000Z' }) }, { path: '/banners/active', body: active }]);
    renderWithApp(<HomeBanner />);
    expect(await screen.findByText('Maintenance tonight. · Acme: new VPN. Install it.')).toBeTruthy();
  });

  it('shows again after a new save (a new version)', async () => {
    localStorage.clear();
    localStorage.setItem('sc-banners-dismissed', JSON.stringify(['global:2026-03-01T00:00:00.000Z']));
    mockFetch([
      { path: '/auth/me', body: makeSession(makeUser()) },
      { path: '/banners/active', body: { banners: [{ ...active.banners[0]!, version: '2026-03-05T00:00:00.000Z', message: 'Rescheduled.' }] } },
    ]);
    renderWithApp(<HomeBanner />);
    expect(await screen.findByText('Rescheduled.', { selector: 'span' })).toBeTruthy();
  });

  it('renders nothing without active banners', async () => {
    const { callsTo } = mockFetch([{ path: '/auth/me', body: makeSession(makeUser()) }, { path: '/banners/active', body: { banners: [] } }]);
    renderWithApp(<HomeBanner />);
    await waitFor(() => expect(callsTo('GET', '/banners/active')).toHaveLength(1));
    expect(screen.queryByRole('region', { name: 'Announcements' })).toBeNull();
  });
});
