import type { AccessRow } from './_fixture.ts';

const person = { firstName: 'Matrix', lastName: 'Person' };

/** server/src/modules/contacts: the organisation's contacts and their access. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/contacts', request: () => ({ url: '/api/v1/contacts' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'POST /api/v1/contacts', request: () => ({ url: '/api/v1/contacts', payload: person }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 201, spaceAdmin: 201, otherAdmin: 201, otherUser: 403 } },
  { route: 'GET /api/v1/contacts/export', request: () => ({ url: '/api/v1/contacts/export' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/contacts/lookups', request: () => ({ url: '/api/v1/contacts/lookups' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/contacts/{id}', request: (fx) => ({ url: `/api/v1/contacts/${fx.colleague.id}` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'PUT /api/v1/contacts/{id}', request: async (fx) => ({ url: `/api/v1/contacts/${(await fx.freshContact()).id}`, payload: person }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  {
    route: 'POST /api/v1/contacts/{id}/disable',
    request: async (fx) => ({ url: `/api/v1/contacts/${(await fx.freshContact({ withAccount: true })).id}/disable` }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/contacts/{id}/approve',
    case: 'a contact that is not pending',
    request: async (fx) => ({ url: `/api/v1/contacts/${(await fx.freshContact({ withAccount: true })).id}/approve` }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 409, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'PUT /api/v1/contacts/{id}/access',
    request: async (fx) => ({
      url: `/api/v1/contacts/${(await fx.freshContact({ withAccount: true })).id}/access`,
      payload: { userType: 'Operator', isActive: true },
    }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  { route: 'GET /api/v1/contacts/{id}/email-preferences', request: (fx) => ({ url: `/api/v1/contacts/${fx.contactOf.User.id}/email-preferences` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/contacts/{id}/tickets', request: (fx) => ({ url: `/api/v1/contacts/${fx.contactOf.User.id}/tickets?type=Incident` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/contacts/{id}/surveys', request: (fx) => ({ url: `/api/v1/contacts/${fx.contactOf.User.id}/surveys` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
];
