import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, inArray } from 'drizzle-orm';
import { showHomeGridEdit, type HomeResponse, type ServiceRequestListResponse, type TicketType, type UserType } from '@sc/common';
import { chatSessions, contacts, customers, providerStaff, tickets } from '../src/db/schema/index.ts';
import { makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

const CHAT_URL = 'https://chat.example.net/helpdesk';
const REMOTE_URL = 'https://remote.example.net/start';
const CHAT_END = '/app/kapps/customer-portal/webApis/chat-end-by-chatid';
const ACME = ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example'] as const;

let t: TestApp;
let chatApp: TestApp;
const clients = new Map<string, Client>();
let globexAdmin: Client;

beforeAll(async () => {
  [t, chatApp] = await Promise.all([createTestApp(), createTestApp({ chatUrl: CHAT_URL, remoteControlUrl: REMOTE_URL })]);
  for (const e of ACME) clients.set(e, await signIn(t.app, e));
  globexAdmin = await signIn(t.app, 'admin@globex.example');
});
afterAll(async () => {
  await Promise.all([t.close(), chatApp.close()]);
});

const client = (email: string): Client => clients.get(email)!;
async function home(c: Client): Promise<HomeResponse> {
  const res = await c.get('/api/v1/home');
  expect(res.statusCode, res.body).toBe(200);
  return res.json<HomeResponse>();
}
async function list(c: Client, url: string): Promise<ServiceRequestListResponse> {
  const res = await c.get(url);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ServiceRequestListResponse>();
}

describe('GET /api/v1/home', () => {
  it('is 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/home' });
    expect(res.statusCode).toBe(401);
  });

  it.each(ACME)('%s: the open counts equal the list totals of the same scope', async (email) => {
    const c = client(email);
    const h = await home(c);
    const incidents = await list(c, '/api/v1/incidents?status=Open&pageSize=10');
    const requests = await list(c, '/api/v1/service-requests?status=Open&pageSize=10');
    expect(h.openIncidents).toBe(incidents.total);
    expect(h.openServiceRequests).toBe(requests.total);
    expect(h.openIncidentsIsEstimate).toBe(false);
    expect(h.openIncidents).toBeGreaterThan(0);
    expect(h.openServiceRequests).toBeGreaterThan(0);
  });

  it('a User counts only its own contact’s open tickets; the org types count the whole customer’s', async () => {
    const u = client('user@acme.example');
    const own = u.session.user.contactId;
    const cid = u.session.user.cid;
    const openOf = async (type: TicketType, contactId?: number) =>
      (
        await t.database.db
          .select({ id: tickets.id })
          .from(tickets)
          .where(and(eq(tickets.cid, cid), eq(tickets.ticketType, type), eq(tickets.status, 'Open'), contactId === undefined ? undefined : eq(tickets.contactId, contactId)))
      ).length;
    const uh = await home(u);
    expect(uh.openIncidents).toBe(await openOf('Incident', own));
    expect(uh.openServiceRequests).toBe(await openOf('ServiceRequest', own));
    const ah = await home(client('admin@acme.example'));
    expect(ah.openIncidents).toBe(await openOf('Incident'));
    expect(ah.openServiceRequests).toBe(await openOf('ServiceRequest'));
    expect(ah.openIncidents).toBeGreaterThan(uh.openIncidents);
    // /myincidents for the User is the same list.
    expect(uh.openIncidents).toBe((await list(u, '/api/v1/incidents?status=Open&mine=true')).total);
  });

  it('counts a new open incident at once (the remembered count is invalidated)', async () => {
    const admin = client('admin@acme.example');
    const before = (await home(admin)).openIncidents;
    await makeTicket(t.database.db, { cid: admin.session.user.cid, ticketType: 'Incident', contactId: admin.session.user.contactId, status: 'Open' });
    expect((await home(admin)).openIncidents).toBe(before + 1);
  });

  it('gives the account team to the org types (their own customer’s) and null to a User', async () => {
    expect((await home(client('user@acme.example'))).accountTeam).toBeNull();
    const teamOf = async (code: string) => {
      const [c] = await t.database.db.select().from(customers).where(eq(customers.code, code));
      const staff = await t.database.db
        .select()
        .from(providerStaff)
        .where(inArray(providerStaff.id, [c!.accountManagerId!, c!.itConsultantId!, c!.techManagerId!]));
      const person = (id: number | null) => {
        const s = staff.find((x) => x.id === id)!;
        return { name: `${s.firstName} ${s.lastName}`, email: s.email, officePhone: s.officePhone, mobilePhone: s.mobilePhone };
      };
      return { accountManager: person(c!.accountManagerId), itConsultant: person(c!.itConsultantId), techManager: person(c!.techManagerId) };
    };
    const acmeTeam = await teamOf('ACME');
    for (const email of ['admin@acme.example', 'operator@acme.example', 'limited@acme.example']) {
      expect((await home(client(email))).accountTeam, email).toEqual(acmeTeam);
    }
    const globexTeam = await teamOf('GLOBEX');
    expect(globexTeam).not.toEqual(acmeTeam);
    expect((await home(globexAdmin)).accountTeam).toEqual(globexTeam);
  });

  it('leaves an unfilled account-team role null', async () => {
    const [globex] = await t.database.db.select().from(customers).where(eq(customers.code, 'GLOBEX'));
    await t.database.db.update(customers).set({ itConsultantId: null }).where(eq(customers.id, globex!.id));
    try {
      const team = (await home(globexAdmin)).accountTeam!;
      expect(team.itConsultant).toBeNull();
      expect(team.accountManager).not.toBeNull();
    } finally {
      await t.database.db.update(customers).set({ itConsultantId: globex!.itConsultantId }).where(eq(customers.id, globex!.id));
    }
  });

  it('hides chat when no chat page is configured (the default)', async () => {
    expect((await home(client('admin@acme.example'))).chat).toEqual({ chatEnabled: false, chatName: 'Chat with Us', chatUrl: null, remoteControlUrl: null });
  });

  it('gives the configured chat and remote-control pages, named Techy for a contact with contact-center chat', async () => {
    const admin = await signIn(chatApp.app, 'admin@acme.example');
    const operator = await signIn(chatApp.app, 'operator@acme.example');
    await chatApp.database.db.update(contacts).set({ contactCenterChatEnabled: false }).where(eq(contacts.id, admin.session.user.contactId));
    await chatApp.database.db.update(contacts).set({ contactCenterChatEnabled: true }).where(eq(contacts.id, operator.session.user.contactId));
    expect((await home(admin)).chat).toEqual({ chatEnabled: true, chatName: 'Chat with Us', chatUrl: CHAT_URL, remoteControlUrl: REMOTE_URL });
    expect((await home(operator)).chat).toEqual({ chatEnabled: true, chatName: 'Techy', chatUrl: CHAT_URL, remoteControlUrl: REMOTE_URL });
  });
});

