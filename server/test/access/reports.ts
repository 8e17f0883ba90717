import { SUPPORT_TICKETS_REPORT_ID } from '@sc/common';
import { makeSite } from '../../src/db/seed/factories.ts';
import type { AccessRow } from './_fixture.ts';

let homeSite: number | undefined;

/** server/src/modules/reports: the five native reports (Administrator only, each caller's own customer) and the embed token. */
export const rows: AccessRow[] = [
  {
    route: 'GET /api/v1/reports/{reportId}',
    request: () => ({ url: `/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}` }),
    // Every Administrator gets its own customer's figures (the customer comes from the session).
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 },
  },
  {
    route: 'GET /api/v1/reports/{reportId}',
    case: "a site of the home customer",
    request: async (fx) => {
      homeSite ??= (await makeSite(fx.db, { cid: fx.home.id })).id;
      return { url: `/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}?siteId=${homeSite}` };
    },
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 404, otherAdmin: 404, otherUser: 403 },
  },
  {
    route: 'GET /api/v1/reports/{reportId}/embed-token',
    case: 'no report configured as an external embed',
    request: () => ({ url: `/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}/embed-token` }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 404, spaceAdmin: 404, otherAdmin: 404, otherUser: 403 },
  },
];
