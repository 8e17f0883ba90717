import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Fastify from 'fastify';
import { sql } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ID_MAX, MAX_PAGE, TIMELINE_NOTES, type ErrorResponse } from '@sc/common';
import { defaultPoolSize, loadConfig, testConfig } from '../src/config.ts';
import { openPostgres } from '../src/db/client.ts';
import { makeContact, makeCustomer, makeTicket, makeWebUser } from '../src/db/seed/factories.ts';
import { registerErrorHandling, STATEMENT_TIMEOUT_MESSAGE } from '../src/http/errors.ts';
import { moveLegacyAttachments } from '../src/modules/ticket-detail/attachment-store.ts';
import { cleanStoredNotes, noteToText, sanitizeNoteHtml } from '../src/modules/ticket-detail/note-html.ts';
import { ticketActions, tickets } from '../src/db/schema/index.ts';
import { eq, inArray } from 'drizzle-orm';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// docs/requirements.md §18.3 and §18.4 (issue 17 items 3 and 4): request limits and every input to a 4xx.

let t: TestApp;
let dir: string;
let user: Client;
let outsider: Client;
let ticketId: number;
beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-hardening-'));
  t = await createTestApp({ dataDir: dir, attachmentsDir: path.join(dir, 'files'), limits: { ...testConfig().limits, attachmentQuotaBytes: 4096 } });
  const db = t.database.db;
  const home = await makeCustomer(db);
  const c = await makeContact(db, { cid: home.id, isPrimary: true, email: `hard.user.${Date.now()}@hard.example` });
  await makeWebUser(db, { contactId: c.id, userType: 'Administrator' });
  ticketId = (await makeTicket(db, { cid: home.id, contactId: c.id, ticketType: 'Incident' })).id;
  const other = await makeCustomer(db);
  const o = await makeContact(db, { cid: other.id, isPrimary: true, email: `hard.other.${Date.now()}@hard.example` });
  await makeWebUser(db, { contactId: o.id, userType: 'Administrator' });
  user = await signIn(t.app, c.email!);
  outsider = await signIn(t.app, o.email!);
  await t.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await t?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('ids, cursors and Origin headers are parsed safely (400/403, never 500)', () => {
  it.each([
    ['/api/v1/contacts/2147483648', 'id'],
    ['/api/v1/tickets/2147483648', 'id'],
    ['/api/v1/devices/99999999999999999999', 'id'],
    ['/api/v1/jobs/2147483648', 'jobid'],
    ['/api/v1/tickets/1/attachments/2147483648', 'attachmentId'],
    ['/api/v1/devices?contactId=2147483648', 'contactId'],
  ])('GET %s → 400 naming %s', async (url, field) => {
    const res = await user.get(url);
    expect(res.statusCode).toBe(400);
    expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {})).toContain(field);
  });

  it('a page number past the last page any list can have is a 400 naming page, on every list route and the Data API (issue 33)', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json<{ paths: Record<string, { get?: { parameters?: { name: string; in: string }[] } }> }>();
    const listRoutes = Object.entries(doc.paths)
      .filter(([path, ops]) => !path.includes('{') && ops.get?.parameters?.some((p) => p.in === 'query' && p.name === 'page'))
      .map(([path]) => path);
    expect(listRoutes.length).toBeGreaterThan(15);
    for (const path of listRoutes) {
      for (const page of ['214748366', '2147483648', '1e309', '-1', '0']) {
        const res = await user.get(`${path}?page=${page}`);
        expect(res.statusCode, `${path}?page=${page}`).toBeLessThan(500);
        if (res.statusCode !== 403) expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {}), `${path}?page=${page}`).toContain('page');
      }
    }
    expect((await user.get(`/api/v1/incidents?page=${MAX_PAGE}`)).statusCode).toBe(200);
    expect((await user.get('/api/data/incidents?page=214748366')).statusCode).toBe(400);
  });

  it(`the largest id (${ID_MAX}) is a valid id: not found, not a 400`, async () => {
    expect((await user.get(`/api/v1/tickets/${ID_MAX}`)).statusCode).toBe(404);
  });

  it.each(['not-a-cursor', '%%%', 'eyJpZCI6Ijk5OTk5OTk5OTk5OTk5OTk5OTk5In0', 'e30'])('a malformed cursor (%s) is a 400', async (cursor) => {
    const res = await user.get(`/api/v1/incidents?cursor=${cursor}`);
    expect(res.statusCode).toBe(400);
  });

  it.each(['null', 'not a url', 'http://[::1', 'javascript:alert(1)', 'https://evil.example'])('POST /auth/login with Origin: %s → 403, not 500', async (origin) => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', headers: { origin }, payload: { email: 'x@example.com', password: 'y' } });
    expect(res.statusCode).toBe(403);
    expect(res.json<ErrorResponse>().message).toBe('Cross-origin sign-in refused');
  });
});

