import type { AccessRow } from './_fixture.ts';

const compat = (name: string) => `/app/kapps/customer-portal/webApis/${name}`;

/** server/src/modules/banners. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/banners/active', request: () => ({ url: '/api/v1/banners/active' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'GET /api/v1/banner', request: () => ({ url: '/api/v1/banner' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'PUT /api/v1/banner', request: () => ({ url: '/api/v1/banner', payload: { expirationDate: '2030-01-01', message: 'Matrix banner' } }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'POST /app/kapps/customer-portal/webApis/get-banner-message', request: () => ({ url: compat('get-banner-message'), payload: {} }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  {
    route: 'POST /app/kapps/customer-portal/webApis/upsert-banner-message',
    request: () => ({ url: compat('upsert-banner-message'), payload: { documentJson: { Message: 'Matrix banner', ExpirationDate: '2030-01-01' } } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 },
  },
];
