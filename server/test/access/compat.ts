import { and, eq } from 'drizzle-orm';
import { apiKeys, webUsers } from '../../src/db/schema/index.ts';
import type { AccessRow, Expect, Fixture } from './_fixture.ts';

const webApi = (name: string) => `/app/kapps/customer-portal/webApis/${name}`;
const BRIDGED = '/home/customer-portal/shared-resources/bridgedResources';
const DATASTORE = '/datastore/shared-resources/bridgedResources';

/** The home Administrator's key, made once (revoking twice answers 200 too). */
let keyId: number | undefined;
async function homeKey(fx: Fixture): Promise<number> {
  if (keyId !== undefined) return keyId;
  const [u] = await fx.db.select({ id: webUsers.id }).from(webUsers).where(and(eq(webUsers.contactId, fx.contactOf.Administrator.id)));
  const [row] = await fx.db
    .insert(apiKeys)
    .values({ cid: fx.home.id, name: 'Matrix key', keyHash: 'f'.repeat(64), prefix: 'sck_matrix', createdByWebUserId: u!.id })
    .returning({ id: apiKeys.id });
  keyId = row!.id;
  return keyId;
}

/** The User's own incident through a bridged resource: readable like GET /api/v1/tickets/{id}. */
const incidentBody = (fx: Fixture) => ({ values: { IncidentID: String(fx.userIncident) } });
const OWN_INCIDENT: Expect = { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 };

/** server/src/modules/api-keys and server/src/modules/compat: API keys, bridged resources, web APIs, Data API. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/api-keys', request: () => ({ url: '/api/v1/api-keys' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  {
    route: 'POST /api/v1/api-keys',
    request: (_fx, who) => ({ url: '/api/v1/api-keys', payload: { name: `Matrix ${who}` } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 201, spaceAdmin: 201, otherAdmin: 201, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/api-keys/{id}/revoke',
    request: async (fx) => ({ url: `/api/v1/api-keys/${await homeKey(fx)}/revoke` }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 404, otherAdmin: 404, otherUser: 403 },
  },
  {
    route: 'POST /app/kapps/customer-portal/webApis/upsert-ticket-filter',
    request: (_fx, who) => ({ url: webApi('upsert-ticket-filter'), payload: { partitionKey: '["Incidents"]', documentJson: JSON.stringify({ SearchName: `Matrix compat ${who}` }) } }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 },
  },
  {
    route: 'POST /app/kapps/customer-portal/webApis/query-ticket-filters',
    request: () => ({ url: webApi('query-ticket-filters'), payload: { partitionKey: '["Incidents"]' } }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 },
  },
  {
    route: 'GET /api/data/{cmstype}',
    case: 'an incident of the home customer by id',
    request: (fx) => ({ url: `/api/data/incident?id=${fx.userIncident}` }),
    expect: OWN_INCIDENT,
  },
  {
    route: 'GET /api/data/{cmstype}',
    case: 'contacts (Administrator only)',
    request: () => ({ url: '/api/data/contact' }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 },
  },
  { route: 'POST /{space}/{kapp}/{form}/bridgedResources/{name}', request: (fx) => ({ url: `${BRIDGED}/Incident%20by%20ID`, payload: incidentBody(fx) }), expect: OWN_INCIDENT },
  { route: 'POST /{space}/{kapp}/{form}/bridgedResources/{name}/count', request: (fx) => ({ url: `${BRIDGED}/Incident%20by%20ID/count`, payload: incidentBody(fx) }), expect: OWN_INCIDENT },
  { route: 'POST /datastore/{form}/bridgedResources/{name}', request: (fx) => ({ url: `${DATASTORE}/Incident%20by%20ID`, payload: incidentBody(fx) }), expect: OWN_INCIDENT },
  { route: 'POST /datastore/{form}/bridgedResources/{name}/count', request: (fx) => ({ url: `${DATASTORE}/Incident%20by%20ID/count`, payload: incidentBody(fx) }), expect: OWN_INCIDENT },
  {
    route: 'POST /app/bridgedResources',
    request: (fx) => ({ url: '/app/bridgedResources', payload: { formSlug: 'shared-resources', bridgedResourceName: 'Incident by ID', ...incidentBody(fx) } }),
    expect: OWN_INCIDENT,
  },
  {
    route: 'POST /app/bridgedResources/count',
    case: 'All Contacts (Administrator only)',
    request: () => ({ url: '/app/bridgedResources/count', payload: { formSlug: 'shared-resources', bridgedResourceName: 'All Contacts' } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 },
  },
];
