import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ErrorResponse } from '@sc/common';
import { MAIL_ACTION_LIMITS } from '../src/auth/rate-limit.ts';
import { emailOutbox } from '../src/db/schema/index.ts';
import { makeContact, makeCustomer, makeTicket, makeWebUser } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// Issue 33 item 7 (requirements §19.5): the actions that send e-mail are limited per account and per
// recipient, in PostgreSQL (shared by every process), answered 429 with Retry-After.

let t: TestApp;
let admin: Client;
let user: Client;
let other: Client;
let ticketId: number;
let cid: number;
beforeAll(async () => {
  t = await createTestApp({ actionLimitScale: 1 });
  const db = t.database.db;
  const home = await makeCustomer(db);
  cid = home.id;
  const a = await makeContact(db, { cid, isPrimary: true, email: `limits.admin.${Date.now()}@limits.example` });
  await makeWebUser(db, { contactId: a.id, userType: 'Administrator' });
  const u = await makeContact(db, { cid, email: `limits.user.${Date.now()}@limits.example` });
  await makeWebUser(db, { contactId: u.id, userType: 'User' });
  const o = await makeContact(db, { cid, email: `limits.other.${Date.now()}@limits.example` });
  await makeWebUser(db, { contactId: o.id, userType: 'User' });
  ticketId = (await makeTicket(db, { cid, contactId: u.id, ticketType: 'Incident' })).id;
  [admin, user, other] = await Promise.all([signIn(t.app, a.email!), signIn(t.app, u.email!), signIn(t.app, o.email!)]);
});
afterAll(async () => {
  await t?.close();
});

const mails = async (template: string) => (await t.database.db.select().from(emailOutbox)).filter((m) => m.template === template).length;

describe('e-mail actions are limited', () => {
  it('Request Status Update: a few per account, then 429 with Retry-After; nothing more is queued', async () => {
    const before = await mails('statusUpdateRequest');
    const codes: number[] = [];
    let retryAfter: string | undefined;
    for (let i = 0; i < 8; i++) {
      const res = await user.post(`/api/v1/tickets/${ticketId}/status-update-request`);
      codes.push(res.statusCode);
      if (res.statusCode === 429) {
        retryAfter = String(res.headers['retry-after']);
        expect(res.json<ErrorResponse>().message).toMatch(/Too many requests/);
      }
    }
    const allowed = Math.min(MAIL_ACTION_LIMITS.statusUpdatePerAccount.max, MAIL_ACTION_LIMITS.statusUpdatePerTicket.max);
    expect(codes.filter((c) => c < 300)).toHaveLength(allowed);
    expect(codes.slice(allowed).every((c) => c === 429)).toBe(true);
    expect(Number(retryAfter)).toBeGreaterThan(0);
    expect((await mails('statusUpdateRequest')) - before).toBe(allowed);
  });

  it('the per-ticket limit holds against several accounts: another person of the customer cannot add more mails to that technician', async () => {
    const otherTicket = (await makeTicket(t.database.db, { cid, contactId: (await other.get('/api/v1/auth/me')).json<{ user: { contactId: number } }>().user.contactId, ticketType: 'Incident' })).id;
    const first = await admin.post(`/api/v1/tickets/${ticketId}/status-update-request`);
    expect(first.statusCode).toBe(429);
    // The Administrator's own budget is untouched on another ticket.
    expect((await admin.post(`/api/v1/tickets/${otherTicket}/status-update-request`)).statusCode).toBeLessThan(300);
  });

  it('invitations: the same outside address cannot be re-sent over and over', async () => {
    const db = t.database.db;
    const target = await makeContact(db, { cid, email: `invitee.${Date.now()}@outside.example` });
    const sent = await admin.post('/api/v1/invitations', { contacts: [{ contactId: target.id, userType: 'User' }] });
    expect(sent.statusCode, sent.body).toBe(200);
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      // The invitations list shows the open ones (status 'sent').
      const list = (await admin.get('/api/v1/invitations?pageSize=100')).json<{ rows: { id: number; email: string }[] }>();
      const open = list.rows.find((r) => r.email.toLowerCase() === target.email!.toLowerCase());
      if (!open) break;
      codes.push((await admin.post('/api/v1/invitations/resend', { invitationIds: [open.id] })).statusCode);
    }
    expect(codes.slice(0, MAIL_ACTION_LIMITS.invitationsPerAddress.max - 1).every((c) => c === 200)).toBe(true);
    expect(codes.at(-1)).toBe(429);
  });
});
