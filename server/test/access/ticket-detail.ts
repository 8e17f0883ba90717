import type { AccessRow } from './_fixture.ts';

const note = { note: '<p>Matrix note</p>' };

/** server/src/modules/ticket-detail: one ticket, its notes, files, timeline and status-update requests. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/tickets/new', request: () => ({ url: '/api/v1/tickets/new' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  { route: 'POST /api/v1/tickets', request: () => ({ url: '/api/v1/tickets', payload: { shortDescription: 'Matrix ticket', ticketType: 'Incident' } }), expect: { anon: 401, User: 201, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 201, otherAdmin: 201, otherUser: 201 } },
  { route: 'GET /api/v1/tickets/{id}', case: "the User's own incident", request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/tickets/{id}', case: "a colleague's incident", request: (fx) => ({ url: `/api/v1/tickets/${fx.colleagueIncident}` }), expect: { anon: 401, User: 403, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  // Spec 002 §2.9/§5/§6: User and OperatorLimited edit only the tickets whose contact they are; the other
  // types every ticket of their customer. Decision 004: an upload changes the ticket (edit rights); a note
  // and a status-update request need view rights only (an OperatorLimited on any ticket of its customer).
  {
    route: 'PUT /api/v1/tickets/{id}',
    case: "the User's own incident",
    request: async (fx) => ({ url: `/api/v1/tickets/${await fx.freshIncident()}`, payload: { shortDescription: 'Matrix changed', version: 1 } }),
    expect: { anon: 401, User: 200, OperatorLimited: 403, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'PUT /api/v1/tickets/{id}',
    case: "the OperatorLimited's own incident",
    request: async (fx) => ({ url: `/api/v1/tickets/${await fx.freshIncident(fx.contactOf.OperatorLimited.id)}`, payload: { shortDescription: 'Matrix changed', version: 1 } }),
    expect: { anon: 401, User: 403, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'PUT /api/v1/tickets/{id}',
    case: "a colleague's incident",
    request: async (fx) => ({ url: `/api/v1/tickets/${await fx.freshIncident(fx.colleague.id)}`, payload: { shortDescription: 'Matrix changed', version: 1 } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/tickets',
    case: 'for a colleague',
    request: (fx) => ({ url: '/api/v1/tickets?type=contact', payload: { shortDescription: 'Matrix ticket', ticketType: 'Incident', contactId: fx.colleague.id } }),
    expect: { anon: 401, User: 403, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/tickets',
    case: 'the primary-contact shortcut',
    request: () => ({ url: '/api/v1/tickets?type=primaryContact', payload: { shortDescription: 'Matrix ticket', ticketType: 'ServiceRequest' } }),
    // Each caller's own organisation's primary contact; a User only when it is that contact itself.
    expect: { anon: 401, User: 403, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 201, otherAdmin: 201, otherUser: 403 },
  },
  { route: 'GET /api/v1/tickets/{id}/timeline', request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/timeline` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  {
    route: 'POST /api/v1/tickets/{id}/status-update-request',
    request: async (fx) => ({ url: `/api/v1/tickets/${await fx.freshIncident()}/status-update-request` }),
    expect: { anon: 401, User: 201, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  { route: 'GET /api/v1/tickets/{id}/actions', request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/actions` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'POST /api/v1/tickets/{id}/actions', request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/actions`, payload: note }), expect: { anon: 401, User: 201, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  {
    route: 'POST /api/v1/tickets/{id}/actions',
    case: "a colleague's incident",
    request: (fx) => ({ url: `/api/v1/tickets/${fx.colleagueIncident}/actions`, payload: note }),
    expect: { anon: 401, User: 403, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/tickets/{id}/status-update-request',
    case: "a colleague's incident",
    request: async (fx) => ({ url: `/api/v1/tickets/${await fx.freshIncident(fx.colleague.id)}/status-update-request` }),
    expect: { anon: 401, User: 403, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  { route: 'GET /api/v1/tickets/{id}/actions/export', request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/actions/export` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/incidents/{id}/latest-actions', request: (fx) => ({ url: `/api/v1/incidents/${fx.userIncident}/latest-actions` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/tickets/{id}/attachments', request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/attachments` }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  {
    route: 'POST /api/v1/tickets/{id}/attachments',
    case: "the User's own incident",
    request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/attachments?name=m.txt`, payload: 'matrix', headers: { 'content-type': 'text/plain' } }),
    expect: { anon: 401, User: 201, OperatorLimited: 403, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/tickets/{id}/attachments',
    case: "the OperatorLimited's own incident",
    request: async (fx) => ({ url: `/api/v1/tickets/${await fx.freshIncident(fx.contactOf.OperatorLimited.id)}/attachments?name=m.txt`, payload: 'matrix', headers: { 'content-type': 'text/plain' } }),
    expect: { anon: 401, User: 403, OperatorLimited: 201, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/tickets/{id}/attachments',
    case: "a colleague's incident",
    request: (fx) => ({ url: `/api/v1/tickets/${fx.colleagueIncident}/attachments?name=m.txt`, payload: 'matrix', headers: { 'content-type': 'text/plain' } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 201, Administrator: 201, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'GET /api/v1/tickets/{id}/attachments/{attachmentId}',
    request: (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/attachments/${fx.attachmentId}` }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'DELETE /api/v1/tickets/{id}/attachments/{attachmentId}',
    case: "the User's file, just added",
    request: async (fx) => ({ url: `/api/v1/tickets/${fx.userIncident}/attachments/${await fx.freshAttachment()}` }),
    expect: { anon: 401, User: 204, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /app/kapps/customer-portal/webApis/request-status-update-inc',
    request: async (fx) => ({ url: '/app/kapps/customer-portal/webApis/request-status-update-inc', payload: { id: await fx.freshIncident() } }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /app/kapps/customer-portal/webApis/request-status-update-req',
    request: (fx) => ({ url: '/app/kapps/customer-portal/webApis/request-status-update-req', payload: { id: fx.userRequest } }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
];
