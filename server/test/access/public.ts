import { PRINCIPALS, same, type AccessRow } from './_fixture.ts';

const BOGUS = 'matrix-not-a-real-token-0000000000000000';

/** server/src/modules/public: the signed-out pages (invitation, registration, password reset, e-mail preferences). */
export const rows: AccessRow[] = [
  { route: 'POST /api/v1/public/invitations/lookup', case: 'unknown token', request: () => ({ url: '/api/v1/public/invitations/lookup', payload: { token: BOGUS } }), expect: same(200) },
  {
    route: 'POST /api/v1/public/invitations/accept',
    case: 'unknown token',
    request: () => ({ url: '/api/v1/public/invitations/accept', payload: { token: BOGUS, password: 'Matrix-password-9', confirmPassword: 'Matrix-password-9' } }),
    expect: same(404),
  },
  { route: 'GET /api/v1/public/registration/{gid}', case: 'unknown key', request: () => ({ url: '/api/v1/public/registration/matrix-unknown' }), expect: same(404) },
  {
    route: 'POST /api/v1/public/register',
    case: 'an address of no organisation',
    request: () => ({
      url: '/api/v1/public/register',
      payload: { firstName: 'M', lastName: 'X', email: 'nobody@matrix-nowhere.example', password: 'Matrix-password-9', confirmPassword: 'Matrix-password-9' },
    }),
    expect: same(400),
  },
  { route: 'POST /api/v1/public/verify', case: 'unknown token', request: () => ({ url: '/api/v1/public/verify', payload: { token: BOGUS } }), expect: same(404) },
  {
    route: 'POST /api/v1/public/pending-contact',
    case: 'unknown token',
    request: (fx) => ({ url: '/api/v1/public/pending-contact', payload: { approved: true, approverContactId: fx.contactOf.Administrator.id, token: BOGUS } }),
    expect: same(404),
  },
  {
    route: 'POST /api/v1/public/password/retrieve',
    case: 'an unknown address, each caller from its own client (the form is rate-limited per client and e-mail)',
    request: (_fx, who) => ({
      url: '/api/v1/public/password/retrieve',
      payload: { email: `nobody.${who.toLowerCase()}@matrix-nowhere.example` },
      remoteAddress: `10.99.0.${PRINCIPALS.indexOf(who) + 1}`,
    }),
    expect: same(202),
  },
  { route: 'POST /api/v1/public/password/reset/lookup', case: 'unknown token', request: () => ({ url: '/api/v1/public/password/reset/lookup', payload: { token: BOGUS } }), expect: same(200) },
  {
    route: 'POST /api/v1/public/password/reset',
    case: 'unknown token',
    request: () => ({ url: '/api/v1/public/password/reset', payload: { token: BOGUS, password: 'Matrix-password-9', confirmPassword: 'Matrix-password-9' } }),
    expect: same(404),
  },
  { route: 'POST /api/v1/public/email-preferences/lookup', case: 'unknown token', request: () => ({ url: '/api/v1/public/email-preferences/lookup', payload: { token: BOGUS } }), expect: same(404) },
  {
    route: 'PUT /api/v1/public/email-preferences',
    case: 'unknown token',
    request: () => ({
      url: '/api/v1/public/email-preferences',
      payload: { token: BOGUS, emailOnTicketCreated: true, emailOnTicketUpdated: true, emailOnTicketClosed: true, emailOnNewAction: true },
    }),
    expect: same(404),
  },
];
