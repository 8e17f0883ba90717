import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq, notInArray } from 'drizzle-orm';
import type { ErrorResponse, NewTicketDraft, TicketDetail } from '@sc/common';
import { auditLog, contacts, customers, devices, providerStaff, sites, ticketClasses, ticketSubclasses, tickets } from '../src/db/schema/index.ts';
import { makeContact, makeDevice, makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

const VIEW_OR_EDIT = "You're not authorized to view or edit this ticket";
const EDIT = "You're not authorized to edit this ticket";
const NOT_AUTHORIZED = 'Not Authorized';
const CONFLICT = 'This ticket was changed by someone else. Reload it to see the changes.';

let t: TestApp;
let admin: Client, operator: Client, limited: Client, user: Client, globex: Client;
let acmeCid: number;
/** An ACME incident of user@acme.example's contact, one of a contact without an account, one of limited@acme.example, and a Globex one. */
let userTicket: number, otherTicket: number, limitedTicket: number, globexTicket: number;
let otherContactId: number;
let staffId: number;

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
  limitedTicket = (await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: limited.session.user.contactId })).id;
  otherContactId = (await db.select({ c: tickets.contactId }).from(tickets).where(eq(tickets.id, otherTicket)))[0]!.c;
  staffId = (await db.select({ id: providerStaff.id }).from(providerStaff).orderBy(providerStaff.id).limit(1))[0]!.id;
});
afterAll(() => t.close());

const get = async (c: Client, id: number) => c.get(`/api/v1/tickets/${id}`);
const read = async (c: Client, id: number) => {
  const res = await get(c, id);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<TicketDetail>();
};
const err = (res: { json: <T>() => T }) => res.json<ErrorResponse>();
const put = async (c: Client, id: number, changes: Record<string, unknown>) => {
  const current = await read(admin, id);
  return c.put(`/api/v1/tickets/${id}`, { shortDescription: current.shortDescription, version: current.version, ...changes });
};
async function classAndForeignSubclass() {
  const db = t.database.db;
  const [cls] = await db.select().from(ticketClasses).orderBy(ticketClasses.id).limit(1);
  const [sub] = await db.select().from(ticketSubclasses).where(notInArray(ticketSubclasses.classId, [cls!.id])).limit(1);
  const [own] = await db.select().from(ticketSubclasses).where(eq(ticketSubclasses.classId, cls!.id)).limit(1);
  return { classId: cls!.id, foreignSubclassId: sub!.id, ownSubclassId: own!.id };
}

