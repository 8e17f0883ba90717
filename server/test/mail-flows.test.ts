import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { ErrorResponse, OutboxListResponse, OutboxMessage, TicketDetail } from '@sc/common';
import { contacts, emailOutbox, emailPreferences, providerStaff, tickets, userPreferences, webUsers } from '../src/db/schema/index.ts';
import { makeContact, makeTicket } from '../src/db/seed/factories.ts';
import { emailPreferencesToken, emailPreferencesUrl } from '../src/mail/links.ts';
import { enqueueMail } from '../src/mail/outbox.ts';
import { startMailRelay } from '../src/mail/relay.ts';
import { addStaffNote } from '../src/modules/ticket-detail/notifications.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';
import { startMailSink, type MailSink } from './mail-sink.ts';

let t: TestApp;
let sink: MailSink;
let space: Client, admin: Client, operator: Client, user: Client, globex: Client;

beforeAll(async () => {
  sink = await startMailSink();
  t = await createTestApp();
  [space, admin, operator, user, globex] = (await Promise.all(
    ['staff@provider.example', 'admin@acme.example', 'operator@acme.example', 'user@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client, Client];
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

/** Delivers everything due over SMTP to the sink, as the relay of a server process would. */
async function deliver() {
  const relay = startMailRelay(t.database.db, { ...t.config, smtpUrl: sink.url }, { autoStart: false });
  await relay.drain();
  await relay.stop();
}
const err = (res: { json: <T>() => T }) => res.json<ErrorResponse>();
const rowsTo = (to: string) => t.database.db.select().from(emailOutbox).where(eq(emailOutbox.toAddress, to));

describe("'Outgoing mail' API", () => {
  let failedId: number;
  beforeAll(async () => {
    const q = await enqueueMail(t.database.db, t.config, {
      cid: null,
      to: 'outbox.api@acme.example',
      template: 'passwordReset',
      data: { firstName: 'Ada', resetUrl: 'http://portal.test/app/spa/reset/secret-token', validMinutes: 60 },
    });
    failedId = q.id;
    await t.database.db.update(emailOutbox).set({ status: 'failed', attempts: 10, lastError: '550 No such user' }).where(eq(emailOutbox.id, q.id));
  });

  it('refuses signed-out callers (401) and everyone but the space admin (403), even Administrators', async () => {
    for (const url of ['/api/v1/mail/outbox', `/api/v1/mail/outbox/${failedId}`]) {
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
      for (const c of [admin, operator, user, globex]) expect((await c.get(url)).statusCode).toBe(403);
    }
    expect((await t.app.inject({ method: 'POST', url: `/api/v1/mail/outbox/${failedId}/retry` })).statusCode).toBe(401);
    for (const c of [admin, operator, user, globex]) expect((await c.post(`/api/v1/mail/outbox/${failedId}/retry`)).statusCode).toBe(403);
    expect((await rowsTo('outbox.api@acme.example'))[0]!.status).toBe('failed');
  });

  it('lists the outbox newest first, filtered by state and searched by recipient or subject', async () => {
    const res = await space.get('/api/v1/mail/outbox?status=failed&search=outbox.api');
    expect(res.statusCode, res.body).toBe(200);
    const page = res.json<OutboxListResponse>();
    expect(page.previewMode).toBe(true);
    expect(page.rows).toHaveLength(1);
    expect(page.rows[0]).toMatchObject({ id: failedId, status: 'failed', toAddress: 'outbox.api@acme.example', lastError: '550 No such user', template: 'passwordReset' });
    const all = (await space.get('/api/v1/mail/outbox?pageSize=5')).json<OutboxListResponse>();
    expect(all.rows.map((r) => r.id)).toEqual([...all.rows.map((r) => r.id)].sort((a, b) => b - a));
  });

  it('answers 400 naming the field for a bad state or id, 404 for an unknown message', async () => {
    const bad = await space.get('/api/v1/mail/outbox?status=lost');
    expect(bad.statusCode).toBe(400);
    expect(JSON.stringify(err(bad))).toContain('status');
    expect((await space.get('/api/v1/mail/outbox/abc')).statusCode).toBe(400);
    expect((await space.get('/api/v1/mail/outbox/999999999')).statusCode).toBe(404);
  });

  it('shows the rendered message in preview mode only (a real mail may carry a live token)', async () => {
    const preview = (await space.get(`/api/v1/mail/outbox/${failedId}`)).json<OutboxMessage>();
    expect(preview.textBody).toContain('http://portal.test/app/spa/reset/secret-token');
    expect(preview.htmlBody).toContain('reset/secret-token');
    t.config.smtpUrl = sink.url;
    try {
      const real = (await space.get(`/api/v1/mail/outbox/${failedId}`)).json<OutboxMessage>();
      expect(real).toMatchObject({ id: failedId, toAddress: 'outbox.api@acme.example', textBody: null, htmlBody: null });
      expect(JSON.stringify(real)).not.toContain('secret-token');
      expect((await space.get('/api/v1/mail/outbox?pageSize=1')).json<OutboxListResponse>().previewMode).toBe(false);
    } finally {
      t.config.smtpUrl = undefined;
    }
  });

  it('retries a failed message (due now, attempts from zero) and refuses to retry any other', async () => {
    const res = await space.post(`/api/v1/mail/outbox/${failedId}/retry`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<OutboxMessage>()).toMatchObject({ status: 'pending', attempts: 0 });
    const again = await space.post(`/api/v1/mail/outbox/${failedId}/retry`);
    expect(again.statusCode).toBe(409);
    expect(err(again).message).toBe('Only a failed message can be retried');
    await deliver();
    expect((await sink.waitFor('outbox.api@acme.example')).subject).toContain('Reset your');
    expect((await rowsTo('outbox.api@acme.example'))[0]!.status).toBe('sent');
  });
});

describe('one-click unsubscribe (RFC 8058)', () => {
  it('a POST with the signed token turns off every ticket e-mail of the contact; a bad token is a 400', async () => {
    const contactId = user.session.user.contactId;
    const res = await t.app.inject({
      method: 'POST',
      url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(emailPreferencesToken(t.config, contactId))}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'List-Unsubscribe=One-Click',
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ unsubscribed: true });
    const [ep] = await t.database.db.select().from(emailPreferences).where(eq(emailPreferences.contactId, contactId));
    expect(ep!.optOutTicketUpdates).toBe(true);
    const [up] = await t.database.db.select().from(userPreferences).where(eq(userPreferences.webUserId, user.session.user.ccWebUserId));
    if (up) expect([up.emailOnTicketUpdated, up.emailOnTicketClosed, up.emailOnNewAction]).toEqual([false, false, false]);

    const forged = await t.app.inject({ method: 'POST', url: `/api/v1/mail/unsubscribe?token=${contactId}.${'A'.repeat(43)}`, payload: {} });
    expect(forged.statusCode).toBe(400);
    expect(err(forged).fieldErrors).toHaveProperty('token');
    // Restore for the notification tests below.
    await t.database.db.update(emailPreferences).set({ optOutTicketUpdates: false }).where(eq(emailPreferences.contactId, contactId));
    await t.database.db.update(userPreferences).set({ emailOnTicketUpdated: true, emailOnTicketClosed: true, emailOnNewAction: true }).where(eq(userPreferences.webUserId, user.session.user.ccWebUserId));
  });

  it('a GET (a person opening the link) changes nothing and leads to the preferences page', async () => {
    const contactId = user.session.user.contactId;
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/mail/unsubscribe?token=${encodeURIComponent(emailPreferencesToken(t.config, contactId))}` });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe(emailPreferencesUrl(t.config, contactId));
  });
});

describe('status-update request', () => {
  it("reaches the assigned technician's mailbox", async () => {
    const db = t.database.db;
    const [staff] = await db.select().from(providerStaff).orderBy(providerStaff.id).limit(1);
    const ticket = await makeTicket(db, { cid: user.session.user.cid, ticketType: 'Incident', contactId: user.session.user.contactId, assignedStaffId: staff!.id, shortDescription: 'VPN drops' });
    const res = await user.post(`/api/v1/tickets/${ticket.id}/status-update-request`);
    expect(res.statusCode, res.body).toBe(201);
    await deliver();
    const m = await sink.waitFor(staff!.email);
    expect(m.subject).toBe(`${ticket.ticketNo}: status update requested`);
    expect(m.text).toContain(`${user.session.user.firstName} ${user.session.user.lastName} (user@acme.example) of Acme Corporation asks for a status update on ${ticket.ticketNo}.`);
    expect(m.text).toContain(`http://portal.test/app/spa/incident/view/${ticket.id}`);
    expect(m.html).toContain(`http://portal.test/app/spa/incident/view/${ticket.id}`);
  });
});

describe('ticket notifications to the ticket contact', () => {
  let contactId: number;
  let email: string;
  let staffId: number;
  const setPrefs = async (p: { optOut?: boolean; onUpdated?: boolean; onClosed?: boolean; onNewAction?: boolean }) => {
    const db = t.database.db;
    const [c] = await db.select().from(contacts).where(eq(contacts.id, contactId));
    await db
      .insert(emailPreferences)
      .values({ contactId, cid: c!.cid, optOutTicketUpdates: p.optOut ?? false })
      .onConflictDoUpdate({ target: emailPreferences.contactId, set: { optOutTicketUpdates: p.optOut ?? false } });
    const [wu] = await db.select().from(webUsers).where(eq(webUsers.contactId, contactId));
    await db
      .insert(userPreferences)
      .values({ webUserId: wu!.id, cid: c!.cid, emailOnTicketUpdated: p.onUpdated ?? true, emailOnTicketClosed: p.onClosed ?? true, emailOnNewAction: p.onNewAction ?? true })
      .onConflictDoUpdate({
        target: userPreferences.webUserId,
        set: { emailOnTicketUpdated: p.onUpdated ?? true, emailOnTicketClosed: p.onClosed ?? true, emailOnNewAction: p.onNewAction ?? true },
      });
  };
  const newTicket = () => makeTicket(t.database.db, { cid: user.session.user.cid, ticketType: 'Incident', contactId, status: 'Open', shortDescription: 'Laptop will not boot' });
  const setStatus = async (c: Client, id: number, status: string) => {
    const current = (await c.get(`/api/v1/tickets/${id}`)).json<TicketDetail>();
    const res = await c.put(`/api/v1/tickets/${id}`, { shortDescription: current.shortDescription, version: current.version, status });
    expect(res.statusCode, res.body).toBe(200);
  };
  const subjectsTo = async () => (await rowsTo(email)).map((r) => r.subject);

  beforeAll(async () => {
    contactId = user.session.user.contactId;
    email = 'user@acme.example';
    const [staff] = await t.database.db.select().from(providerStaff).orderBy(providerStaff.id).limit(1);
    staffId = staff!.id;
  });

  it('a status change and a closing by someone else reach the contact, with one-click unsubscribe', async () => {
    await setPrefs({});
    const ticket = await newTicket();
    await setStatus(operator, ticket.id, 'On Hold');
    await setStatus(operator, ticket.id, 'Closed');
    await deliver();
    const got = sink.to(email).filter((m) => m.subject?.startsWith(ticket.ticketNo));
    expect(got.map((m) => m.subject).sort()).toEqual([`${ticket.ticketNo} is closed`, `${ticket.ticketNo}: status changed to On Hold`]);
    const changed = got.find((m) => m.subject?.includes('On Hold'))!;
    expect(changed.text).toContain('changed from Open to On Hold');
    expect(changed.text).toContain(emailPreferencesUrl(t.config, contactId));
    expect(changed.headerLines.find((h) => h.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
  });

  it("a note by the provider's staff reaches the contact with the note's text; an internal note does not", async () => {
    await setPrefs({});
    const ticket = await newTicket();
    await addStaffNote(t.database.db, t.config, { ticketId: ticket.id, staffId, html: '<p>Replaced the <b>SSD</b>.</p><p>Please try again.</p>' });
    await addStaffNote(t.database.db, t.config, { ticketId: ticket.id, staffId, html: '<p>internal only</p>', isInternal: true });
    await deliver();
    const got = sink.to(email).filter((m) => m.subject?.startsWith(ticket.ticketNo));
    expect(got).toHaveLength(1);
    expect(got[0]!.subject).toMatch(new RegExp(`^${ticket.ticketNo}: new note from `));
    expect(got[0]!.text).toContain('> Replaced the SSD.\n> Please try again.');
    expect(got[0]!.text).not.toContain('internal only');
  });

  it('respects the preferences: opted out of ticket updates, or one kind turned off in User Preferences', async () => {
    await setPrefs({ optOut: true });
    const a = await newTicket();
    await setStatus(operator, a.id, 'On Hold');
    await addStaffNote(t.database.db, t.config, { ticketId: a.id, staffId, html: '<p>Note while opted out</p>' });
    expect((await subjectsTo()).filter((s) => s.startsWith(a.ticketNo))).toEqual([]);

    await setPrefs({ onClosed: false, onNewAction: false });
    const b = await newTicket();
    await setStatus(operator, b.id, 'On Hold');
    await setStatus(operator, b.id, 'Closed');
    await addStaffNote(t.database.db, t.config, { ticketId: b.id, staffId, html: '<p>Note</p>' });
    expect((await subjectsTo()).filter((s) => s.startsWith(b.ticketNo))).toEqual([`${b.ticketNo}: status changed to On Hold`]);

    await setPrefs({ onUpdated: false });
    const c = await newTicket();
    await setStatus(operator, c.id, 'On Hold');
    await setStatus(operator, c.id, 'Closed');
    expect((await subjectsTo()).filter((s) => s.startsWith(c.ticketNo))).toEqual([`${c.ticketNo} is closed`]);
    await deliver();
    expect(sink.to(email).filter((m) => m.subject?.startsWith(a.ticketNo))).toHaveLength(0);
    expect(sink.to(email).filter((m) => m.subject?.startsWith(c.ticketNo)).map((m) => m.subject)).toEqual([`${c.ticketNo} is closed`]);
  });

  it('the contact is not told of its own change, and a contact without an e-mail address gets nothing', async () => {
    await setPrefs({});
    const own = await newTicket();
    await setStatus(user, own.id, 'Closed');
    expect((await subjectsTo()).filter((s) => s.startsWith(own.ticketNo))).toEqual([]);

    const silent = await makeContact(t.database.db, { cid: user.session.user.cid, email: null });
    const ticket = await makeTicket(t.database.db, { cid: user.session.user.cid, ticketType: 'Incident', contactId: silent.id, status: 'Open' });
    await setStatus(operator, ticket.id, 'Closed');
    const rows = await t.database.db.select().from(emailOutbox).where(and(eq(emailOutbox.contactId, silent.id)));
    expect(rows).toHaveLength(0);
    expect((await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id)))[0]!.status).toBe('Closed');
  });
});
