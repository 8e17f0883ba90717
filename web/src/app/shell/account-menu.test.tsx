import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { SignedInUser, UserType } from '@sc/common';
import { makeSession, makeUser } from '../../test/factories.ts';
import { mockFetch, PUBLIC_CONFIG } from '../../test/fetch-mock.ts';
import { renderWithApp } from '../../test/render.tsx';
import { appRoutes } from '../router.tsx';
import { AccountMenu } from './account-menu.tsx';

function openMenu(user: SignedInUser) {
  mockFetch([{ path: '/auth/me', body: makeSession(user) }]);
  renderWithApp(<AccountMenu user={user} />);
  fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
  return screen.getByRole('menu');
}

describe('account menu', () => {
  it('shows the initials on the avatar button', () => {
    mockFetch([]);
    renderWithApp(<AccountMenu user={makeUser({ firstName: 'grace', lastName: 'hopper' })} />);
    expect(screen.getByRole('button', { name: 'Account menu' }).textContent).toBe('GH');
  });

  it('shows user name, "Last, First", type, organization and last login in the user time zone', () => {
    const menu = openMenu(
      makeUser({
        userName: 'ada@acme.example',
        firstName: 'Ada',
        lastName: 'Lovelace',
        userType: 'OperatorLimited',
        organizationName: 'Acme Corp',
        timeZone: 'America/New_York',
        lastLoginDate: '2026-03-14T15:30:00.000Z',
      }),
    );
    expect(within(menu).getByText('ada@acme.example')).toBeTruthy();
    expect(within(menu).getByText('Lovelace, Ada')).toBeTruthy();
    expect(within(menu).getByText('Operator Ltd.')).toBeTruthy();
    expect(within(menu).getByText('Acme Corp')).toBeTruthy();
    // 15:30 UTC is 11:30 in New York (EDT, UTC-4, since 8 March 2026).
    expect(within(menu).getByText('Last login: Mar 14, 2026 11:30 AM EDT')).toBeTruthy();
  });

  it("says 'First sign-in' when there is no previous login", () => {
    const menu = openMenu(makeUser({ lastLoginDate: null }));
    expect(within(menu).getByText('First sign-in')).toBeTruthy();
  });

  it.each<[UserType, boolean, boolean]>([
    ['Administrator', false, true],
    ['User', true, true],
    ['Operator', false, false],
    ['OperatorLimited', false, false],
    ['User', false, false],
  ])('%s (space admin %s) sees the Banner button: %s', (userType, spaceAdmin, hasBanner) => {
    const menu = openMenu(makeUser({ userType, spaceAdmin }));
    expect(Boolean(within(menu).queryByRole('menuitem', { name: 'Banner' }))).toBe(hasBanner);
    expect(within(menu).getByRole('menuitem', { name: 'Logout' })).toBeTruthy();
  });

  it.each<[UserType, boolean, boolean]>([
    ['Administrator', true, true],
    ['User', true, true],
    ['Administrator', false, false],
    ['Operator', false, false],
  ])('%s (space admin %s) sees Outgoing Mail: %s', (userType, spaceAdmin, shown) => {
    const menu = openMenu(makeUser({ userType, spaceAdmin }));
    expect(Boolean(within(menu).queryByRole('menuitem', { name: 'Outgoing Mail' }))).toBe(shown);
  });

  it('logs out with the CSRF token and shows the login page at /', async () => {
    const session = makeSession(makeUser({ firstName: 'Ada' }), 'token-123');
    const { callsTo } = mockFetch([
      { path: '/auth/me', body: session },
      { path: '/config', body: PUBLIC_CONFIG },
      { method: 'POST', path: '/auth/logout', status: 204 },
    ]);
    const { router } = renderWithApp(appRoutes, { path: '/devices' });
    fireEvent.click(await screen.findByRole('button', { name: 'Account menu' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Logout' }));

    expect(await screen.findByRole('heading', { name: 'Login' })).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(callsTo('POST', '/auth/logout')[0]?.headers['x-csrf-token']).toBe('token-123');
  });

  it.each<UserType>(['Administrator', 'Operator', 'OperatorLimited', 'User'])('%s opens User Preferences; Banner opens its dialog', (userType) => {
    mockFetch([{ path: '/auth/me', body: makeSession() }]);
    const onOpenPreferences = vi.fn();
    const onOpenBanner = vi.fn();
    renderWithApp(<AccountMenu user={makeUser({ userType })} onOpenPreferences={onOpenPreferences} onOpenBanner={onOpenBanner} />);
    fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
    fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'User Preferences' }));
    expect(onOpenPreferences).toHaveBeenCalledTimes(1);
    if (userType === 'Administrator') {
      fireEvent.click(screen.getByRole('button', { name: 'Account menu' }));
      fireEvent.click(within(screen.getByRole('menu')).getByRole('menuitem', { name: 'Banner' }));
      expect(onOpenBanner).toHaveBeenCalledTimes(1);
    }
  });
});
