import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import ExcelJS from 'exceljs';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import { CSRF_HEADER, type ErrorResponse, type Page, type TicketAction, type TicketDetail, type TicketTimelineEvent } from '@sc/common';
import { emailOutbox, providerStaff, ticketActions, tickets } from '../src/db/schema/index.ts';
import { makeAction, makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

const VIEW_OR_EDIT = "You're not authorized to view or edit this ticket";
const NOT_AUTHORIZED = 'Not Authorized';

let t: TestApp;
let admin: Client, operator: Client, limited: Client, user: Client, globex: Client;
let acmeCid: number;
let userTicket: number, otherTicket: number, globexTicket: number;
let otherContactId: number;

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, limited, user, globex] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client, Client];
  const db = t.database.db;
  acmeCid = user.session.user.cid;
  const accountContacts = [admin, operator, limited, user].map((c) => c.session.user.contactId);
  const firstTicket = async (where: ReturnType<typeof and>) => (await db.select({ id: tickets.id }).from(tickets).where(where).orderBy(tickets.id).limit(1))[0]!.id;
  userTicket = await firstTicket(and(eq(tickets.contactId, user.session.user.contactId), eq(tickets.ticketType, 'Incident')));
  otherTicket = await firstTicket(and(eq(tickets.cid, acmeCid), notInArray(tickets.contactId, accountContacts), eq(tickets.ticketType, 'Incident')));
  globexTicket = await firstTicket(eq(tickets.cid, globex.session.user.cid));
  otherContactId = (await db.select({ c: tickets.contactId }).from(tickets).where(eq(tickets.id, otherTicket)))[0]!.c;
});
afterAll(() => t.close());

const err = (res: { json: <T>() => T }) => res.json<ErrorResponse>();
const actionsOf = async (c: Client, id: number, q = '') => c.get(`/api/v1/tickets/${id}/actions${q}`);

describe('GET /api/v1/tickets/:id/actions', () => {
  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: `/api/v1/tickets/${userTicket}/actions` })).statusCode).toBe(401);
  });

  it('pages newest first (ActionID descending) with the total; HTML stripped in note, sanitised in noteHtml', async () => {
    const db = t.database.db;
    const ticket = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: otherContactId });
    for (let i = 0; i < 12; i++) await makeAction(db, { cid: acmeCid, ticketId: ticket.id, actionDesc: `<p>Step <b>${i}</b> &amp; more</p>` });
    await makeAction(db, { cid: acmeCid, ticketId: ticket.id, actionDesc: '<p>x</p><img src=x onerror=alert(1)><script>alert(2)</script>' });
    const res = await actionsOf(admin, ticket.id, '?page=1&pageSize=10');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<Page<TicketAction>>();
    expect(page).toMatchObject({ total: 13, page: 1, pageSize: 10 });
    const ids = page.rows.map((r) => r.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    expect(page.rows[0]!.noteHtml).toBe('<p>x</p>');
    expect(page.rows[1]).toMatchObject({ note: 'Step 11 & more', noteHtml: '<p>Step <b>11</b> &amp; more</p>' });
    const second = (await actionsOf(admin, ticket.id, '?page=2&pageSize=10')).json<Page<TicketAction>>();
    expect(second.rows).toHaveLength(3);
  });

  it('internal notes are hidden from the User type only', async () => {
    const db = t.database.db;
    const internal = await makeAction(db, { cid: acmeCid, ticketId: userTicket, isInternal: true, actionDesc: '<p>internal</p>' });
    const seen = async (c: Client) => (await actionsOf(c, userTicket, '?pageSize=100')).json<Page<TicketAction>>().rows.some((r) => r.id === internal.id);
    expect(await seen(user)).toBe(false);
    expect(await seen(limited)).toBe(true);
    expect(await seen(operator)).toBe(true);
    expect(await seen(admin)).toBe(true);
  });

  it('User: another contact’s ticket refused; another customer: Not Authorized for everyone', async () => {
    const res = await actionsOf(user, otherTicket);
    expect(res.statusCode).toBe(403);
    expect(err(res).message).toBe(VIEW_OR_EDIT);
    for (const c of [admin, operator, limited, user]) expect(err(await actionsOf(c, globexTicket)).message).toBe(NOT_AUTHORIZED);
    expect((await actionsOf(admin, userTicket, '?pageSize=500')).statusCode).toBe(400);
  });
});

