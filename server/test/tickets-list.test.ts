import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import type { LatestActionsResponse, ServiceRequestListResponse, TicketLookupsResponse, TicketType } from '@sc/common';
import { ticketActions, ticketPriorities, tickets } from '../src/db/schema/index.ts';
import { makeAction, makeTicket } from '../src/db/seed/factories.ts';
import { reserveIds, ticketNumber } from '../src/db/ids.ts';
import { ticketsChanged } from '../src/db/cache/ticket-counts.ts';
import { forgetLookupNames } from '../src/modules/tickets/lookup-names.queries.ts';
import { createTestApp, customerIdsOf, listPage, listQuery, signIn, type Client, type TestApp  } from './helpers.ts';

let t: TestApp;
let user: Client;
let operator: Client;
let limited: Client;
let globexAdmin: Client;
let acmeCid: number;
let globexCid: number;

beforeAll(async () => {
  t = await createTestApp();
  [user, operator, limited, globexAdmin] = (await Promise.all(
    ['user@acme.example', 'operator@acme.example', 'limited@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)),
  )) as [Client, Client, Client, Client];
  [acmeCid, globexCid] = (await customerIdsOf(t.database.db, 'ACME', 'GLOBEX')) as [number, number];
});
afterAll(() => t.close());

/** Incident rows are service-request rows without the request-only fields. */
const list = listPage;
/** Every row of a list, walked page by page with pageSize 50. */
async function all(c: Client, path: string, q: Record<string, string | number | boolean> = {}) {
  const out: ServiceRequestListResponse['rows'] = [];
  for (let page = 1; ; page++) {
    const r = await list(c, path, { ...q, page, pageSize: 50 });
    out.push(...r.rows);
    if (!r.hasNextPage) return out;
  }
}
const dbTickets = (cid: number, type: TicketType) =>
  t.database.db.select().from(tickets).where(and(eq(tickets.cid, cid), eq(tickets.ticketType, type)));

describe('scope', () => {
  it.each(['incidents', 'service-requests', 'incidents/export', 'tickets/lookups', 'incidents/1/latest-actions'])('signed out: /%s is 401', async (path) => {
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/${path}` });
    expect(res.statusCode).toBe(401);
  });

  it('a User gets only its own contact’s tickets, whatever filter, sort, page or mine it sends', async () => {
    const own = user.session.user.contactId;
    const variants: Record<string, string | number | boolean>[] = [
      {},
      { mine: false },
      { mine: true },
      { status: '<ALL>' },
      { status: 'Closed', sort: 'openDate', direction: 'asc' },
      { status: '<ALL>', sort: 'targetName', pageSize: 50, page: 2 },
      { status: '<ALL>', search: 'e' },
      { status: '<ALL>', sort: 'priority', pageSize: 25 },
    ];
    for (const path of ['incidents', 'service-requests']) {
      for (const q of variants) {
        const r = await list(user, path, q);
        for (const row of r.rows) expect(row.contactId, `${path} ${listQuery(q)}`).toBe(own);
      }
    }
    const rows = await all(user, 'incidents', { status: '<ALL>', mine: false });
    const expected = (await dbTickets(acmeCid, 'Incident')).filter((x) => x.contactId === own);
    expect(expected.length).toBeGreaterThan(5);
    expect(rows.map((r) => r.id).sort()).toEqual(expected.map((x) => x.id).sort());
  });

  it('an Operator gets its customer’s tickets and never another customer’s', async () => {
    for (const type of ['Incident', 'ServiceRequest'] as const) {
      const rows = await all(operator, type === 'Incident' ? 'incidents' : 'service-requests', { status: '<ALL>' });
      const acme = await dbTickets(acmeCid, type);
      const globexIds = new Set((await dbTickets(globexCid, type)).map((x) => x.id));
      expect(rows.map((r) => r.id).sort()).toEqual(acme.map((x) => x.id).sort());
      expect(rows.some((r) => globexIds.has(r.id))).toBe(false);
      expect(new Set(rows.map((r) => r.ticketType))).toEqual(new Set([type]));
    }
  });

  it('Globex does not find Acme’s tickets even by number', async () => {
    const [acmeTicket] = await dbTickets(acmeCid, 'Incident');
    const r = await list(globexAdmin, 'incidents', { status: '<ALL>', search: acmeTicket!.ticketNo });
    expect(r.rows).toEqual([]);
    expect(r.total).toBe(0);
  });

  it('mine=true limits an Operator to its own contact', async () => {
    const own = operator.session.user.contactId;
    const t1 = await makeTicket(t.database.db, { cid: acmeCid, ticketType: 'Incident', contactId: own, status: 'Open' });
    const r = await list(operator, 'incidents', { mine: true });
    expect(r.rows.map((x) => x.id)).toContain(t1.id);
    for (const row of r.rows) expect(row.contactId).toBe(own);
  });

  it('canEdit follows ticket-rules: OperatorLimited only on its own contact’s tickets, Operator on all', async () => {
    const own = limited.session.user.contactId;
    await makeTicket(t.database.db, { cid: acmeCid, ticketType: 'ServiceRequest', contactId: own, status: 'Open' });
    const r = await list(limited, 'service-requests', { pageSize: 50 });
    expect(r.rows.some((x) => x.canEdit)).toBe(true);
    for (const row of r.rows) expect(row.canEdit).toBe(row.contactId === own);
    expect((await list(operator, 'service-requests')).rows.every((x) => x.canEdit)).toBe(true);
  });
});

describe('totals', () => {
  it('are remembered per filter, yet follow a ticket created or closed through the API at once', async () => {
    const before = await list(operator, 'incidents', { status: 'Open' });
    const created = await operator.post('/api/v1/tickets', { ticketType: 'Incident', shortDescription: 'Count me', contactId: operator.session.user.contactId });
    expect(created.statusCode, created.body).toBe(201);
    const ticket = created.json<{ id: number; version: number }>();
    const after = await list(operator, 'incidents', { status: 'Open' });
    expect(after.total).toBe(before.total + 1);
    expect(after.rows[0]!.id).toBe(ticket.id);

    const closed = await operator.put(`/api/v1/tickets/${ticket.id}`, { version: ticket.version, status: 'Closed', shortDescription: 'Count me', contactId: operator.session.user.contactId });
    expect(closed.statusCode, closed.body).toBe(200);
    expect((await list(operator, 'incidents', { status: 'Open' })).total).toBe(before.total);
    // Another customer's totals are their own.
    const globex = await list(globexAdmin, 'incidents', { status: 'Open' });
    expect(globex.total).toBe((await dbTickets(globexCid, 'Incident')).filter((x) => x.status === 'Open').length);
  });

  it('a search whose remembered total is 0 still shows the match another server process has just added', async () => {
    const term = `stalezero${Date.now()}`;
    expect((await list(operator, 'incidents', { status: '<ALL>', search: term })).rows).toEqual([]);
    // Written straight into the database, as another process would: this process's count cache does not hear of it.
    const [id] = await reserveIds(t.database.db, 'tickets', 1);
    const now = new Date();
    await t.database.db.insert(tickets).values({
      id: id!,
      cid: acmeCid,
      ticketType: 'Incident',
      ticketNo: ticketNumber('Incident', id!),
      contactId: operator.session.user.contactId,
      status: 'Open',
      shortDescription: `Printer ${term}`,
      openDate: now,
      createdAt: now,
      updatedAt: now,
    });
    const again = await list(operator, 'incidents', { status: '<ALL>', search: term });
    expect(again.rows.map((r) => r.id)).toEqual([id]);
    // Leave the other tests their totals.
    await t.database.db.delete(tickets).where(eq(tickets.id, id!));
    ticketsChanged(acmeCid);
  });
});

describe('paging, sorting, filtering', () => {
  it('defaults: Open, id descending, page 1 of 10, with the total', async () => {
    const r = await list(operator, 'incidents');
    expect(r.page).toBe(1);
    expect(r.pageSize).toBe(10);
    expect(r.rows).toHaveLength(10);
    expect(r.rows.every((x) => x.status === 'Open')).toBe(true);
    const ids = r.rows.map((x) => x.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const open = (await dbTickets(acmeCid, 'Incident')).filter((x) => x.status === 'Open');
    expect(r.total).toBe(open.length);
    expect(r.totalIsEstimate).toBe(false);
  });

  it.each(['Open', 'Closed', 'Escalation', 'On Hold'] as const)('status %s', async (status) => {
    const rows = await all(operator, 'incidents', { status });
    const expected = (await dbTickets(acmeCid, 'Incident')).filter((x) => x.status === status);
    expect(rows.map((x) => x.id).sort()).toEqual(expected.map((x) => x.id).sort());
  });

  it('pages do not overlap and add up to the whole list; the cursor gives the same pages as OFFSET', async () => {
    const whole = await all(operator, 'service-requests', { status: '<ALL>' });
    const byOffset: number[] = [];
    const byCursor: number[] = [];
    let cursor: string | null = null;
    for (let page = 1; ; page++) {
      const a = await list(operator, 'service-requests', { status: '<ALL>', page, pageSize: 15 });
      const b = await list(operator, 'service-requests', { status: '<ALL>', page, pageSize: 15, ...(cursor ? { cursor } : {}) });
      byOffset.push(...a.rows.map((x) => x.id));
      byCursor.push(...b.rows.map((x) => x.id));
      expect(b.total).toBe(whole.length);
      cursor = b.nextCursor;
      if (!a.hasNextPage) break;
    }
    expect(byOffset).toEqual(whole.map((x) => x.id));
    expect(byCursor).toEqual(byOffset);
    expect(new Set(byOffset).size).toBe(byOffset.length);
  });

  it('keyset on a non-id sort (openDate asc) matches OFFSET paging', async () => {
    const q = { status: '<ALL>', sort: 'openDate', direction: 'asc', pageSize: 25 } as const;
    const first = await list(operator, 'incidents', { ...q, page: 1 });
    const second = await list(operator, 'incidents', { ...q, page: 2, cursor: first.nextCursor! });
    const offset = await list(operator, 'incidents', { ...q, page: 2 });
    expect(second.rows.map((x) => x.id)).toEqual(offset.rows.map((x) => x.id));
  });

  it('a cursor made for another sort is a 400 naming cursor', async () => {
    const first = await list(operator, 'incidents', { status: '<ALL>' });
    const res = await operator.get(`/api/v1/incidents?${listQuery({ status: '<ALL>', sort: 'openDate', cursor: first.nextCursor! })}`);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<{ fieldErrors: Record<string, string> }>().fieldErrors)).toEqual(['cursor']);
  });

  it('sorts by every column in both directions', async () => {
    const [levels] = await Promise.all([t.database.db.select().from(ticketPriorities)]);
    const level = new Map(levels.map((p) => [p.id, p.level]));
    const keyOf: Record<string, (r: ServiceRequestListResponse['rows'][number]) => string | number | null> = {
      id: (r) => r.id,
      ticketNo: (r) => r.ticketNo,
      status: (r) => r.status,
      assignedToName: (r) => r.assignedToName,
      shortDescription: (r) => r.shortDescription,
      priority: (r) => (r.priorityId === null ? null : level.get(r.priorityId)!),
      severity: (r) => r.severityShort,
      openDate: (r) => r.openDate,
      class: (r) => r.className,
      subclass: (r) => r.subclassName,
      targetName: (r) => r.targetName,
      requestedStartDate: (r) => r.requestedStartDate,
      requestedEndDate: (r) => r.requestedEndDate,
    };
    for (const [sort, key] of Object.entries(keyOf)) {
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await all(operator, 'service-requests', { status: '<ALL>', sort, direction });
        // PostgreSQL order: nulls last ascending, first descending; ties by id in the same direction.
        const cmp = (a: (typeof rows)[number], b: (typeof rows)[number]) => {
          const ka = key(a);
          const kb = key(b);
          let c =
            ka === null || kb === null
              ? ka === kb
                ? 0
                : ka === null
                  ? 1
                  : -1
              : typeof ka === 'number' && typeof kb === 'number' ? ka - kb : Buffer.compare(Buffer.from(String(ka)), Buffer.from(String(kb)));
          if (c === 0) c = a.id - b.id;
          return direction === 'asc' ? c : -c;
        };
        const keys = rows.map(key);
        const expected = [...rows].sort(cmp).map(key);
        expect(keys, `${sort} ${direction}`).toEqual(expected);
      }
    }
  });

  it('sorts by priority level also when the levels do not follow the priority ids', async () => {
    // The list sorts by priority_id when ids follow levels (the seeded case); reversed levels must
    // switch it back to the joined level.
    const db = t.database.db;
    const original = await db.select().from(ticketPriorities);
    const byLevel = (rows: ServiceRequestListResponse['rows'], levels: Map<number, number>, direction: 'asc' | 'desc') => {
      const key = (r: (typeof rows)[number]) => (r.priorityId === null ? Number.POSITIVE_INFINITY : levels.get(r.priorityId)!);
      const sorted = [...rows].sort((a, b) => (key(a) - key(b) || a.id - b.id) * (direction === 'asc' ? 1 : -1));
      return sorted.map((r) => r.id);
    };
    const maxLevel = Math.max(...original.map((p) => p.level));
    try {
      for (const p of original) await db.update(ticketPriorities).set({ level: maxLevel + 1 - p.level }).where(eq(ticketPriorities.id, p.id));
      forgetLookupNames(db);
      const reversed = new Map(original.map((p) => [p.id, maxLevel + 1 - p.level]));
      for (const direction of ['asc', 'desc'] as const) {
        const rows = await all(operator, 'service-requests', { status: '<ALL>', sort: 'priority', direction });
        expect(rows.map((r) => r.id), direction).toEqual(byLevel(rows, reversed, direction));
      }
    } finally {
      for (const p of original) await db.update(ticketPriorities).set({ level: p.level }).where(eq(ticketPriorities.id, p.id));
      forgetLookupNames(db);
    }
  });

  it('criteria filters narrow the list', async () => {
    const acme = (await dbTickets(acmeCid, 'ServiceRequest')).filter((x) => x.status !== undefined);
    const sample = acme.find((x) => x.priorityId && x.classId && x.siteId)!;
    const checks: [Record<string, string | number | boolean>, (x: (typeof acme)[number]) => boolean][] = [
      [{ priorityId: sample.priorityId! }, (x) => x.priorityId === sample.priorityId],
      [{ classId: sample.classId! }, (x) => x.classId === sample.classId],
      [{ subclassId: sample.subclassId! }, (x) => x.subclassId === sample.subclassId],
      [{ siteId: sample.siteId! }, (x) => x.siteId === sample.siteId],
      [{ departmentId: sample.departmentId! }, (x) => x.departmentId === sample.departmentId],
      [{ isVip: true }, (x) => x.isVip],
      [{ isShared: 'false' }, (x) => !x.isShared],
      [{ isRequestScheduled: true }, (x) => x.isRequestScheduled],
      [{ assignedTo: acme.find((x) => x.assignedStaffId)!.assignedStaffId! }, (x) => x.assignedStaffId === acme.find((y) => y.assignedStaffId)!.assignedStaffId],
      [{ openDateFrom: '2026-09-01T00:00:00Z', openDateTo: '2026-10-01T00:00:00Z' }, (x) => x.openDate >= new Date('2026-09-01T00:00:00Z') && x.openDate <= new Date('2026-10-01T00:00:00Z')],
    ];
    for (const [q, pred] of checks) {
      const rows = await all(operator, 'service-requests', { status: '<ALL>', ...q });
      expect(rows.map((x) => x.id).sort(), listQuery(q)).toEqual(acme.filter(pred).map((x) => x.id).sort());
    }
  });

  it('a bare date range covers whole days in the caller’s time zone', async () => {
    const db = t.database.db;
    // Operator's zone is America/New_York unless the seed says otherwise: 2030-01-15 23:30 there is 04:30Z on the 16th.
    const tz = operator.session.user.timeZone;
    const inDay = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: operator.session.user.contactId, openDate: zoned('2030-01-15T23:30:00', tz) });
    const nextDay = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: operator.session.user.contactId, openDate: zoned('2030-01-16T00:30:00', tz) });
    const r = await list(operator, 'incidents', { status: '<ALL>', openDateFrom: '2030-01-15', openDateTo: '2030-01-15' });
    expect(r.rows.map((x) => x.id)).toEqual([inDay.id]);
    const r2 = await list(operator, 'incidents', { status: '<ALL>', openDateFrom: '2030-01-16' });
    expect(r2.rows.map((x) => x.id)).toEqual([nextDay.id]);
  });

  it.each([
    ['pageSize', { pageSize: 20 }],
    ['pageSize', { pageSize: 'ten' }],
    ['page', { page: 0 }],
    ['sort', { sort: 'password' }],
    ['status', { status: 'Deleted' }],
    ['openDateFrom', { openDateFrom: 'yesterday' }],
    ['isVip', { isVip: 'maybe' }],
  ])('bad input is a 400 naming %s', async (field, q) => {
    const res = await operator.get(`/api/v1/incidents?${listQuery(q)}`);
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(Object.keys(body.fieldErrors)).toContain(field);
    expect(body.message.startsWith(field)).toBe(true);
  });
});

describe('GET /tickets/lookups', () => {
  it('gives the provider boards and the caller’s own departments and sites, not another customer’s', async () => {
    const a = (await operator.get('/api/v1/tickets/lookups')).json<TicketLookupsResponse>();
    const g = (await globexAdmin.get('/api/v1/tickets/lookups')).json<TicketLookupsResponse>();
    const clientIds = (l: TicketLookupsResponse) => new Set(l.departments.filter((d) => d.type === 'Client').map((d) => d.id));
    expect(clientIds(a).size).toBeGreaterThan(0);
    expect([...clientIds(a)].some((id) => clientIds(g).has(id))).toBe(false);
    const boards = a.departments.filter((d) => d.type !== 'Client');
    expect(boards.length).toBeGreaterThan(0);
    expect(boards.every((d) => d.boardId !== null && d.key === `${d.id} ${d.boardId} ${d.type}`)).toBe(true);
    expect(a.sites.map((s) => s.id).some((id) => g.sites.some((s) => s.id === id))).toBe(false);
    expect(a.priorities.map((p) => p.level)).toEqual([...a.priorities.map((p) => p.level)].sort((x, y) => x - y));
    expect(a.subclasses.every((s) => a.classes.some((c) => c.id === s.classId))).toBe(true);
    expect(a.assignees.length).toBeGreaterThan(0);
    expect((await user.get('/api/v1/tickets/lookups')).json<TicketLookupsResponse>().assignees).toEqual([]);
  });
});

describe('GET /incidents/:id/latest-actions', () => {
  it('gives the five latest actions as plain text, internal ones hidden from a User', async () => {
    const db = t.database.db;
    const ticket = await makeTicket(db, { cid: acmeCid, ticketType: 'Incident', contactId: user.session.user.contactId });
    for (let i = 1; i <= 7; i++) {
      await makeAction(db, {
        cid: acmeCid,
        ticketId: ticket.id,
        actionDesc: `<p>Step ${i} &amp; <b>more</b></p><script>alert(1)</script><ul><li>a</li><li>b</li></ul>`,
        isInternal: i === 7,
        status: 'Open',
      });
    }
    const op = (await operator.get(`/api/v1/incidents/${ticket.id}/latest-actions`)).json<LatestActionsResponse>();
    expect(op.rows).toHaveLength(5);
    expect(op.rows[0]!.actionDesc).toBe('Step 7 & more\n- a\n- b');
    const ids = op.rows.map((r) => r.actionId);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
    const us = (await user.get(`/api/v1/incidents/${ticket.id}/latest-actions`)).json<LatestActionsResponse>();
    expect(us.rows[0]!.actionDesc.startsWith('Step 6')).toBe(true);
    const all7 = await db.select().from(ticketActions).where(eq(ticketActions.ticketId, ticket.id));
    expect(all7).toHaveLength(7);
  });

  it('refuses per ticketViewRefusal: another contact’s ticket for a User, another customer’s for anyone', async () => {
    const acme = await dbTickets(acmeCid, 'Incident');
    const others = acme.find((x) => x.contactId !== user.session.user.contactId)!;
    const res = await user.get(`/api/v1/incidents/${others.id}/latest-actions`);
    expect(res.statusCode).toBe(403);
    expect(res.json<{ message: string }>().message).toBe("You're not authorized to view or edit this ticket");
    const g = await globexAdmin.get(`/api/v1/incidents/${others.id}/latest-actions`);
    expect(g.statusCode).toBe(403);
    expect(g.json<{ message: string }>().message).toBe('Not Authorized');
    expect((await operator.get('/api/v1/incidents/999999999/latest-actions')).statusCode).toBe(404);
    expect((await operator.get('/api/v1/incidents/abc/latest-actions')).statusCode).toBe(400);
  });
});

/** The instant at which the wall clock in `tz` shows `local` (YYYY-MM-DDTHH:mm:ss). */
function zoned(local: string, tz: string): Date {
  const guess = new Date(`${local}Z`);
  const shown = new Date(guess.toLocaleString('en-US', { timeZone: tz }) + ' UTC');
  return new Date(guess.getTime() - (shown.getTime() - guess.getTime()));
}