describe('request limits', () => {
  it('an ordinary route refuses a body over BODY_LIMIT_BYTES (256 KB by default) with a 413', async () => {
    const res = await user.put('/api/v1/preferences', { firstName: 'x'.repeat(300_000) });
    expect(res.statusCode).toBe(413);
    expect(res.json<ErrorResponse>().code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('request, idle-connection and keep-alive timeouts and the statement timeout come from the environment', () => {
    const c = loadConfig({ REQUEST_TIMEOUT_MS: '30000', CONNECTION_TIMEOUT_MS: '7000', KEEP_ALIVE_TIMEOUT_MS: '4000', STATEMENT_TIMEOUT_MS: '2500', BODY_LIMIT_BYTES: '65536', DATABASE_POOL_SIZE: '6' });
    expect(c.limits).toMatchObject({ requestTimeoutMs: 30_000, connectionTimeoutMs: 7_000, keepAliveTimeoutMs: 4_000, statementTimeoutMs: 2_500, bodyLimitBytes: 65_536, databasePoolSize: 6 });
    // Unset: (2 × cores) + 1 for the machine, shared by the cluster's workers, at least 3 each.
    expect(loadConfig({}).limits.databasePoolSize).toBe(defaultPoolSize(os.availableParallelism(), 1));
    expect(loadConfig({ SC_WORKERS: '2' }).limits.databasePoolSize).toBe(defaultPoolSize(os.availableParallelism(), 2));
    expect([defaultPoolSize(2, 1), defaultPoolSize(2, 2), defaultPoolSize(8, 1), defaultPoolSize(8, 8), defaultPoolSize(1, 1)]).toEqual([5, 3, 17, 3, 3]);
    expect(() => loadConfig({ DATABASE_POOL_SIZE: '0' })).toThrow();
    expect(t.app.initialConfig).toMatchObject({ requestTimeout: 60_000, connectionTimeout: 10_000, keepAliveTimeout: 5_000, bodyLimit: 262_144 });
  });

  it('a statement over the statement timeout ends with a clear 503, not a hung request (PostgreSQL, pg_sleep)', async () => {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
    const pgdb = openPostgres(url, 2, 300);
    const app = Fastify({ logger: false });
    registerErrorHandling(app);
    app.get('/slow', async () => {
      await pgdb.db.execute(sql`select pg_sleep(10)`);
      return { slept: true };
    });
    try {
      const started = Date.now();
      const res = await app.inject({ method: 'GET', url: '/slow' });
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(res.statusCode).toBe(503);
      expect(res.json<ErrorResponse>()).toEqual({ code: 'UNAVAILABLE', message: STATEMENT_TIMEOUT_MESSAGE });
      expect(res.headers['retry-after']).toBe('5');
    } finally {
      await app.close();
      await pgdb.close();
    }
  });

  it('migrations are not requests: they run without the statement timeout (a fresh database migrates under a 1 ms timeout)', async () => {
    const admin = new URL(process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres');
    const name = `sc_migrate_timeout_${process.pid}_${Date.now()}`;
    const adminDb = openPostgres(admin.toString(), 1);
    await adminDb.db.execute(sql.raw(`create database ${name}`));
    const url = new URL(admin.toString());
    url.pathname = `/${name}`;
    const pgdb = openPostgres(url.toString(), 2, 1);
    try {
      await pgdb.migrate();
      // The pool itself keeps the timeout for requests.
      await expect(pgdb.db.execute(sql`select pg_sleep(0.2)`)).rejects.toMatchObject({ cause: { code: '57014' } });
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const tables = await check.query<{ n: number }>(`select count(*)::int as n from pg_tables where tablename = 'tickets'`);
      await check.end();
      expect(tables.rows[0]?.n).toBe(1);
    } finally {
      await pgdb.close();
      await adminDb.db.execute(sql.raw(`drop database if exists ${name} with (force)`));
      await adminDb.close();
    }
  });
});

/** Sends only the request line and headers of an upload (no body) and returns the first answer. */
function headersOnly(headers: Record<string, string>): Promise<{ status: number; text: string; ms: number }> {
  const { port } = t.app.server.address() as net.AddressInfo;
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      const lines = [`POST /api/v1/tickets/${ticketId}/attachments?name=big.txt HTTP/1.1`, 'host: 127.0.0.1', 'content-type: text/plain', 'content-length: 5000000'];
      for (const [k, v] of Object.entries(headers)) lines.push(`${k}: ${v}`);
      socket.write(`${lines.join('\r\n')}\r\n\r\n`);
    });
    let text = '';
    socket.setTimeout(5_000, () => {
      socket.destroy();
      reject(new Error(`no answer within 5 s: ${text}`));
    });
    socket.on('data', (d) => {
      text += d.toString();
      if (text.includes('\r\n\r\n') && /\}\s*$/.test(text)) {
        socket.destroy();
        resolve({ status: Number(text.slice(9, 12)), text, ms: Date.now() - started });
      }
    });
    socket.on('error', reject);
  });
}

