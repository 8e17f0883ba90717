import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { AUDIT_EXPORT_MAX_ROWS } from '@sc/common';
import { makeCustomerWithUser } from '../src/db/seed/factories.ts';
import type { Scope } from '../src/auth/scope.ts';
import { auditForExport } from '../src/modules/audit/service.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §19.4, decision 029: the audit log export streams past the spec's 2000 rows, read in
// keyset batches of 1000, in list order, in the reader's time zone.

let t: TestApp;
let admin: Client;
let cid: number;
const ROWS = 2600;

beforeAll(async () => {
  t = await createTestApp();
  const { customer, user } = await makeCustomerWithUser(t.database.db, 'Administrator');
  cid = customer.id;
  await t.database.db.execute(sql`update contacts set time_zone = 'Asia/Kolkata' where id = ${user.contactId}`);
  admin = await signIn(t.app, user.email);
  // Rows 1..2600 in id order. Three rows share each instant exactly, and pairs of instants differ by
  // one microsecond (the same millisecond for a JS Date): batch boundaries (after rows 1000 and 2000,
  // newest first) fall inside such groups, where a key truncated to milliseconds would skip or repeat rows.
  await t.database.db.execute(sql`
    insert into audit_log (cid, action, actor_email, entity, entity_id, details, created_at)
    select ${cid}, 'ticket.update', 'actor' || g || '@export.example', 'ticket', g::text, jsonb_build_object('n', g),
           timestamptz '2026-06-01 12:00:00+00' + (g / 6) * interval '1 second' + ((g / 3) % 2) * interval '1 microsecond'
    from generate_series(1, ${ROWS}) g`);
  // Another customer's rows never appear.
  const other = await makeCustomerWithUser(t.database.db, 'Administrator');
  await t.database.db.execute(sql`
    insert into audit_log (cid, action, actor_email, entity_id, created_at)
    select ${other.customer.id}, 'ticket.update', 'other@export.example', g::text, timestamptz '2026-06-01 12:00:00+00' + g * interval '1 second'
    from generate_series(1, 50) g`);
});
afterAll(() => t.close());

async function readBack(body: Buffer) {
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(body as unknown as ArrayBuffer);
  const rows: ExcelJS.CellValue[][] = [];
  wb.worksheets[0]!.eachRow((r) => rows.push((r.values as ExcelJS.CellValue[]).slice(1)));
  return { header: rows[0]!, data: rows.slice(1) };
}

const descending = (from: number, to: number) => Array.from({ length: from - to + 1 }, (_, i) => String(from - i));

describe('GET /audit-log/export past 2000 rows', () => {
  it('the cap is 50,000 rows, named in common', () => {
    expect(AUDIT_EXPORT_MAX_ROWS).toBe(50_000);
  });

  it('exports every row of the filter, newest first, each once, dates in the reader’s zone', async () => {
    const res = await admin.get('/api/v1/audit-log/export?action=ticket.update');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="AUDIT_LOG_\d{8}_\d{6}\.xlsx"$/);
    const x = await readBack(res.rawPayload);
    expect(x.header).toEqual(['When', 'Action', 'Organisation', 'Actor', 'Actor Name', 'Address', 'Browser', 'Target', 'Target ID', 'Details']);
    expect(x.data).toHaveLength(ROWS);
    expect(x.data.map((r) => r[8])).toEqual(descending(ROWS, 1));

    const first = x.data[0]!;
    // Row 2600: 12:00:00Z + 433 s (+1 µs) = 12:07:13Z = 17:37:13 in Kolkata (UTC+5:30), written as that wall-clock time.
    expect(first[0]).toEqual(new Date(Date.UTC(2026, 5, 1, 17, 37, 13)));
    expect(first.slice(1, 4)).toEqual(['Ticket changed', expect.any(String), 'actor2600@export.example']);
    expect(first[9]).toBe('{"n":2600}');
    const last = x.data.at(-1)!;
    // Row 1: 12:00:00Z = 17:30:00 in Kolkata.
    expect(last[0]).toEqual(new Date(Date.UTC(2026, 5, 1, 17, 30, 0)));
    expect(last[3]).toBe('actor1@export.example');
  });

  it('oldest first when asked, the same rows reversed', async () => {
    const res = await admin.get('/api/v1/audit-log/export?action=ticket.update&direction=asc');
    const x = await readBack(res.rawPayload);
    expect(x.data.map((r) => r[8])).toEqual(descending(ROWS, 1).reverse());
  });

  it('stops at the cap, reading batch after batch without a gap or a repeat', async () => {
    const scope = scopeOf(admin);
    const seen: string[] = [];
    for await (const r of auditForExport(t.database.db, scope, { action: 'ticket.update', direction: 'desc', sort: 'at' }, { maxRows: 2500, batch: 7 })) {
      seen.push(r.targetId!);
    }
    expect(seen).toEqual(descending(ROWS, ROWS - 2500 + 1));
  });
});

/** The signed-in client's scope, as the auth plugin builds it from its session. */
function scopeOf(c: Client): Scope {
  const u = c.session.user;
  return { sessionId: 'test', webUserId: u.ccWebUserId, contactId: u.contactId, cid: u.cid, userType: u.userType, spaceAdmin: u.spaceAdmin, email: u.userName, csrfToken: c.csrfToken, user: u };
}
