import type { AccessRow } from './_fixture.ts';

let n = 0;
const job = () => ({ jobNum: `MX-${Date.now().toString(36)}-${n++}`, jobStatus: 'Active', startDate: '2026-01-01', endDate: '2026-12-31' });

/** server/src/modules/jobs: agreements, managed services, balances, invoices, products and time entries. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/jobs', request: () => ({ url: '/api/v1/jobs' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'POST /api/v1/jobs', request: () => ({ url: '/api/v1/jobs', payload: job() }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 201, spaceAdmin: 201, otherAdmin: 201, otherUser: 403 } },
  { route: 'GET /api/v1/jobs/{jobid}', request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'PUT /api/v1/jobs/{jobid}', request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}`, payload: job() }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/managed-services', request: () => ({ url: '/api/v1/managed-services' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/managed-services/export', request: () => ({ url: '/api/v1/managed-services/export' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/balances', request: () => ({ url: '/api/v1/balances?asOfDate=2026-11-01' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/balances/export', request: () => ({ url: '/api/v1/balances/export?asOfDate=2026-11-01' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/invoices/{id}', request: (fx) => ({ url: `/api/v1/invoices/${fx.invoiceId}` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/invoices/{id}/export', request: (fx) => ({ url: `/api/v1/invoices/${fx.invoiceId}/export` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/jobs/{jobid}/products', request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}/products` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/jobs/{jobid}/products/export', request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}/products/export` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/jobs/{jobid}/time-entries', request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}/time-entries` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/jobs/{jobid}/time-entries/export', request: (fx) => ({ url: `/api/v1/jobs/${fx.jobId}/time-entries/export` }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
];