describe('uploads: the caller is checked before the body is read', () => {
  it('a signed-out upload gets its 401 from the headers alone (the 5 MB body is never sent)', async () => {
    const res = await headersOnly({});
    expect(res.status).toBe(401);
    expect(res.text).toContain('Not signed in');
  });

  it("another customer's Administrator is refused from the headers alone too", async () => {
    const res = await headersOnly({ cookie: outsider.cookie, 'x-csrf-token': outsider.csrfToken });
    expect([403, 404]).toContain(res.status);
  });

  it('an upload that would pass the customer quota is refused (413) from its Content-Length, before the body', async () => {
    const res = await headersOnly({ cookie: user.cookie, 'x-csrf-token': user.csrfToken });
    expect(res.status).toBe(413);
    expect(res.text).toContain("Your organisation's file storage is full");
  });

  it('an upload over a real socket is stored (its body is a stream of the connection, which the NUL check must not walk)', async () => {
    const { port } = t.app.server.address() as net.AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/v1/tickets/${ticketId}/attachments?name=socket.txt`, {
      method: 'POST',
      headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, 'content-type': 'text/plain' },
      body: 'sent over a socket',
      signal: AbortSignal.timeout(5_000),
    });
    expect(res.status).toBe(201);
  });

  it('the quota counts what is stored: within it the upload is kept, past it a clear 413', async () => {
    const up = (bytes: number) =>
      t.app.inject({
        method: 'POST',
        url: `/api/v1/tickets/${ticketId}/attachments?name=q.txt`,
        headers: { cookie: user.cookie, 'x-csrf-token': user.csrfToken, 'content-type': 'text/plain' },
        payload: 'q'.repeat(bytes),
      });
    expect((await up(3000)).statusCode).toBe(201);
    const refused = await up(2000);
    expect(refused.statusCode).toBe(413);
    expect(refused.json<ErrorResponse>().message).toBe(
      "Your organisation's file storage is full (0.0 MB of 0.0 MB used). Remove files you no longer need, or ask your provider for more space.",
    );
  });
});

describe('attachments apart from the embedded database', () => {
  it('ATTACHMENTS_DIR defaults to ./attachments, outside DATA_DIR', () => {
    const c = loadConfig({ DATA_DIR: '/srv/sc/data' });
    expect(c.attachmentsDir).toBe(path.resolve('./attachments'));
    expect(c.attachmentsDir.startsWith(c.dataDir + path.sep)).toBe(false);
  });

  it('files of earlier versions ({DATA_DIR}/attachments) move to ATTACHMENTS_DIR at start, keys unchanged', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-move-'));
    const c = loadConfig({ DATA_DIR: path.join(root, 'data'), ATTACHMENTS_DIR: path.join(root, 'files') });
    fs.mkdirSync(path.join(root, 'data', 'attachments', '7'), { recursive: true });
    fs.mkdirSync(path.join(root, 'data', 'pglite'), { recursive: true });
    fs.writeFileSync(path.join(root, 'data', 'attachments', '7', 'a.bin'), 'one');
    expect(await moveLegacyAttachments(c)).toBe(1);
    expect(fs.readFileSync(path.join(root, 'files', '7', 'a.bin'), 'utf8')).toBe('one');
    expect(fs.readdirSync(path.join(root, 'data'))).toEqual(['pglite']);
    expect(await moveLegacyAttachments(c)).toBe(0);
    fs.rmSync(root, { recursive: true, force: true });
  });
});

describe('reading notes costs no second sanitising parse (issue 33 item 5)', () => {
  it('the text of a stored (clean) note is the same by the fast path as by a full parse', () => {
    const samples = [
      '<p>Printer on <b>floor 3</b> &amp; 4 is offline</p><ul><li>one</li><li>two &lt;b&gt;</li></ul>',
      'plain text, no markup',
      '<p>Quote: "yes" — and <a href="https://x.example/?a=1&b=2">a link</a></p><br><hr><h2>Title</h2>',
      '<div><script>alert(1)</script>kept<style>p{}</style></div><img src=x onerror=alert(1)>',
      'a < b > c & d',
    ];
    for (const raw of samples) {
      const clean = sanitizeNoteHtml(raw);
      expect(noteToText(clean, true), raw).toBe(noteToText(clean, false));
    }
  });

  it('the timeline reads the newest notes only, and says how many older ones the notes list has', async () => {
    const db = t.database.db;
    const [owner] = await db.select({ cid: tickets.cid }).from(tickets).where(eq(tickets.id, ticketId));
    await db.insert(ticketActions).values(Array.from({ length: TIMELINE_NOTES + 7 }, (_, i) => ({ cid: owner!.cid, ticketId, userName: 'bulk@example.com', actionDesc: `<p>Bulk note ${i}</p>`, htmlClean: true })));
    const res = await user.get(`/api/v1/tickets/${ticketId}/timeline`);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ events: { kind: string }[]; olderNotes: number }>();
    expect(body.events.filter((e) => e.kind === 'note')).toHaveLength(TIMELINE_NOTES);
    expect(body.olderNotes).toBeGreaterThanOrEqual(7);
  });
});

describe('note HTML is sanitised once, on write, and stored clean', () => {
  it('a new note is stored sanitised and marked clean; an old raw note is cleaned at start (cleanStoredNotes)', async () => {
    const db = t.database.db;
    const res = await user.post(`/api/v1/tickets/${ticketId}/actions`, { note: '<p onclick="x()">Hi<script>alert(1)</script></p>' });
    expect(res.statusCode).toBe(201);
    const [stored] = await db.select().from(ticketActions).where(eq(ticketActions.id, res.json<{ id: number }>().id));
    expect(stored).toMatchObject({ actionDesc: '<p>Hi</p>', htmlClean: true });

    const [old] = await db
      .insert(ticketActions)
      .values({ cid: stored!.cid, ticketId, userName: 'legacy@example.com', actionDesc: '<p>Old<img src=x onerror=alert(1)></p>' })
      .returning();
    expect(old!.htmlClean).toBe(false);
    // Until the start-up clean-up has run, the one unclean row is still sanitised on the way out.
    const list = await user.get(`/api/v1/tickets/${ticketId}/actions`);
    expect(list.json<{ rows: { id: number; noteHtml: string }[] }>().rows.find((r) => r.id === old!.id)?.noteHtml).toBe('<p>Old</p>');
    expect(await cleanStoredNotes(db)).toBeGreaterThanOrEqual(1);
    const [cleaned] = await db.select().from(ticketActions).where(eq(ticketActions.id, old!.id));
    expect(cleaned).toMatchObject({ actionDesc: '<p>Old</p>', htmlClean: true });
    expect(await cleanStoredNotes(db)).toBe(0);

    // Plain text is marked clean as it is (one statement); text with '&' goes through the sanitiser.
    const older = await db
      .insert(ticketActions)
      .values([
        { cid: stored!.cid, ticketId, userName: 'legacy@example.com', actionDesc: 'Rebooted the "main" switch, it\'s fine' },
        { cid: stored!.cid, ticketId, userName: 'legacy@example.com', actionDesc: 'Tom & Jerry' },
      ])
      .returning();
    expect(await cleanStoredNotes(db)).toBe(2);
    const after = await db.select().from(ticketActions).where(inArray(ticketActions.id, older.map((r) => r.id)));
    expect(after.map((r) => [r.actionDesc, r.htmlClean]).sort()).toEqual([
      ['Rebooted the "main" switch, it\'s fine', true],
      ['Tom &amp; Jerry', true],
    ]);

    // Raw notes over several batches (one UPDATE statement each): every one cleaned, each with its own text.
    const raw = await db
      .insert(ticketActions)
      .values(['<b onclick="a()">one</b>', '<i>two</i><script>x</script>', '<p style="color:red">three & more</p>'].map((actionDesc) => ({ cid: stored!.cid, ticketId, userName: 'legacy@example.com', actionDesc })))
      .returning();
    expect(await cleanStoredNotes(db, 2)).toBe(3);
    const rawAfter = await db.select().from(ticketActions).where(inArray(ticketActions.id, raw.map((r) => r.id))).orderBy(ticketActions.id);
    expect(rawAfter.map((r) => [r.actionDesc, r.htmlClean])).toEqual([
      ['<b>one</b>', true],
      ['<i>two</i>', true],
      ['<p>three &amp; more</p>', true],
    ]);
  });
});
