import type { AccessRow } from './_fixture.ts';

const compat = (name: string) => `/app/kapps/customer-portal/webApis/${name}`;

/** server/src/modules/invitations (and its compat routes, modules/compat/contacts.routes.ts): invitations, the registration link, contact removal and approval. */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/invitations/candidates', request: () => ({ url: '/api/v1/invitations/candidates' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'GET /api/v1/invitations', request: () => ({ url: '/api/v1/invitations' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  {
    route: 'POST /api/v1/invitations',
    request: async (fx) => ({ url: '/api/v1/invitations', payload: { contacts: [{ contactId: (await fx.freshContact()).id, userType: 'User' }] } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  { route: 'GET /api/v1/invitations/export', request: () => ({ url: '/api/v1/invitations/export' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 403 } },
  { route: 'POST /api/v1/invitations/resend', request: async (fx) => ({ url: '/api/v1/invitations/resend', payload: { invitationIds: [await fx.freshInvitation()] } }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'POST /api/v1/invitations/delete', request: async (fx) => ({ url: '/api/v1/invitations/delete', payload: { invitationIds: [await fx.freshInvitation()] } }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  { route: 'GET /api/v1/invitations/registration-link', request: () => ({ url: '/api/v1/invitations/registration-link' }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 404, otherAdmin: 200, otherUser: 403 } },
  {
    route: 'POST /app/kapps/customer-portal/webApis/invite-send',
    request: async (fx) => ({ url: compat('invite-send'), payload: [{ ContactID: (await fx.freshContact()).id, UserType: 'User' }] }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /app/kapps/customer-portal/webApis/send-invite',
    request: async (fx) => ({ url: compat('send-invite'), payload: [{ ContactID: (await fx.freshContact()).id, UserType: 'User' }] }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  { route: 'POST /app/kapps/customer-portal/webApis/delete-invite', request: async (fx) => ({ url: compat('delete-invite'), payload: [await fx.freshInvitation()] }), expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 } },
  {
    route: 'POST /app/kapps/customer-portal/webApis/delete-contact',
    request: async (fx) => ({ url: compat('delete-contact'), payload: { id: (await fx.freshContact({ withAccount: true })).id } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /app/kapps/customer-portal/webApis/contact-approve-authenticated',
    case: 'a contact that is not pending',
    request: async (fx) => ({ url: compat('contact-approve-authenticated'), payload: { id: (await fx.freshContact({ withAccount: true })).id } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 409, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
];
