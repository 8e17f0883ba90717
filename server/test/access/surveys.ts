import { surveyInvitations } from '../../src/db/schema/index.ts';
import { makeTicket } from '../../src/db/seed/factories.ts';
import { same, type AccessRow, type Fixture } from './_fixture.ts';

/** An open survey invitation of the home customer's User, on a closed ticket of its own (answering uses it up). */
async function freshUserInvitation(fx: Fixture): Promise<number> {
  const ticket = await makeTicket(fx.db, { cid: fx.home.id, contactId: fx.contactOf.User.id, ticketType: 'Incident', status: 'Closed' });
  const [row] = await fx.db
    .insert(surveyInvitations)
    .values({ cid: fx.home.id, ticketId: ticket.id, contactId: fx.contactOf.User.id, expiresAt: new Date(Date.now() + 86_400_000) })
    .returning({ id: surveyInvitations.id });
  return row!.id;
}
/** Well formed, but not signed by this server: the public survey routes answer 'not valid' to everybody. */
const FOREIGN_TOKEN = `1.${'A'.repeat(43)}`;
const signedIn200 = { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 200, otherAdmin: 200, otherUser: 200 };

/** server/src/modules/surveys (decision 020): the lists and charts, the home page card, the e-mailed links. */
export const rows: AccessRow[] = [
  // Every signed-in caller has a Surveys list: its own customer's (a User: its own answers).
  { route: 'GET /api/v1/surveys', request: () => ({ url: '/api/v1/surveys' }), expect: signedIn200 },
  { route: 'GET /api/v1/surveys/charts', request: () => ({ url: '/api/v1/surveys/charts' }), expect: signedIn200 },
  { route: 'GET /api/v1/surveys/invitations', request: () => ({ url: '/api/v1/surveys/invitations' }), expect: signedIn200 },
  {
    route: 'GET /api/v1/contacts/{id}/surveys/charts',
    request: (fx) => ({ url: `/api/v1/contacts/${fx.contactOf.User.id}/surveys/charts` }),
    expect: { anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 200, spaceAdmin: 403, otherAdmin: 403, otherUser: 403 },
  },
  {
    route: 'POST /api/v1/surveys/invitations/{id}/answer',
    case: "the User's own invitation: only the invited contact answers it",
    request: async (fx) => ({ url: `/api/v1/surveys/invitations/${await freshUserInvitation(fx)}/answer`, payload: { answer: 'up' } }),
    expect: { anon: 401, User: 200, OperatorLimited: 404, Operator: 404, Administrator: 404, spaceAdmin: 404, otherAdmin: 404, otherUser: 404 },
  },
  { route: 'POST /api/v1/public/surveys/answer', case: 'a token not signed by this server', request: () => ({ url: '/api/v1/public/surveys/answer', payload: { token: FOREIGN_TOKEN, answer: 'up' } }), expect: same(404) },
  { route: 'POST /api/v1/public/surveys/comment', case: 'a token not signed by this server', request: () => ({ url: '/api/v1/public/surveys/comment', payload: { token: FOREIGN_TOKEN, comment: 'Thanks' } }), expect: same(404) },
];
