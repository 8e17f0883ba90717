// Issue 14, bug 4: Last Action Taken lists the five latest actions with their authors by name.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { LatestActionsResponse } from '@sc/common';
import { customers } from '../src/db/schema/index.ts';
import { makeAction, makeStaff, makeTicket } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

let t: TestApp;
let operator: Client;
let acmeCid: number;

beforeAll(async () => {
  t = await createTestApp();
  operator = await signIn(t.app, 'operator@acme.example');
  const [acme] = await t.database.db.select().from(customers).where(eq(customers.code, 'ACME'));
  acmeCid = acme!.id;
});
afterAll(() => t.close());

describe('GET /incidents/:id/latest-actions authors', () => {
  it('names the technician, else the author’s display name, never only an e-mail address', async () => {
    const db = t.database.db;
    const staff = await makeStaff(db, { firstName: 'Victor', lastName: 'Santos' });
    const ticket = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: operator.session.user.contactId });
    await makeAction(db, { cid: acmeCid, ticketId: ticket.id, userName: 'old@provider.example', displayName: 'Old note' });
    for (let i = 0; i < 3; i++) await makeAction(db, { cid: acmeCid, ticketId: ticket.id, userName: 'vsantos@provider.example', displayName: null, staffId: staff.id });
    await makeAction(db, { cid: acmeCid, ticketId: ticket.id, userName: 'thomas@acme.example', displayName: 'Thomas Becker' });
    await makeAction(db, { cid: acmeCid, ticketId: ticket.id, userName: 'daniel@acme.example', displayName: 'Daniel Okafor' });

    const res = await operator.get(`/api/v1/incidents/${ticket.id}/latest-actions`);
    expect(res.statusCode, res.body).toBe(200);
    const rows = res.json<LatestActionsResponse>().rows;
    expect(rows).toHaveLength(5);
    expect(rows.map((r) => r.staffName)).toEqual(['Daniel Okafor', 'Thomas Becker', 'Victor Santos', 'Victor Santos', 'Victor Santos']);
    expect(rows.some((r) => r.staffName.includes('@'))).toBe(false);
  });
});
