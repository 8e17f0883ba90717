import type { AccessRow } from './_fixture.ts';

/** server/src/modules/preferences and home (with the chat beacon). */
export const rows: AccessRow[] = [
  { route: 'GET /api/v1/preferences', request: () => ({ url: '/api/v1/preferences' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  {
    route: 'PUT /api/v1/preferences',
    request: () => ({
      url: '/api/v1/preferences',
      payload: {
        firstName: 'Matrix',
        lastName: 'Caller',
        timeZone: 'Europe/London',
        pageSize: 25,
        theme: 'light',
        emailOnTicketCreated: true,
        emailOnTicketUpdated: true,
        emailOnTicketClosed: true,
        emailOnNewAction: true,
      },
    }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 },
  },
  { route: 'GET /api/v1/home', request: () => ({ url: '/api/v1/home' }), expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 } },
  {
    route: 'POST /app/kapps/customer-portal/webApis/chat-end-by-chatid',
    request: (_fx, who) => ({ url: '/app/kapps/customer-portal/webApis/chat-end-by-chatid', payload: { chatId: `matrix-${who}`, user: {} } }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
];
