import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ErrorResponse, PublicSurveyAnswerResponse, SurveyChartsResponse, SurveyInvitationsResponse, SurveyListResponse, TicketDetail, UserType } from '@sc/common';
import { contacts, emailOutbox, emailPreferences, surveyInvitations, surveys, userPreferences, webUsers } from '../src/db/schema/index.ts';
import { makeContact, makeCustomerWithUser, makeStaff, makeTicket, makeWebUser } from '../src/db/seed/factories.ts';
import { surveyToken } from '../src/mail/links.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// docs/requirements.md §20: invitations on closing, the e-mailed one-click links, the home page card,
// the Surveys lists and charts, and every refusal. Each test works in a customer of its own.

let t: TestApp;
let admin: Client, user: Client, other: Client, globex: Client;
let cid: number;
let userContactId: number;

const err = (res: { json: <T>() => T }) => res.json<ErrorResponse>();
const db = () => t.database.db;

beforeAll(async () => {
  t = await createTestApp({ publicUrl: 'https://support.example.org' });
  const made = await makeCustomerWithUser(db(), 'Administrator');
  cid = made.customer.id;
  const account = async (userType: UserType, firstName: string) => {
    const c = await makeContact(db(), { cid, firstName, lastName: 'Survey', email: `${firstName.toLowerCase()}.${cid}@surveys.example` });
    await makeWebUser(db(), { contactId: c.id, userType });
    return c;
  };
  userContactId = (await account('User', 'Ursula')).id;
  await account('User', 'Otto');
  [admin, user, other, globex] = (await Promise.all(
    [made.user.email, `ursula.${cid}@surveys.example`, `otto.${cid}@surveys.example`, 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client];
});
afterAll(async () => {
  await t.close();
});

const newTicket = (contactId = userContactId, shortDescription = 'Printer offline') => makeTicket(db(), { cid, ticketType: 'Incident', contactId, status: 'Open', shortDescription });
async function setStatus(c: Client, id: number, status: string) {
  const current = (await c.get(`/api/v1/tickets/${id}`)).json<TicketDetail>();
  const res = await c.put(`/api/v1/tickets/${id}`, { shortDescription: current.shortDescription, version: current.version, status });
  expect(res.statusCode, res.body).toBe(200);
}
const invitationsOf = (ticketId: number) => db().select().from(surveyInvitations).where(eq(surveyInvitations.ticketId, ticketId));
const surveyMailsOf = (ticketNo: string) =>
  db()
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.template, 'surveyInvitation'), eq(emailOutbox.cid, cid)))
    .then((rows) => rows.filter((r) => r.subject.includes(ticketNo)));
/** The up/down link of a survey e-mail, as the recipient would click it. */
function linkOf(text: string, answer: 'up' | 'down'): URL {
  const m = new RegExp(`https://support\\.example\\.org/app/spa/survey\\?token=[^\\s&]+&answer=${answer}`).exec(text);
  if (!m) throw new Error(`no ${answer} link in ${text}`);
  return new URL(m[0]);
}
async function setPrefs(contactId: number, p: { onClosed?: boolean; optOutSurveys?: boolean; optOutTicketUpdates?: boolean }) {
  await db()
    .insert(emailPreferences)
    .values({ contactId, cid, optOutSurveys: p.optOutSurveys ?? false, optOutTicketUpdates: p.optOutTicketUpdates ?? false })
    .onConflictDoUpdate({ target: emailPreferences.contactId, set: { optOutSurveys: p.optOutSurveys ?? false, optOutTicketUpdates: p.optOutTicketUpdates ?? false } });
  const [wu] = await db().select().from(webUsers).where(eq(webUsers.contactId, contactId));
  await db()
    .insert(userPreferences)
    .values({ webUserId: wu!.id, cid, emailOnTicketClosed: p.onClosed ?? true })
    .onConflictDoUpdate({ target: userPreferences.webUserId, set: { emailOnTicketClosed: p.onClosed ?? true } });
}
const answer = (token: string, a: string) => t.app.inject({ method: 'POST', url: '/api/v1/public/surveys/answer', payload: { token, answer: a } });
const comment = (token: string, c: string) => t.app.inject({ method: 'POST', url: '/api/v1/public/surveys/comment', payload: { token, comment: c } });

