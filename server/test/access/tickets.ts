import type { AccessRow } from './_fixture.ts';

/** server/src/modules/tickets and ticket-picker: lists, exports, lookups, saved filters, the calendar, the pickers. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/incidents', request: () => ({ url: '/api/v1/incidents' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/service-requests', request: () => ({ url: '/api/v1/service-requests' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/incidents/export', request: () => ({ url: '/api/v1/incidents/export' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/service-requests/export', request: () => ({ url: '/api/v1/service-requests/export' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/tickets/lookups', request: () => ({ url: '/api/v1/tickets/lookups' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/ticket-filters', request: () => ({ url: '/api/v1/ticket-filters?searchType=Incidents' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  {
    route: 'PUT /api/v1/ticket-filters',
    request: (_fx, who) => ({ url: '/api/v1/ticket-filters', payload: { searchType: 'Incidents', searchName: `Matrix ${who}`, criteria: {} } }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 },
  },
  { route: 'GET /api/v1/ticket-filters/{searchType}/{id}', request: (fx) => ({ url: `/api/v1/ticket-filters/Incidents/${fx.filterId}` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 404, otherAdmin: 404, otherUser: 404 } },
  {
    route: 'DELETE /api/v1/ticket-filters/{searchType}/{id}',
    case: "the Administrator's public filter",
    request: async (fx) => ({ url: `/api/v1/ticket-filters/Incidents/${await fx.freshFilter()}` }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 204, spaceAdmin: 404, otherAdmin: 404, otherUser: 404 },
  },
  { route: 'GET /api/v1/service-requests/calendar', request: () => ({ url: '/api/v1/service-requests/calendar?from=2026-11-01T00:00:00.000Z&to=2026-12-01T00:00:00.000Z' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/ticket-picker/contacts', request: () => ({ url: '/api/v1/ticket-picker/contacts' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/ticket-picker/devices', request: () => ({ url: '/api/v1/ticket-picker/devices' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
];
