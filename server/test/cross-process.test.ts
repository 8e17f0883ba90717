import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import path from 'node:path';
import pg from 'pg';
import { afterAll, describe, expect, it } from 'vitest';
import { CSRF_HEADER, type SessionResponse, type SignedInDevicesResponse } from '@sc/common';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';

// Real server processes on one PostgreSQL database (requirements §19.1, §19.3): the session cache of one
// process must not keep serving a session another process ended; an empty database gets no demo account
// and the first-administrator command works. DATABASE_URL names the server (CI); else the local one.

const serverDir = path.resolve(import.meta.dirname, '..');
const tsx = path.resolve(serverDir, '../node_modules/.bin/tsx');
const adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const children: ChildProcess[] = [];
const databases: string[] = [];

async function createDatabase(): Promise<string> {
  const name = `sc_wt_auth_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  databases.push(name);
  const u = new URL(adminUrl);
  u.pathname = `/${name}`;
  return u.toString();
}

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });

async function startServer(databaseUrl: string, env: Record<string, string> = {}): Promise<string> {
  const port = await freePort();
  const child = spawn(tsx, ['src/main.ts'], {
    cwd: serverDir,
    env: { ...process.env, DATABASE_URL: databaseUrl, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', PUBLIC_URL: `http://127.0.0.1:${port}`, SMTP_URL: '', ...env },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  children.push(child);
  const base = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 120_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    try {
      if ((await fetch(`${base}/api/v1/config`)).ok) return base;
    } catch {
      /* not up yet */
    }
    if (Date.now() > deadline) throw new Error('server did not start');
    await new Promise((r) => setTimeout(r, 300));
  }
}

async function signIn(base: string, email: string, password = DEMO_PASSWORD) {
  const res = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password }) });
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return { status: res.status, cookie, csrf: res.ok ? (await res.json() as SessionResponse).csrfToken : '' };
}
const me = async (base: string, cookie: string) => (await fetch(`${base}/api/v1/auth/me`, { headers: { cookie } })).status;

afterAll(async () => {
  for (const c of children) {
    c.kill('SIGTERM');
    if (c.exitCode === null) await new Promise((r) => c.once('exit', r));
  }
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  for (const d of databases) await admin.query(`drop database if exists ${d} with (force)`);
  await admin.end();
});

describe('two server processes on one PostgreSQL database', () => {
  it('a session ended in process A is refused by process B on its next request (LISTEN/NOTIFY)', async () => {
    const url = await createDatabase();
    const a = await startServer(url, { SEED_DEMO: 'true' });
    const b = await startServer(url);
    const victim = await signIn(a, 'user@acme.example');
    const owner = await signIn(b, 'user@acme.example');
    // B serves the victim's session from its cache after the first read.
    expect(await me(b, victim.cookie)).toBe(200);
    expect(await me(b, victim.cookie)).toBe(200);
    // A ends it (Signed-in devices, 'end all others' of the owner's session on A).
    const ended = await fetch(`${a}/api/v1/sessions/end-others`, { method: 'POST', headers: { cookie: owner.cookie, [CSRF_HEADER]: owner.csrf, 'content-type': 'application/json' }, body: '{}' });
    expect(await ended.json()).toEqual({ ended: 1 });
    expect(await me(b, victim.cookie)).toBe(401);

    // Disabling an account in A: B stops serving every session of it at once.
    const user2 = await signIn(b, 'operator@acme.example');
    expect(await me(b, user2.cookie)).toBe(200);
    const admin = await signIn(a, 'admin@acme.example');
    const list = await fetch(`${a}/api/v1/sessions`, { headers: { cookie: user2.cookie } });
    expect((await list.json() as SignedInDevicesResponse).sessions).toHaveLength(1);
    const opContact = (await (await fetch(`${a}/api/v1/auth/me`, { headers: { cookie: user2.cookie } })).json() as SessionResponse).user.contactId;
    const put = await fetch(`${a}/api/v1/contacts/${opContact}/access`, {
      method: 'PUT',
      headers: { cookie: admin.cookie, [CSRF_HEADER]: admin.csrf, 'content-type': 'application/json' },
      body: JSON.stringify({ userType: 'Operator', isActive: false }),
    });
    expect(put.status).toBe(200);
    expect(await me(b, user2.cookie)).toBe(401);
  }, 240_000);

  it('an empty database gets no demo account, and npm run create-admin makes the first space admin', async () => {
    const url = await createDatabase();
    const base = await startServer(url);
    for (const email of ['admin@acme.example', 'staff@provider.example']) expect((await signIn(base, email)).status).toBe(401);

    const out = spawnSync(tsx, ['src/create-admin.ts', '--email', 'First.Admin@Provider.test'], {
      cwd: serverDir,
      env: { ...process.env, DATABASE_URL: url, PUBLIC_URL: base, LOG_LEVEL: 'silent' },
      encoding: 'utf8',
    });
    expect(out.status, out.stderr).toBe(0);
    const link = /(http\S+\/reset\/(\S+))/.exec(out.stdout);
    expect(link?.[1]).toMatch(new RegExp(`^${base}/app/spa/reset/`));
    const password = 'Copper-Harbour-Violet-77';
    const reset = await fetch(`${base}/api/v1/public/password/reset`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ token: link![2], password, confirmPassword: password }),
    });
    expect(reset.status, await reset.clone().text()).toBe(200);
    const first = await fetch(`${base}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email: 'first.admin@provider.test', password }) });
    expect(first.status).toBe(200);
    expect((await first.json() as SessionResponse).user).toMatchObject({ spaceAdmin: true, userType: 'Administrator' });

    const noEmail = spawnSync(tsx, ['src/create-admin.ts'], { cwd: serverDir, env: { ...process.env, DATABASE_URL: url }, encoding: 'utf8' });
    expect(noEmail.status).toBe(2);
    expect(noEmail.stderr).toMatch(/--email/);
  }, 240_000);

  it('refuses to start with a known-weak production configuration, saying why', () => {
    const out = spawnSync(tsx, ['src/main.ts'], {
      cwd: serverDir,
      env: { ...process.env, NODE_ENV: 'production', PUBLIC_URL: 'https://support.example.com', COOKIE_SECURE: 'false', DATABASE_URL: 'postgres://127.0.0.1:1/none', PORT: '0' },
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.status).toBe(1);
    expect(out.stderr).toMatch(/Refusing to start with a weak production configuration[\s\S]*COOKIE_SECURE=false/);
  }, 90_000);
});