describe('GET /api/v1/tickets/:id (requirements §3.3 per user type)', () => {
  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/tickets/${userTicket}` });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['Administrator', () => admin],
    ['Operator', () => operator],
  ])('%s reads another contact’s ticket and may edit it', async (_type, c) => {
    const ticket = await read(c(), otherTicket);
    expect(ticket).toMatchObject({ id: otherTicket, canEdit: true, editRefusal: null, ticketType: 'Incident' });
    expect(ticket.ticketNo).toBe(`INC-${String(otherTicket).padStart(6, '0')}`);
    expect(ticket.contactName.length).toBeGreaterThan(0);
  });

  it('OperatorLimited reads another contact’s ticket but may not edit it, and may edit its own', async () => {
    expect(await read(limited, otherTicket)).toMatchObject({ canEdit: false, editRefusal: EDIT });
    expect(await read(limited, limitedTicket)).toMatchObject({ canEdit: true, editRefusal: null });
  });

  it('User reads its own ticket without the assignee, and is refused another contact’s', async () => {
    const db = t.database.db;
    await db.update(tickets).set({ assignedStaffId: staffId, assignedToName: 'Someone' }).where(eq(tickets.id, userTicket));
    const own = await read(user, userTicket);
    expect(own).toMatchObject({ canEdit: true, assignedStaffId: null, assignedToName: null });
    expect((await read(admin, userTicket)).assignedStaffId).toBe(staffId);
    const res = await get(user, otherTicket);
    expect(res.statusCode).toBe(403);
    expect(err(res)).toMatchObject({ code: 'FORBIDDEN', message: VIEW_OR_EDIT });
  });

  it('another customer’s ticket is Not Authorized for every type', async () => {
    for (const c of [admin, operator, limited, user]) {
      const res = await get(c, globexTicket);
      expect(res.statusCode).toBe(403);
      expect(err(res).message).toBe(NOT_AUTHORIZED);
    }
    expect((await get(globex, userTicket)).statusCode).toBe(403);
  });

  it('answers 404 for an unknown id and 400 naming the id for a bad one', async () => {
    expect((await get(admin, 2_000_000_000)).statusCode).toBe(404);
    const bad = await admin.get('/api/v1/tickets/abc');
    expect(bad.statusCode).toBe(400);
    expect(Object.keys(err(bad).fieldErrors ?? {})).toContain('id');
  });
});

describe('POST /api/v1/tickets (create)', () => {
  const body = (extra: Record<string, unknown> = {}) => ({ ticketType: 'Incident', shortDescription: 'Printer jammed', description: 'Tray 2', ...extra });

  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/tickets', payload: body() });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['Administrator', () => admin],
    ['Operator', () => operator],
    ['OperatorLimited', () => limited],
  ])('%s creates an incident for another contact: numbered from its id, Open, target = contact, audited', async (_type, c) => {
    const res = await c().post('/api/v1/tickets', body({ contactId: otherContactId, assignedStaffId: staffId }));
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<TicketDetail>();
    expect(ticket.ticketNo).toBe(`INC-${String(ticket.id).padStart(6, '0')}`);
    expect(ticket).toMatchObject({ status: 'Open', contactId: otherContactId, targetContactId: otherContactId, assignedStaffId: staffId, closedDate: null, version: 1 });
    expect(ticket.targetName).toBe(ticket.contactName);
    expect(Date.now() - Date.parse(ticket.openDate)).toBeLessThan(60_000);
    const audit = await t.database.db.select().from(auditLog).where(and(eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, String(ticket.id))));
    expect(audit.map((a) => a.action)).toEqual(['ticket.create']);
  });

  it('a service request with requested dates is numbered SR-', async () => {
    const res = await operator.post('/api/v1/tickets', {
      ticketType: 'ServiceRequest',
      shortDescription: 'New laptop',
      contactId: otherContactId,
      requestedStartDate: '2026-12-01T14:00:00Z',
      requestedEndDate: '2026-12-01T16:00:00Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    const sr = res.json<TicketDetail>();
    expect(sr.ticketNo).toMatch(/^SR-\d{6}$/);
    expect(sr.requestedStartDate).toBe('2026-12-01T14:00:00.000Z');
  });

  it('User creates for its own contact (the default); assignee and VIP are not taken from it', async () => {
    const res = await user.post('/api/v1/tickets', body({ assignedStaffId: staffId, isVip: true }));
    expect(res.statusCode, res.body).toBe(201);
    const ticket = res.json<TicketDetail>();
    expect(ticket.contactId).toBe(user.session.user.contactId);
    const [row] = await t.database.db.select().from(tickets).where(eq(tickets.id, ticket.id));
    expect(row!.assignedStaffId).toBeNull();
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, user.session.user.contactId));
    expect(row!.isVip).toBe(contact!.isVip);
  });

  it('User creating for another contact gets the new-incident message (requirements §3.3)', async () => {
    const res = await user.post('/api/v1/tickets', body({ contactId: otherContactId }));
    expect(res.statusCode).toBe(403);
    expect(err(res).message).toBe(VIEW_OR_EDIT);
    const shortcut = await user.post('/api/v1/tickets?type=primaryContact', body());
    expect(shortcut.statusCode).toBe(403);
    expect(err(shortcut).message).toBe(VIEW_OR_EDIT);
  });

  it('a contact of another customer is Not Authorized', async () => {
    const globexContact = globex.session.user.contactId;
    const res = await admin.post('/api/v1/tickets', body({ contactId: globexContact }));
    expect(res.statusCode).toBe(403);
    expect(err(res).message).toBe(NOT_AUTHORIZED);
  });

  it('for a device: the contact defaults to the device’s, the site to the device’s', async () => {
    const db = t.database.db;
    const [site] = await db.select().from(sites).where(eq(sites.cid, acmeCid)).orderBy(desc(sites.id)).limit(1);
    const device = await makeDevice(db, { cid: acmeCid, contactId: otherContactId, siteId: site!.id });
    const res = await operator.post('/api/v1/tickets?type=device', body({ deviceId: device.id }));
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TicketDetail>()).toMatchObject({ contactId: otherContactId, deviceId: device.id, deviceName: device.deviceName, siteId: site!.id, siteName: site!.name });
    const missing = await operator.post('/api/v1/tickets?type=device', body());
    expect(missing.statusCode).toBe(400);
    expect(err(missing).fieldErrors).toHaveProperty('deviceId');
    // A User may not create for another contact's device.
    expect((await user.post('/api/v1/tickets?type=device', body({ deviceId: device.id }))).statusCode).toBe(403);
    const [globexDevice] = await db.select().from(devices).where(eq(devices.cid, globex.session.user.cid)).limit(1);
    const foreign = await operator.post('/api/v1/tickets?type=device', body({ deviceId: globexDevice!.id }));
    expect(foreign.statusCode).toBe(403);
    expect(err(foreign).message).toBe(NOT_AUTHORIZED);
  });

  it('the primary-contact shortcut creates for the organisation’s primary contact', async () => {
    const res = await operator.post('/api/v1/tickets?type=primaryContact', body());
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<TicketDetail>().contactId).toBe(operator.session.user.primaryContactId);
  });

  it('400 naming the field: empty short description, subclass not in class, end before start, unknown priority', async () => {
    const { classId, foreignSubclassId, ownSubclassId } = await classAndForeignSubclass();
    const cases: [Record<string, unknown>, string][] = [
      [{ shortDescription: '   ' }, 'shortDescription'],
      [{ shortDescription: 'x'.repeat(301) }, 'shortDescription'],
      [{ classId, subclassId: foreignSubclassId }, 'subclassId'],
      [{ ticketType: 'ServiceRequest', requestedStartDate: '2026-12-02T10:00:00Z', requestedEndDate: '2026-12-01T10:00:00Z' }, 'requestedEndDate'],
      [{ requestedStartDate: '2026-12-02T10:00:00Z' }, 'requestedStartDate'],
      [{ priorityId: 999_999 }, 'priorityId'],
      [{ ticketType: 'Problem' }, 'ticketType'],
    ];
    for (const [extra, field] of cases) {
      const res = await admin.post('/api/v1/tickets', body(extra));
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(err(res).fieldErrors ?? {}), res.body).toContain(field);
      expect(err(res).message.startsWith(field)).toBe(true);
    }
    const ok = await admin.post('/api/v1/tickets', body({ subclassId: ownSubclassId }));
    expect(ok.json<TicketDetail>().classId).toBe(classId);
  });
});

describe('GET /api/v1/tickets/new (the add routes’ prefilled form)', () => {
  it('User: own contact yes, another contact with the spec’s message', async () => {
    const own = await user.get(`/api/v1/tickets/new?type=contact&id=${user.session.user.contactId}`);
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json<NewTicketDraft>().contactId).toBe(user.session.user.contactId);
    const other = await user.get(`/api/v1/tickets/new?type=contact&id=${otherContactId}`);
    expect(other.statusCode).toBe(403);
    expect(err(other).message).toBe(VIEW_OR_EDIT);
  });

  it('a device by its Kaseya id; another customer’s contact is Not Authorized', async () => {
    const device = await makeDevice(t.database.db, { cid: acmeCid, rmm: 'kaseya', contactId: otherContactId });
    const res = await operator.get(`/api/v1/tickets/new?type=device&devicetype=kaseya&id=${encodeURIComponent(device.kaseyaMachineGroupId!)}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<NewTicketDraft>()).toMatchObject({ deviceId: device.id, contactId: otherContactId });
    const foreign = await admin.get(`/api/v1/tickets/new?type=contact&id=${globex.session.user.contactId}`);
    expect(foreign.statusCode).toBe(403);
    expect(err(foreign).message).toBe(NOT_AUTHORIZED);
  });
});