describe('closing a ticket invites its contact', () => {
  it('once per ticket: an invitation and a survey e-mail whose links come from PUBLIC_URL; closing again adds neither', async () => {
    await setPrefs(userContactId, {});
    const ticket = await newTicket();
    await setStatus(admin, ticket.id, 'Closed');
    const [inv, ...more] = await invitationsOf(ticket.id);
    expect(more).toHaveLength(0);
    expect(inv).toMatchObject({ cid, contactId: userContactId, isEmailed: true, answeredAt: null });
    expect(inv!.expiresAt.getTime() - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const [mail, ...others] = await surveyMailsOf(ticket.ticketNo);
    expect(others).toHaveLength(0);
    expect(mail!.toAddress).toBe(`ursula.${cid}@surveys.example`);
    expect(mail!.subject).toBe(`How did we do? ${ticket.ticketNo}: Printer offline`);
    expect(linkOf(mail!.textBody, 'up').searchParams.get('token')).toBe(surveyToken(t.config, inv!.id));
    expect(mail!.htmlBody).toContain(linkOf(mail!.textBody, 'down').toString().replace(/&/g, '&amp;'));

    await setStatus(admin, ticket.id, 'Open');
    await setStatus(admin, ticket.id, 'Closed');
    expect(await invitationsOf(ticket.id)).toHaveLength(1);
    expect(await surveyMailsOf(ticket.ticketNo)).toHaveLength(1);
  });

  it.each([
    ["'A ticket of mine is closed' off", { onClosed: false }],
    ['opted out of surveys', { optOutSurveys: true }],
    ['opted out of ticket e-mails', { optOutTicketUpdates: true }],
  ] as const)('preferences decide the e-mail: %s → invitation on the home page, no e-mail', async (_name, prefs) => {
    await setPrefs(userContactId, prefs);
    const ticket = await newTicket();
    await setStatus(admin, ticket.id, 'Closed');
    const [inv] = await invitationsOf(ticket.id);
    expect(inv).toMatchObject({ contactId: userContactId, isEmailed: false });
    expect(await surveyMailsOf(ticket.ticketNo)).toHaveLength(0);
    const home = (await user.get('/api/v1/surveys/invitations')).json<SurveyInvitationsResponse>();
    expect(home.invitations.map((i) => i.ticketNo)).toContain(ticket.ticketNo);
    await setPrefs(userContactId, {});
  });

  it('a status change other than Closed invites nobody', async () => {
    const ticket = await newTicket();
    await setStatus(admin, ticket.id, 'On Hold');
    expect(await invitationsOf(ticket.id)).toHaveLength(0);
  });
});

describe("the e-mail's one-click links", () => {
  async function closedWithMail(shortDescription: string) {
    const ticket = await newTicket(userContactId, shortDescription);
    await setStatus(admin, ticket.id, 'Closed');
    const [mail] = await surveyMailsOf(ticket.ticketNo);
    return { ticket, up: linkOf(mail!.textBody, 'up').searchParams.get('token')!, inv: (await invitationsOf(ticket.id))[0]! };
  }

  it('records the answer once (Source Email); a second use says it was already answered and changes nothing', async () => {
    const { ticket, up, inv } = await closedWithMail('Monitor flickers');
    const first = await answer(up, 'up');
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json<PublicSurveyAnswerResponse>()).toEqual({ status: 'recorded', ticketNo: ticket.ticketNo, shortDescription: 'Monitor flickers', firstName: 'Ursula', answer: 'up', canComment: true });
    const again = await answer(up, 'down');
    expect(again.json<PublicSurveyAnswerResponse>()).toMatchObject({ status: 'alreadyAnswered', answer: 'up', canComment: false });
    const rows = await db().select().from(surveys).where(eq(surveys.invitationId, inv.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ cid, ticketId: ticket.id, ticketNo: ticket.ticketNo, submittedByContactId: userContactId, submittedByName: 'Ursula Survey', source: 'Email', response: 1 });
    expect((await invitationsOf(ticket.id))[0]!.answeredAt).not.toBeNull();
    // Answered: no longer on the home page.
    const home = (await user.get('/api/v1/surveys/invitations')).json<SurveyInvitationsResponse>();
    expect(home.invitations.map((i) => i.ticketNo)).not.toContain(ticket.ticketNo);
  });

  it('takes the optional comment once', async () => {
    const { up, inv } = await closedWithMail('Wi-Fi slow');
    expect((await answer(up, 'down')).statusCode).toBe(200);
    const c1 = await comment(up, 'Took three days.');
    expect(c1.statusCode, c1.body).toBe(200);
    const c2 = await comment(up, 'Changed my mind');
    expect(c2.statusCode).toBe(409);
    const [row] = await db().select().from(surveys).where(eq(surveys.invitationId, inv.id));
    expect(row).toMatchObject({ response: -1, comment: 'Took three days.' });
  });

  it('a tampered, unknown or expired link is not valid; a comment before any answer is refused', async () => {
    const { up, inv } = await closedWithMail('Mouse broken');
    const tampered = up.slice(0, -1) + (up.endsWith('A') ? 'B' : 'A');
    for (const token of [tampered, surveyToken({ appSecret: 'another-secret-of-enough-length-0000' }, inv.id), surveyToken(t.config, 2_000_000_000)]) {
      const res = await answer(token, 'up');
      expect(res.statusCode).toBe(404);
      expect(err(res).message).toMatch(/^This survey link is not valid any more/);
    }
    expect((await comment(up, 'early')).statusCode).toBe(409);
    await db().update(surveyInvitations).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(surveyInvitations.id, inv.id));
    expect((await answer(up, 'up')).statusCode).toBe(404);
    expect(await db().select().from(surveys).where(eq(surveys.invitationId, inv.id))).toHaveLength(0);
  });

  it('400 names the field of bad input', async () => {
    const res = await answer('x'.repeat(20), 'maybe');
    expect(res.statusCode).toBe(400);
    expect(JSON.stringify(err(res).fieldErrors)).toContain('answer');
    const short = await answer('abc', 'up');
    expect(short.statusCode).toBe(400);
    expect(JSON.stringify(err(short).fieldErrors)).toContain('token');
  });
});

