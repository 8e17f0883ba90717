import type { AccessRow } from './_fixture.ts';

/** server/src/modules/search. */
export const rows: AccessRow[] = [{ route: 'GET /api/v1/search', request: () => ({ url: '/api/v1/search?q=Matrix' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } }];