describe('assigned=me (the My Assigned tabs)', () => {
  it.each(['operator@acme.example', 'limited@acme.example', 'admin@acme.example'])('%s gets only tickets assigned to its own contact, and some', async (email) => {
    const c = client(email);
    const own = c.session.user.contactId;
    for (const path of ['incidents', 'service-requests']) {
      const page = await list(c, `/api/v1/${path}?assigned=me&status=%3CALL%3E&pageSize=50`);
      expect(page.rows.length, path).toBeGreaterThan(0);
      const ids = page.rows.map((r) => r.id);
      const rows = await t.database.db.select().from(tickets).where(inArray(tickets.id, ids));
      expect(rows.every((r) => r.assignedContactId === own && r.cid === c.session.user.cid)).toBe(true);
      const all = await t.database.db
        .select({ id: tickets.id })
        .from(tickets)
        .where(and(eq(tickets.cid, c.session.user.cid), eq(tickets.assignedContactId, own), eq(tickets.ticketType, path === 'incidents' ? 'Incident' : 'ServiceRequest')));
      expect(page.total).toBe(all.length);
    }
    const open = await list(c, '/api/v1/service-requests?assigned=me&status=Open');
    expect(open.rows.length).toBeGreaterThan(0);
  });

  it('a User asking for assigned=me still gets only its own contact’s tickets (none are assigned to it)', async () => {
    const page = await list(client('user@acme.example'), '/api/v1/incidents?assigned=me&status=%3CALL%3E');
    expect(page.total).toBe(0);
  });

  it('refuses another value with a 400 naming the field', async () => {
    const res = await client('admin@acme.example').get('/api/v1/incidents?assigned=someone');
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain('assigned');
  });
});

