import { describe, expect, it } from 'vitest';
import { drawerItemIds, REPORTS, type UserType } from '@sc/common';

const report = REPORTS.map((r) => `report-${r.id}`);
const who = (userType: UserType, spaceAdmin = false) => ({ userType, spaceAdmin });

describe('drawer items per role (requirements §15)', () => {
  it('Administrator: contacts, devices and agreements, my and org tickets, reports', () => {
    expect(drawerItemIds(who('Administrator'))).toEqual([
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
      ...report,
    ]);
  });

  it.each(['Operator', 'OperatorLimited'] as const)('%s: devices only, my and org tickets', (type) => {
    expect(drawerItemIds(who(type))).toEqual(['home', 'devices', 'myincidents', 'myrequests', 'catalogue', 'incidents', 'requests', 'surveys']);
  });

  it('User: devices and my tickets only', () => {
    expect(drawerItemIds(who('User'))).toEqual(['home', 'devices', 'myincidents', 'myrequests', 'catalogue', 'surveys']);
  });
});
