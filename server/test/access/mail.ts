import { same, type AccessRow } from './_fixture.ts';

/** server/src/modules/mail: the space admin's 'Outgoing mail' screen and one-click unsubscribe. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/mail/outbox', request: () => ({ url: '/api/v1/mail/outbox' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: 200, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/mail/outbox/{id}', request: (fx) => ({ url: `/api/v1/mail/outbox/${fx.outboxId}` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: 200, otherAdmin: 403, otherUser: 403 } },
  { route: 'POST /api/v1/mail/outbox/{id}/retry', request: (fx) => ({ url: `/api/v1/mail/outbox/${fx.outboxId}/retry` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: 200, otherAdmin: 403, otherUser: 403 } },
  { route: 'POST /api/v1/mail/unsubscribe', case: 'unknown token', request: () => ({ url: '/api/v1/mail/unsubscribe?token=matrix-bogus' }), expect: same(400) },
  { route: 'GET /api/v1/mail/unsubscribe', case: 'unknown token', request: () => ({ url: '/api/v1/mail/unsubscribe?token=matrix-bogus' }), expect: same(400) },
];