describe('showHomeGridEdit (requirements §4.3 home grid Edit rule)', () => {
  const row = { canEdit: true, assignedStaffId: null, assignedContactId: null, reassignmentTemplateId: null };
  const types: UserType[] = ['Administrator', 'Operator', 'OperatorLimited'];
  it.each(types)('%s: shown for an unassigned row or a negative reassignment template, hidden otherwise', (userType) => {
    expect(showHomeGridEdit({ userType }, row)).toBe(true);
    expect(showHomeGridEdit({ userType }, { ...row, assignedStaffId: 7, reassignmentTemplateId: -1 })).toBe(true);
    expect(showHomeGridEdit({ userType }, { ...row, assignedStaffId: 7 })).toBe(false);
    expect(showHomeGridEdit({ userType }, { ...row, assignedContactId: 9, reassignmentTemplateId: 101 })).toBe(false);
  });
  it('never for a User, nor where the caller may not edit the ticket', () => {
    expect(showHomeGridEdit({ userType: 'User' }, row)).toBe(false);
    expect(showHomeGridEdit({ userType: 'Administrator' }, { ...row, canEdit: false })).toBe(false);
  });
});

describe('POST chat-end-by-chatid (requirements §4.5 beacon)', () => {
  const beacon = (cookie: string | undefined, body: string, headers: Record<string, string> = {}) =>
    chatApp.app.inject({
      method: 'POST',
      url: CHAT_END,
      headers: { host: 'portal.test', origin: 'http://portal.test', 'content-type': 'text/plain;charset=UTF-8', ...(cookie ? { cookie } : {}), ...headers },
      payload: body,
    });
  const good = (chatId: string) => JSON.stringify({ chatId, user: { userName: 'operator@acme.example', cid: 999_999 } });

  it('is 401 signed out', async () => {
    expect((await beacon(undefined, good('c-1'))).statusCode).toBe(401);
  });

  it('is 403 from another origin or without an Origin header, and records nothing', async () => {
    const c = await signIn(chatApp.app, 'operator@acme.example');
    expect((await beacon(c.cookie, good('foreign-1'), { origin: 'https://evil.example' })).statusCode).toBe(403);
    const noOrigin = await chatApp.app.inject({ method: 'POST', url: CHAT_END, headers: { host: 'portal.test', cookie: c.cookie, 'content-type': 'text/plain' }, payload: good('foreign-2') });
    expect(noOrigin.statusCode).toBe(403);
    const rows = await chatApp.database.db.select().from(chatSessions).where(inArray(chatSessions.chatId, ['foreign-1', 'foreign-2']));
    expect(rows).toEqual([]);
  });

  it.each([
    ['no chatId', JSON.stringify({ user: {} }), 'chatId'],
    ['a chatId over 120 characters', JSON.stringify({ chatId: 'x'.repeat(121), user: {} }), 'chatId'],
    ['a user that is not an object', JSON.stringify({ chatId: 'c-2', user: 'me' }), 'user'],
    ['no JSON at all', 'not json', 'body'],
  ])('is 400 for %s', async (_name, body, field) => {
    const c = await signIn(chatApp.app, 'operator@acme.example');
    const res = await beacon(c.cookie, body);
    expect(res.statusCode).toBe(400);
    expect(res.body).toContain(field);
  });

  it('records the chat with the session’s customer and account (not the body’s), without a CSRF header, as JSON or text', async () => {
    const c = await signIn(chatApp.app, 'operator@acme.example');
    expect((await beacon(c.cookie, good('chat-abc'))).statusCode).toBe(204);
    expect((await beacon(c.cookie, good('chat-def'), { 'content-type': 'application/json' })).statusCode).toBe(204);
    const rows = await chatApp.database.db.select().from(chatSessions).where(inArray(chatSessions.chatId, ['chat-abc', 'chat-def']));
    expect(rows).toHaveLength(2);
    for (const r of rows) {
      expect(r.cid).toBe(c.session.user.cid);
      expect(r.webUserId).toBe(c.session.user.ccWebUserId);
      expect(r.payload).toEqual({ userName: 'operator@acme.example', cid: 999_999 });
    }
  });

  it('is 403 while chat is disabled', async () => {
    const c = client('operator@acme.example');
    const res = await t.app.inject({
      method: 'POST',
      url: CHAT_END,
      headers: { host: 'portal.test', origin: 'http://portal.test', 'content-type': 'application/json', cookie: c.cookie },
      payload: good('chat-off'),
    });
    expect(res.statusCode).toBe(403);
  });
});
