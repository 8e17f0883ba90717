import type { AccessRow } from './_fixture.ts';

let n = 0;
const device = () => ({ deviceName: `MX-${Date.now().toString(36)}-${n++}` });

/** server/src/modules/devices. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/devices', request: () => ({ url: '/api/v1/devices' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'POST /api/v1/devices', request: () => ({ url: '/api/v1/devices', payload: device() }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 201, spaceAdmin: 201, otherAdmin: 201, otherUser: 403 } },
  { route: 'GET /api/v1/devices/lookups', request: () => ({ url: '/api/v1/devices/lookups' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/devices/{id}', request: (fx) => ({ url: `/api/v1/devices/${fx.deviceId}` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'PUT /api/v1/devices/{id}', request: (fx) => ({ url: `/api/v1/devices/${fx.deviceId}`, payload: device() }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
];