describe('POST /api/v1/tickets/:id/actions (new note)', () => {
  it('stores the note sanitised: no script, no event handlers, no javascript: links', async () => {
    const note = '<p onclick="x()">Hello <b>there</b><img src=x onerror=alert(1)><script>alert(1)</script> <a href="javascript:alert(1)">bad</a> <a href="https://ok.example/" target="_blank">ok</a></p>';
    const res = await user.post(`/api/v1/tickets/${userTicket}/actions`, { note });
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json<TicketAction>();
    expect(action.noteHtml).toBe('<p>Hello <b>there</b> <a>bad</a> <a href="https://ok.example/">ok</a></p>');
    expect(action.note).toBe('Hello there bad ok');
    expect(action).toMatchObject({ ticketId: userTicket, userName: 'user@acme.example', isInternal: false });
    const [row] = await t.database.db.select().from(ticketActions).where(eq(ticketActions.id, action.id));
    expect(row!.actionDesc).not.toMatch(/script|onerror|onclick|javascript/i);
  });

  it.each([
    ['Administrator', () => admin, () => otherTicket],
    ['Operator', () => operator, () => otherTicket],
    ['OperatorLimited (another contact’s ticket: a note is not an edit)', () => limited, () => otherTicket],
    ['User (own ticket)', () => user, () => userTicket],
  ])('%s may add a note', async (_who, c, id) => {
    const res = await c().post(`/api/v1/tickets/${id()}/actions`, { note: '<p>Any news?</p>' });
    expect(res.statusCode, res.body).toBe(201);
    const first = (await actionsOf(admin, id(), '?pageSize=1')).json<Page<TicketAction>>().rows[0]!;
    expect(first.id).toBe(res.json<TicketAction>().id);
  });

  it('refusals: User on another contact’s ticket, another customer, signed out, empty note', async () => {
    const u = await user.post(`/api/v1/tickets/${otherTicket}/actions`, { note: 'x' });
    expect(u.statusCode).toBe(403);
    expect(err(u).message).toBe(VIEW_OR_EDIT);
    const g = await globex.post(`/api/v1/tickets/${userTicket}/actions`, { note: 'x' });
    expect(err(g).message).toBe(NOT_AUTHORIZED);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/tickets/${userTicket}/actions`, payload: { note: 'x' } })).statusCode).toBe(401);
    for (const note of ['', '<script>alert(1)</script>', '<img src=x onerror=alert(1)>']) {
      const res = await admin.post(`/api/v1/tickets/${userTicket}/actions`, { note });
      expect(res.statusCode).toBe(400);
      expect(err(res).fieldErrors).toHaveProperty('note');
    }
    const tooLong = await admin.post(`/api/v1/tickets/${userTicket}/actions`, { note: 'x'.repeat(20_001) });
    expect(tooLong.statusCode).toBe(400);
  });
});

describe('GET /api/v1/tickets/:id/actions/export', () => {
  it('downloads {ticketNo}_ACTIONS_CMS_{timestamp}.xlsx, newest first, with formulas escaped', async () => {
    const db = t.database.db;
    const ticket = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: otherContactId });
    await makeAction(db, { cid: acmeCid, ticketId: ticket.id, actionDesc: '<p>first</p>' });
    await makeAction(db, { cid: acmeCid, ticketId: ticket.id, actionDesc: '=HYPERLINK("http://evil.example","x")' });
    const res = await operator.get(`/api/v1/tickets/${ticket.id}/actions/export`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-disposition']).toMatch(new RegExp(`^attachment; filename="${ticket.ticketNo}_ACTIONS_CMS_\\d{8}_\\d{6}\\.xlsx"$`));
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([undefined, 'Action ID', 'Date', 'Staff', 'Note']);
    expect(ws.getRow(2).getCell(4).value).toBe('\'=HYPERLINK("http://evil.example","x")');
    expect(ws.getRow(3).getCell(4).value).toBe('first');
    expect(ws.rowCount).toBe(3);
  });

  it('is refused as the list is', async () => {
    expect(err(await user.get(`/api/v1/tickets/${otherTicket}/actions/export`)).message).toBe(VIEW_OR_EDIT);
    expect(err(await globex.get(`/api/v1/tickets/${otherTicket}/actions/export`)).message).toBe(NOT_AUTHORIZED);
  });
});

describe('POST /api/v1/tickets/:id/status-update-request', () => {
  const lastMail = async () => (await t.database.db.select().from(emailOutbox).orderBy(desc(emailOutbox.id)).limit(1))[0]!;

  it('records a note and queues an e-mail to the assigned technician', async () => {
    const db = t.database.db;
    const [staff] = await db.select().from(providerStaff).orderBy(providerStaff.id).limit(1);
    await db.update(tickets).set({ assignedStaffId: staff!.id }).where(eq(tickets.id, userTicket));
    const res = await user.post(`/api/v1/tickets/${userTicket}/status-update-request`);
    expect(res.statusCode, res.body).toBe(201);
    const action = res.json<TicketAction>();
    const name = `${user.session.user.firstName} ${user.session.user.lastName}`;
    expect(action.note).toBe(`Status update requested by ${name}`);
    const ticket = (await admin.get(`/api/v1/tickets/${userTicket}`)).json<TicketDetail>();
    const mail = await lastMail();
    expect(mail).toMatchObject({ toAddress: staff!.email, subject: `${ticket.ticketNo}: status update requested`, status: 'pending', cid: acmeCid });
    expect(mail.textBody).toContain(`/app/spa/incident/view/${userTicket}`);
    expect(mail.textBody).toContain(name);
  });

  it('an unassigned ticket mails the support address of MAIL_FROM', async () => {
    const db = t.database.db;
    await db.update(tickets).set({ assignedStaffId: null }).where(eq(tickets.id, otherTicket));
    const res = await limited.post(`/api/v1/tickets/${otherTicket}/status-update-request`);
    expect(res.statusCode, res.body).toBe(201);
    expect((await lastMail()).toAddress).toBe('support@example.com');
  });

  it.each([
    ['Administrator', () => admin],
    ['Operator', () => operator],
  ])('%s may request it on another contact’s ticket', async (_type, c) => {
    expect((await c().post(`/api/v1/tickets/${otherTicket}/status-update-request`)).statusCode).toBe(201);
  });

  it('refusals: User on another contact’s ticket, another customer, signed out, no CSRF header; nothing queued', async () => {
    const before = (await lastMail()).id;
    const u = await user.post(`/api/v1/tickets/${otherTicket}/status-update-request`);
    expect(u.statusCode).toBe(403);
    expect(err(u).message).toBe(VIEW_OR_EDIT);
    const g = await globex.post(`/api/v1/tickets/${userTicket}/status-update-request`);
    expect(err(g).message).toBe(NOT_AUTHORIZED);
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/tickets/${userTicket}/status-update-request` })).statusCode).toBe(401);
    const noCsrf = await t.app.inject({ method: 'POST', url: `/api/v1/tickets/${userTicket}/status-update-request`, headers: { cookie: user.cookie } });
    expect(noCsrf.statusCode).toBe(403);
    expect((await lastMail()).id).toBe(before);
  });

  it('compatibility web APIs request-status-update-inc/-req take the id bare or as { id }', async () => {
    const url = (s: string) => `/app/kapps/customer-portal/webApis/request-status-update-${s}`;
    const inject = (s: string, payload: string) =>
      t.app.inject({ method: 'POST', url: url(s), headers: { cookie: user.cookie, [CSRF_HEADER]: user.csrfToken, 'content-type': 'application/json' }, payload });
    expect((await inject('inc', String(userTicket))).statusCode).toBe(200);
    expect((await inject('inc', JSON.stringify({ id: userTicket }))).statusCode).toBe(200);
    const wrongType = await inject('req', String(userTicket));
    expect(wrongType.statusCode).toBe(400);
    expect(err(wrongType).fieldErrors).toHaveProperty('id');
    const other = await inject('inc', String(otherTicket));
    expect(other.statusCode).toBe(403);
    expect(err(other).message).toBe(VIEW_OR_EDIT);
    expect((await t.app.inject({ method: 'POST', url: url('inc'), payload: String(userTicket), headers: { 'content-type': 'application/json' } })).statusCode).toBe(401);
  });
});

