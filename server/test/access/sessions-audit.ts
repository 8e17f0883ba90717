import { same, type AccessRow } from './_fixture.ts';

const everyoneSignedIn = (status: number) => ({ ...same(status), anon: 401 });
/** Administrator of its own customer and the provider's space admin (requirements §19.4). */
const auditReaders = { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 };

/** server/src/auth/sessions.routes.ts (Signed-in devices) and server/src/modules/audit (the audit log). */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/sessions', request: () => ({ url: '/api/v1/sessions' }), expect: everyoneSignedIn(200) },
  {
    route: 'DELETE /api/v1/sessions/{id}',
    case: 'an id that is none of the caller’s sessions',
    request: () => ({ url: `/api/v1/sessions/${'0'.repeat(64)}` }),
    expect: everyoneSignedIn(404),
  },
  // Ends the caller's other sessions only: the matrix's own client session survives it.
  { route: 'POST /api/v1/sessions/end-others', request: () => ({ url: '/api/v1/sessions/end-others', payload: {} }), expect: everyoneSignedIn(200) },
  { route: 'GET /api/v1/audit-log', request: () => ({ url: '/api/v1/audit-log' }), expect: auditReaders },
  { route: 'GET /api/v1/audit-log/export', request: () => ({ url: '/api/v1/audit-log/export' }), expect: auditReaders },
];