describe('the home page card', () => {
  it('lists only the caller’s own open invitations; only the invited contact answers them (Source Portal), once', async () => {
    const ticket = await newTicket(userContactId, 'Keyboard sticky');
    await setStatus(admin, ticket.id, 'Closed');
    const [inv] = await invitationsOf(ticket.id);
    const mine = (await user.get('/api/v1/surveys/invitations')).json<SurveyInvitationsResponse>();
    expect(mine.invitations[0]).toMatchObject({ id: inv!.id, ticketId: ticket.id, ticketNo: ticket.ticketNo, ticketType: 'Incident', shortDescription: 'Keyboard sticky' });
    expect((await other.get('/api/v1/surveys/invitations')).json<SurveyInvitationsResponse>().invitations.map((i) => i.id)).not.toContain(inv!.id);

    for (const c of [other, admin, globex]) expect((await c.post(`/api/v1/surveys/invitations/${inv!.id}/answer`, { answer: 'up' })).statusCode).toBe(404);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/surveys/invitations/${inv!.id}/answer`, payload: { answer: 'up' } })).statusCode).toBe(401);
    const bad = await user.post(`/api/v1/surveys/invitations/${inv!.id}/answer`, { answer: 'sideways' });
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(err(bad).fieldErrors)).toContain('answer');

    const res = await user.post(`/api/v1/surveys/invitations/${inv!.id}/answer`, { answer: 'down', comment: '  Slow reply  ' });
    expect(res.statusCode, res.body).toBe(200);
    expect((await user.post(`/api/v1/surveys/invitations/${inv!.id}/answer`, { answer: 'up' })).statusCode).toBe(409);
    const [row] = await db().select().from(surveys).where(eq(surveys.invitationId, inv!.id));
    expect(row).toMatchObject({ source: 'Portal', response: -1, comment: 'Slow reply', submittedByContactId: userContactId });
    // And the e-mailed link of the same invitation now says it was answered.
    expect((await answer(surveyToken(t.config, inv!.id), 'up')).json<PublicSurveyAnswerResponse>()).toMatchObject({ status: 'alreadyAnswered', answer: 'down' });
  });

  it('refuses signed-out callers', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/surveys/invitations' })).statusCode).toBe(401);
  });
});

describe('the Surveys lists and charts', () => {
  // A fixed data set in a customer of its own, so every figure can be computed here independently.
  let fx: { cid: number; admin: Client; operator: Client; limited: Client; user: Client; userContact: number; otherContact: number; rows: { contact: number; at: string; source: string; response: number; assigned: string | null; comment: string | null }[] };

  beforeAll(async () => {
    const made = await makeCustomerWithUser(db(), 'Administrator');
    const c = made.customer.id;
    const mk = async (userType: UserType, name: string) => {
      const contact = await makeContact(db(), { cid: c, firstName: name, lastName: 'Fixed', email: `${name.toLowerCase()}.${c}@fixed.example` });
      await makeWebUser(db(), { contactId: contact.id, userType });
      return contact.id;
    };
    await mk('Operator', 'Opal');
    await mk('OperatorLimited', 'Lima');
    const userContact = await mk('User', 'Uma');
    const otherContact = (await makeContact(db(), { cid: c, firstName: 'Oscar', lastName: 'Fixed' })).id;
    const staff = await makeStaff(db(), { firstName: 'Tina', lastName: 'Tech' });
    // Dates in January and February 2026, America/New_York (the demo admin's zone is irrelevant: this admin's zone is read back).
    const rows = [
      { contact: userContact, at: '2026-01-05T15:00:00Z', source: 'Email', response: 1, assigned: 'Tina Tech', comment: 'Great job' },
      { contact: userContact, at: '2026-01-20T15:00:00Z', source: 'Portal', response: -1, assigned: 'Tina Tech', comment: null },
      { contact: otherContact, at: '2026-02-01T03:00:00Z', source: 'Email', response: 1, assigned: null, comment: null },
      { contact: otherContact, at: '2026-02-10T15:00:00Z', source: 'Email', response: 5, assigned: 'Sam Smith', comment: 'legacy five' },
      { contact: otherContact, at: '2026-02-11T15:00:00Z', source: 'Portal', response: -1, assigned: 'Sam Smith', comment: null },
    ];
    for (const [i, r] of rows.entries()) {
      const ticket = await makeTicket(db(), { cid: c, ticketType: i % 2 ? 'ServiceRequest' : 'Incident', contactId: r.contact, status: 'Closed', shortDescription: `Fixed ${i}` });
      const [inv] = await db()
        .insert(surveyInvitations)
        .values({ cid: c, ticketId: ticket.id, contactId: r.contact, createdAt: new Date(r.at), expiresAt: new Date(Date.parse(r.at) + 30 * 86_400_000), answeredAt: new Date(r.at) })
        .returning();
      const [who] = await db().select().from(contacts).where(eq(contacts.id, r.contact));
      await db().insert(surveys).values({
        cid: c,
        ticketId: ticket.id,
        ticketNo: ticket.ticketNo,
        submittedByContactId: r.contact,
        submittedByName: `${who!.firstName} ${who!.lastName}`,
        dateSubmitted: new Date(r.at),
        source: r.source,
        response: r.response,
        assignedStaffId: r.assigned === 'Tina Tech' ? staff.id : null,
        assignedTo: r.assigned,
        comment: r.comment,
        invitationId: inv!.id,
      });
    }
    // Two invitations never answered (January, of the User's contact; February, of the other).
    for (const [contact, at] of [
      [userContact, '2026-01-25T15:00:00Z'],
      [otherContact, '2026-02-15T15:00:00Z'],
    ] as const) {
      const ticket = await makeTicket(db(), { cid: c, ticketType: 'Incident', contactId: contact, status: 'Closed', shortDescription: 'Unanswered' });
      await db().insert(surveyInvitations).values({ cid: c, ticketId: ticket.id, contactId: contact, createdAt: new Date(at), expiresAt: new Date(Date.parse(at) + 30 * 86_400_000) });
    }
    const [a, o, l, u] = (await Promise.all([made.user.email, `opal.${c}@fixed.example`, `lima.${c}@fixed.example`, `uma.${c}@fixed.example`].map((e) => signIn(t.app, e)))) as [Client, Client, Client, Client];
    fx = { cid: c, admin: a, operator: o, limited: l, user: u, userContact, otherContact, rows };
  });

  const list = async (c: Client, url: string) => {
    const res = await c.get(url);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<SurveyListResponse>();
  };

  it('Administrator, Operator and OperatorLimited see the customer’s surveys; a User only its own', async () => {
    for (const c of [fx.admin, fx.operator, fx.limited]) {
      const page = await list(c, '/api/v1/surveys?pageSize=50');
      expect(page.total).toBe(5);
      expect(page.rows.every((r) => r.ticketNo !== null)).toBe(true);
    }
    const own = await list(fx.user, '/api/v1/surveys?pageSize=50');
    expect(own.total).toBe(2);
    expect(new Set(own.rows.map((r) => r.submittedByContactId))).toEqual(new Set([fx.userContact]));
    // Another customer's Administrator sees none of them.
    const g = await list(globex, '/api/v1/surveys?pageSize=50');
    expect(g.rows.some((r) => r.submittedBy?.endsWith('Fixed'))).toBe(false);
  });

  it('pages, sorts and searches on the server; newest first by default', async () => {
    const first = await list(fx.admin, '/api/v1/surveys?pageSize=10');
    expect(first.rows.map((r) => r.dateSubmitted)).toEqual([...fx.rows].map((r) => new Date(r.at).toISOString()).sort().reverse());
    expect(first.rows[0]).toMatchObject({ source: 'Portal', response: -1, submittedBy: 'Oscar Fixed', assignedTo: 'Sam Smith', ticketType: 'Incident' });
    const byResponse = await list(fx.admin, '/api/v1/surveys?sort=response&direction=asc');
    expect(byResponse.rows.map((r) => r.response)).toEqual([-1, -1, 1, 1, 5]);
    const byTicket = await list(fx.admin, '/api/v1/surveys?sort=ticketNo&direction=desc');
    expect(byTicket.rows.map((r) => r.ticketNo)).toEqual(byTicket.rows.map((r) => r.ticketNo).sort().reverse());
    const searched = await list(fx.admin, '/api/v1/surveys?search=great');
    expect(searched.rows.map((r) => r.comment)).toEqual(['Great job']);
    expect((await list(fx.admin, '/api/v1/surveys?search=sam%20smith')).total).toBe(2);
    const paged = await list(fx.admin, '/api/v1/surveys?pageSize=10&page=2');
    expect(paged).toMatchObject({ rows: [], total: 5, page: 2, hasNextPage: false });
    for (const bad of ['pageSize=7', 'sort=comment', 'direction=up']) {
      const res = await fx.admin.get(`/api/v1/surveys?${bad}`);
      expect(res.statusCode, bad).toBe(400);
      expect(JSON.stringify(err(res).fieldErrors), bad).toContain(bad.split('=')[0]);
    }
  });

  it('the charts equal a computation over the fixed rows', async () => {
    const res = await fx.admin.get('/api/v1/surveys/charts');
    expect(res.statusCode, res.body).toBe(200);
    const charts = res.json<SurveyChartsResponse>();
    const zone = fx.admin.session.user.timeZone;
    const monthOf = (iso: string) => new Intl.DateTimeFormat('en-CA', { timeZone: zone, year: 'numeric', month: '2-digit' }).format(new Date(iso)).slice(0, 7);
    const tally = <K extends string>(key: (r: (typeof fx.rows)[number]) => K) => {
      const m = new Map<K, { up: number; down: number }>();
      for (const r of fx.rows) {
        const e = m.get(key(r)) ?? { up: 0, down: 0 };
        if (r.response > 0) e.up++;
        else e.down++;
        m.set(key(r), e);
      }
      return m;
    };
    const months = tally((r) => monthOf(r.at));
    expect(charts.overTime).toEqual([...months.keys()].sort().map((month) => ({ month, ...months.get(month)! })));
    const sources = tally((r) => r.source);
    expect(charts.bySource).toEqual([...sources.keys()].sort().map((source) => ({ source, ...sources.get(source)! })));
    const assignees = tally((r) => r.assigned ?? 'Unassigned');
    expect(new Map(charts.byAssignee.map((a) => [a.assignedTo, { up: a.up, down: a.down }]))).toEqual(assignees);
    expect(charts.responseRate.invited).toBe(7);
    expect(charts.responseRate.answered).toBe(5);
    expect(charts.responseRate.byMonth.reduce((s, m) => s + m.invited, 0)).toBe(7);

    const own = (await fx.user.get('/api/v1/surveys/charts')).json<SurveyChartsResponse>();
    expect(own.responseRate).toMatchObject({ invited: 3, answered: 2 });
    expect(own.bySource).toEqual([
      { source: 'Email', up: 1, down: 0 },
      { source: 'Portal', up: 0, down: 1 },
    ]);
  });

  it("/contact/surveys/{id}: that contact's surveys and charts, for its customer's Administrator only", async () => {
    const page = await list(fx.admin, `/api/v1/contacts/${fx.otherContact}/surveys`);
    expect(page.total).toBe(3);
    expect(new Set(page.rows.map((r) => r.submittedBy))).toEqual(new Set(['Oscar Fixed']));
    const charts = (await fx.admin.get(`/api/v1/contacts/${fx.otherContact}/surveys/charts`)).json<SurveyChartsResponse>();
    expect(charts.responseRate).toMatchObject({ invited: 4, answered: 3 });
    for (const url of [`/api/v1/contacts/${fx.otherContact}/surveys`, `/api/v1/contacts/${fx.otherContact}/surveys/charts`]) {
      for (const c of [fx.operator, fx.limited, fx.user]) {
        const res = await c.get(url);
        expect(res.statusCode, url).toBe(403);
        expect(err(res).message).toBe('Not Authorized');
      }
      const g = await globex.get(url);
      expect(g.statusCode).toBe(403);
      expect(err(g).message).toBe("You're not authorized to view/edit this contact");
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    }
    expect((await fx.admin.get('/api/v1/contacts/2000000000/surveys')).statusCode).toBe(404);
    expect((await fx.admin.get('/api/v1/contacts/abc/surveys')).statusCode).toBe(400);
  });

  it('refuses signed-out callers on the lists and charts', async () => {
    for (const url of ['/api/v1/surveys', '/api/v1/surveys/charts']) expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
  });
});