describe('GET /api/v1/tickets/:id/timeline', () => {
  it('lists created, status changes, edits and notes in time order', async () => {
    const created = (await operator.post('/api/v1/tickets', { ticketType: 'Incident', shortDescription: 'Timeline', contactId: otherContactId })).json<TicketDetail>();
    await operator.post(`/api/v1/tickets/${created.id}/actions`, { note: '<p>Looking into it</p>' });
    const closed = await operator.put(`/api/v1/tickets/${created.id}`, { shortDescription: 'Timeline!', status: 'Closed', version: created.version });
    expect(closed.statusCode, closed.body).toBe(200);
    const res = await operator.get(`/api/v1/tickets/${created.id}/timeline`);
    expect(res.statusCode, res.body).toBe(200);
    const events = res.json<{ events: TicketTimelineEvent[] }>().events;
    expect(events.map((e) => e.kind)).toEqual(['created', 'note', 'status', 'updated']);
    expect(events[1]!.detail).toBe('Looking into it');
    expect(events[2]!.title).toBe('Status changed from Open to Closed');
    expect(events[3]!.title).toBe('Updated: short description');
    const times = events.map((e) => Date.parse(e.at));
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it('is refused as viewing is', async () => {
    expect(err(await user.get(`/api/v1/tickets/${otherTicket}/timeline`)).message).toBe(VIEW_OR_EDIT);
    expect(err(await globex.get(`/api/v1/tickets/${otherTicket}/timeline`)).message).toBe(NOT_AUTHORIZED);
    expect((await user.get(`/api/v1/tickets/${userTicket}/timeline`)).statusCode).toBe(200);
  });
});