describe('PUT /api/v1/tickets/:id (update)', () => {
  it('answers 401 signed out', async () => {
    const res = await t.app.inject({ method: 'PUT', url: `/api/v1/tickets/${otherTicket}`, payload: { shortDescription: 'x', version: 1 } });
    expect(res.statusCode).toBe(401);
  });

  it.each([
    ['Administrator', () => admin],
    ['Operator', () => operator],
  ])('%s updates another contact’s ticket: version bumped, audit row with the changes', async (type, c) => {
    const before = await read(admin, otherTicket);
    const res = await put(c(), otherTicket, { shortDescription: `Edited by ${type}`, assignedStaffId: staffId });
    expect(res.statusCode, res.body).toBe(200);
    const after = res.json<TicketDetail>();
    expect(after).toMatchObject({ shortDescription: `Edited by ${type}`, version: before.version + 1, assignedStaffId: staffId });
    const [audit] = await t.database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'ticket.update'), eq(auditLog.entityId, String(otherTicket))))
      .orderBy(desc(auditLog.id))
      .limit(1);
    expect(audit!.details).toMatchObject({ changes: { shortDescription: { from: before.shortDescription, to: `Edited by ${type}` } } });
  });

  it('OperatorLimited: another contact’s ticket refused with the edit message, its own accepted', async () => {
    const res = await put(limited, otherTicket, { shortDescription: 'nope' });
    expect(res.statusCode).toBe(403);
    expect(err(res).message).toBe(EDIT);
    expect((await put(limited, limitedTicket, { shortDescription: 'mine' })).statusCode).toBe(200);
  });

  it('User: own ticket accepted without changing assignee or VIP; another contact’s refused', async () => {
    const before = await read(admin, userTicket);
    const res = await put(user, userTicket, { shortDescription: 'Still broken', assignedStaffId: null, isVip: !before.isVip });
    expect(res.statusCode, res.body).toBe(200);
    const after = await read(admin, userTicket);
    expect(after).toMatchObject({ shortDescription: 'Still broken', assignedStaffId: before.assignedStaffId, isVip: before.isVip });
    const other = await put(user, otherTicket, { shortDescription: 'x' });
    expect(other.statusCode).toBe(403);
    expect(err(other).message).toBe(VIEW_OR_EDIT);
  });

  it('another customer’s ticket is Not Authorized', async () => {
    const res = await globex.put(`/api/v1/tickets/${otherTicket}`, { shortDescription: 'x', version: 1 });
    expect(res.statusCode).toBe(403);
    expect(err(res).message).toBe(NOT_AUTHORIZED);
  });

  it('a stale version answers 409 and changes nothing', async () => {
    const current = await read(admin, otherTicket);
    const first = await operator.put(`/api/v1/tickets/${otherTicket}`, { shortDescription: 'First', version: current.version });
    expect(first.statusCode).toBe(200);
    const second = await admin.put(`/api/v1/tickets/${otherTicket}`, { shortDescription: 'Second', version: current.version });
    expect(second.statusCode).toBe(409);
    expect(err(second)).toEqual({ code: 'CONFLICT', message: CONFLICT });
    expect((await read(admin, otherTicket)).shortDescription).toBe('First');
  });

  it('two concurrent writes with the same version: exactly one wins', async () => {
    const current = await read(admin, otherTicket);
    const results = await Promise.all(
      ['A', 'B'].map((s) => admin.put(`/api/v1/tickets/${otherTicket}`, { shortDescription: s, version: current.version })),
    );
    expect(results.map((r) => r.statusCode).sort()).toEqual([200, 409]);
  });

  it('closing sets the closed date, reopening clears it', async () => {
    const closed = (await put(operator, otherTicket, { status: 'Closed' })).json<TicketDetail>();
    expect(closed.status).toBe('Closed');
    expect(closed.closedDate).not.toBeNull();
    const reopened = (await put(operator, otherTicket, { status: 'Open' })).json<TicketDetail>();
    expect(reopened).toMatchObject({ status: 'Open', closedDate: null });
  });

  it('400 naming the field: empty short description, missing version, subclass not in class, end before start', async () => {
    const { classId, foreignSubclassId } = await classAndForeignSubclass();
    const sr = await makeTicket(t.database.db, { cid: acmeCid, ticketType: 'ServiceRequest', contactId: otherContactId, requestedStartDate: new Date('2026-12-05T10:00:00Z') });
    const cases: [number, Record<string, unknown>, string][] = [
      [otherTicket, { shortDescription: '' }, 'shortDescription'],
      [otherTicket, { version: undefined }, 'version'],
      [otherTicket, { classId, subclassId: foreignSubclassId }, 'subclassId'],
      [otherTicket, { status: 'Done' }, 'status'],
      [sr.id, { requestedEndDate: '2026-12-04T10:00:00Z' }, 'requestedEndDate'],
    ];
    for (const [id, changes, field] of cases) {
      const res = await put(admin, id, changes);
      expect(res.statusCode, `${field}: ${res.body}`).toBe(400);
      expect(Object.keys(err(res).fieldErrors ?? {}), res.body).toContain(field);
    }
  });

  it('moving the ticket to a contact of another customer is Not Authorized', async () => {
    const db = t.database.db;
    const [globexCustomer] = await db.select().from(customers).where(eq(customers.code, 'GLOBEX'));
    const globexContact = await makeContact(db, { cid: globexCustomer!.id });
    const foreign = await put(admin, otherTicket, { contactId: globexContact.id });
    expect(foreign.statusCode).toBe(403);
    expect(err(foreign).message).toBe(NOT_AUTHORIZED);
  });
});
