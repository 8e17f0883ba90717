import fs from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { inArray } from 'drizzle-orm';
import pg from 'pg';
import { expect, inject } from 'vitest';
import { CSRF_HEADER, type ServiceRequestListResponse, type SessionResponse } from '@sc/common';
import { buildApp } from '../src/app.ts';
import { testConfig, type Config } from '../src/config.ts';
import { openPglite, openPostgres, type Database, type Db } from '../src/db/client.ts';
import { customers } from '../src/db/schema/index.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';

/** A database of this test file's own, cloned from the demo-seeded template. */
export async function openTestDatabase(): Promise<Database> {
  const url = process.env.DATABASE_URL;
  if (url) {
    const name = `portal_t_${randomBytes(6).toString('hex')}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    const d = openPostgres(target.toString(), 5);
    return {
      ...d,
      close: async () => {
        await d.close();
        const a = new pg.Client({ connectionString: url });
        await a.connect();
        await a.query(`drop database if exists ${name} with (force)`);
        await a.end();
      },
    };
  }
  const dump = fs.readFileSync(inject('pgliteDump'));
  return openPglite(undefined, new Blob([dump]));
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  close(): Promise<void>;
}

export async function createTestApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  const database = await openTestDatabase();
  const config = testConfig({ loginRateLimit: 1000, ...overrides });
  const app = await buildApp({ config, db: database.db, webDist: '/nonexistent' });
  await app.ready();
  return {
    app,
    database,
    config,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** A signed-in client: the session cookie and CSRF header on every request. */
export interface Client {
  cookie: string;
  csrfToken: string;
  session: SessionResponse;
  get(url: string): Promise<LightMyRequestResponse>;
  post(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  put(url: string, body?: unknown): Promise<LightMyRequestResponse>;
  delete(url: string): Promise<LightMyRequestResponse>;
}

export function sessionCookieOf(res: LightMyRequestResponse): string {
  const c = res.cookies.find((x) => x.name === 'sc_session');
  if (!c) throw new Error(`no session cookie in response ${res.statusCode} ${res.body}`);
  return `sc_session=${c.value}`;
}

export async function signIn(app: FastifyInstance, email: string, password = DEMO_PASSWORD): Promise<Client> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password } });
  if (res.statusCode !== 200) throw new Error(`sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const session = res.json<SessionResponse>();
  const cookie = sessionCookieOf(res);
  const headers = { cookie, [CSRF_HEADER]: session.csrfToken };
  return {
    cookie,
    csrfToken: session.csrfToken,
    session,
    get: (url) => app.inject({ method: 'GET', url, headers: { cookie } }),
    post: (url, body) => app.inject({ method: 'POST', url, headers, ...(body === undefined ? {} : { payload: body as object }) }),
    put: (url, body) => app.inject({ method: 'PUT', url, headers, payload: body as object }),
    delete: (url) => app.inject({ method: 'DELETE', url, headers }),
  };
}

/** A list request's query string. */
export const listQuery = (q: Record<string, string | number | boolean>): string =>
  new URLSearchParams(Object.entries(q).map(([k, v]): [string, string] => [k, String(v)])).toString();

/** GET /api/v1/{path}?{q} as `c`, expecting 200: a page of a list. */
export async function listPage(c: Client, path: string, q: Record<string, string | number | boolean> = {}): Promise<ServiceRequestListResponse> {
  const res = await c.get(`/api/v1/${path}?${listQuery(q)}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json<ServiceRequestListResponse>();
}

/** The ids of the demo customers with these codes ('ACME', 'GLOBEX'), in the order asked. */
export async function customerIdsOf(db: Db, ...codes: string[]): Promise<number[]> {
  const rows = await db.select({ id: customers.id, code: customers.code }).from(customers).where(inArray(customers.code, codes));
  return codes.map((code) => {
    const row = rows.find((r) => r.code === code);
    if (!row) throw new Error(`no demo customer ${code}`);
    return row.id;
  });
}
