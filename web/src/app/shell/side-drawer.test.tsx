import { describe, expect, it } from 'vitest';
import { render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { REPORTS, drawerGroups, type UserType } from '@sc/common';
import { makeUser, makeUserOfType } from '../../test/factories.ts';
import { DrawerNav } from './side-drawer.tsx';

const renderDrawer = (userType: UserType, spaceAdmin = false, path = '/') =>
  render(
    <MemoryRouter initialEntries={[path]}>
      <DrawerNav user={makeUserOfType(userType, { spaceAdmin })} />
    </MemoryRouter>,
  );

const itemIds = () => screen.getAllByTestId(/^drawer-item-/).map((el) => el.dataset.testid?.replace('drawer-item-', ''));
const groupIds = () => screen.getAllByTestId(/^drawer-group-/).map((el) => el.dataset.testid?.replace('drawer-group-', ''));
const reportIds = REPORTS.map((r) => `report-${r.id}`);

describe('side drawer', () => {
  it('gives a User Home, Devices and My Tickets (with its Surveys) only', () => {
    renderDrawer('User');
    expect(itemIds()).toEqual(['home', 'devices', 'myincidents', 'myrequests', 'catalogue', 'surveys']);
    expect(groupIds()).toEqual(['home', 'assets', 'my-tickets']);
    const nav = screen.getByRole('navigation', { name: 'Main menu' });
    expect(within(nav).queryByText('Agreements')).toBeNull();
    expect(within(nav).queryByText('Org Tickets')).toBeNull();
    expect(within(nav).queryByText('Contacts')).toBeNull();
    expect(within(nav).queryByText('Reports')).toBeNull();
  });

  it.each(['Operator', 'OperatorLimited'] as const)('gives %s Org Tickets but no Agreements, Contacts or Reports', (type) => {
    renderDrawer(type);
    expect(itemIds()).toEqual(['home', 'devices', 'myincidents', 'myrequests', 'catalogue', 'incidents', 'requests', 'surveys']);
    expect(screen.getByText('Org Tickets')).toBeTruthy();
    expect(screen.queryByText('Agreements')).toBeNull();
    expect(screen.queryByText('Contacts')).toBeNull();
  });

  it('gives an Administrator every group, with Agreements and the four reports', () => {
    renderDrawer('Administrator');
    expect(groupIds()).toEqual(['home', 'contacts', 'assets', 'my-tickets', 'org-tickets', 'reports']);
    expect(itemIds()).toEqual([
      'home',
      'contacts',
      'new-invites',
      'view-invites',
      'devices',
      'jobs',
      'myincidents',
      'myrequests',
      'catalogue',
      'incidents',
      'requests',
      'surveys',
      ...reportIds,
    ]);
    expect(screen.getByTestId('drawer-item-jobs').textContent).toBe('Agreements');
    expect(screen.getByTestId('drawer-item-jobs').getAttribute('href')).toBe('/jobs');
  });

  it('renders exactly what drawerGroups gives, labels and links included', () => {
    const user = makeUser({ userType: 'Administrator' });
    render(
      <MemoryRouter>
        <DrawerNav user={user} />
      </MemoryRouter>,
    );
    for (const group of drawerGroups(user)) {
      const list = screen.getByTestId(`drawer-group-${group.id}`);
      if (group.label) expect(within(list).getByText(group.label)).toBeTruthy();
      for (const item of group.items) {
        const link = within(list).getByTestId(`drawer-item-${item.id}`);
        expect(link.textContent).toBe(item.label);
        expect(link.getAttribute('href')).toBe(item.path);
      }
    }
  });

  it('marks the current page with aria-current', () => {
    renderDrawer('User', false, '/devices');
    expect(screen.getByTestId('drawer-item-devices').getAttribute('aria-current')).toBe('page');
    expect(screen.getByTestId('drawer-item-home').getAttribute('aria-current')).toBeNull();
  });
});
