import type { SessionResponse, SignedInUser, UserType } from '@sc/common';

let nextId = 1000;

/** A signed-in user with plausible defaults; override what a test cares about. */
export function makeUser(overrides: Partial<SignedInUser> = {}): SignedInUser {
  nextId += 1;
  return {
    ccWebUserId: nextId,
    contactId: nextId + 1,
    primaryContactId: nextId + 1,
    isPrimary: false,
    userType: 'User',
    userName: `user${nextId}@example.com`,
    firstName: 'Ada',
    lastName: 'Lovelace',
    middleInitial: null,
    timeZone: 'America/New_York',
    cid: 42,
    customerCode: 'ACME',
    organizationName: 'Acme Corp',
    lastLoginDate: '2026-03-14T15:30:00.000Z',
    spaceAdmin: false,
    department: null,
    site: null,
    pageSize: 10,
    theme: 'system',
    ...overrides,
  };
}

export const makeUserOfType = (userType: UserType, overrides: Partial<SignedInUser> = {}) =>
  makeUser({ userType, ...overrides });

export const makeSession = (user: SignedInUser = makeUser(), csrfToken = 'csrf-test-token'): SessionResponse => ({
  user,
  csrfToken,
});
