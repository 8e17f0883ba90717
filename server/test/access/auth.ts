import { same, type AccessRow } from './_fixture.ts';

/** server/src/auth/routes.ts and system/: sign-in, sign-out, the session, public configuration. */
export const rows: AccessRow[] = [
  {
    route: 'POST /api/v1/auth/login',
    case: 'right password of the User (from a throwaway session)',
    request: (fx) => ({ url: '/api/v1/auth/login', payload: { email: fx.contactOf.User.email, password: 'demo-password-1' }, fresh: true }),
    expect: same(200),
  },
  {
    route: 'POST /api/v1/auth/login',
    case: 'wrong password',
    request: (fx) => ({ url: '/api/v1/auth/login', payload: { email: fx.contactOf.OperatorLimited.email, password: 'not-the-password' }, fresh: true }),
    expect: same(401),
  },
  { route: 'POST /api/v1/auth/logout', request: () => ({ url: '/api/v1/auth/logout', fresh: true }), expect: { anon: 401, User: 204, OperatorLimited: 204, Operator: 204, Administrator: 204, spaceAdmin: 204, otherAdmin: 204, otherUser: 204 } },
  { route: 'GET /api/v1/auth/me', request: () => ({ url: '/api/v1/auth/me' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/auth/session', request: () => ({ url: '/api/v1/auth/session' }), expect: same(200) },
  { route: 'GET /api/v1/config', request: () => ({ url: '/api/v1/config' }), expect: same(200) },
  { route: 'GET /', request: () => ({ url: '/' }), expect: same(302) },
];
