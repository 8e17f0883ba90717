import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { SignedInDevicesResponse } from '@sc/common';
import { buildApp } from '../src/app.ts';
import { passwordCheckCount } from '../src/auth/password.ts';
import { loadConfig, parseTrustProxy, testConfig, weakProductionSettings, type Config } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { auditLog, emailOutbox, rateLimits } from '../src/db/schema/index.ts';
import { DEVICE_COOKIE } from '../src/auth/throttle.ts';
import { DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { openTestDatabase, sessionCookieOf } from './helpers.ts';

// requirements §19.1 and §19.2: TRUST_PROXY, the sign-in limits, the weak-configuration refusal.

let database: Database;
const apps: FastifyInstance[] = [];
let clock = new Date('2026-11-23T12:00:00Z');

async function appWith(overrides: Partial<Config>, now?: () => Date) {
  const app = await buildApp({ config: testConfig(overrides), db: database.db, webDist: '/nonexistent', ...(now ? { now } : {}) });
  await app.ready();
  apps.push(app);
  return app;
}

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(async () => {
  for (const a of apps) await a.close();
  await database.close();
});

const login = (app: FastifyInstance, email: string, password: string, remoteAddress = '127.0.0.1', headers: Record<string, string> = {}) =>
  app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, remoteAddress, headers });

async function addressOfSession(app: FastifyInstance, res: Awaited<ReturnType<typeof login>>) {
  const list = await app.inject({ method: 'GET', url: '/api/v1/sessions', headers: { cookie: sessionCookieOf(res) } });
  return list.json<SignedInDevicesResponse>().sessions.find((s) => s.current)?.ip;
}

describe('TRUST_PROXY (requirements §19.2)', () => {
  it('takes a hop count or proxy addresses/CIDRs, and refuses a blanket true with a clear message', () => {
    expect(parseTrustProxy('false')).toBe(false);
    expect(parseTrustProxy('')).toBe(false);
    expect(parseTrustProxy('2')).toBe(2);
    expect(parseTrustProxy('10.0.0.5, 10.1.0.0/16,::1')).toEqual(['10.0.0.5', '10.1.0.0/16', '::1']);
    expect(() => parseTrustProxy('true')).toThrow(/TRUST_PROXY=true would trust every X-Forwarded-For hop/);
    expect(() => parseTrustProxy('proxy.example.com')).toThrow(/neither a hop count nor an IP address or CIDR/);
    expect(() => parseTrustProxy('10.0.0.0/40')).toThrow(/TRUST_PROXY/);
    expect(() => loadConfig({ TRUST_PROXY: 'true' })).toThrow(/TRUST_PROXY=true/);
  });

  it('ignores X-Forwarded-For unless it comes from a trusted hop', async () => {
    const untrusting = await appWith({ trustProxy: false });
    const direct = await login(untrusting, 'user@acme.example', DEMO_PASSWORD, '203.0.113.7', { 'x-forwarded-for': '198.51.100.1' });
    expect(direct.statusCode).toBe(200);
    expect(await addressOfSession(untrusting, direct)).toBe('203.0.113.7');

    const behindProxy = await appWith({ trustProxy: ['10.0.0.1'] });
    const viaProxy = await login(behindProxy, 'user@acme.example', DEMO_PASSWORD, '10.0.0.1', { 'x-forwarded-for': '198.51.100.1' });
    expect(await addressOfSession(behindProxy, viaProxy)).toBe('198.51.100.1');
    const notTheProxy = await login(behindProxy, 'user@acme.example', DEMO_PASSWORD, '203.0.113.8', { 'x-forwarded-for': '198.51.100.2' });
    expect(await addressOfSession(behindProxy, notTheProxy)).toBe('203.0.113.8');

    const oneHop = await appWith({ trustProxy: 1 });
    const chain = await login(oneHop, 'user@acme.example', DEMO_PASSWORD, '10.9.9.9', { 'x-forwarded-for': '192.0.2.50, 198.51.100.3' });
    // One trusted hop: the proxy's own entry (the last one) is the client; what the client wrote before it is not believed.
    expect(await addressOfSession(oneHop, chain)).toBe('198.51.100.3');
  });

  it('a client changing its X-Forwarded-For does not get a fresh per-address limit', async () => {
    const app = await appWith({ trustProxy: false, login: { ...testConfig().login, addressLimit: 3 } });
    const codes: number[] = [];
    for (let i = 0; i < 5; i++) {
      codes.push((await login(app, `nobody${i}@spray.example`, 'wrong-password-1', '203.0.113.66', { 'x-forwarded-for': `198.51.100.${i + 10}` })).statusCode);
    }
    expect(codes).toEqual([401, 401, 401, 429, 429]);
  });
});

const LIMITS = { addressLimit: 1000, freeFailures: 5, accountFreeFailures: 20, maxDelaySeconds: 900, unknownBudget: 1000 };
const deviceCookieOf = (res: Awaited<ReturnType<typeof login>>): string => {
  const raw = [res.headers['set-cookie'] ?? []].flat().find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
  if (!raw) throw new Error('no device cookie');
  return raw.split(';')[0]!;
};

describe('sign-in delays (requirements §19.2, issue 33 item 2)', () => {
  it('guessing spread over many addresses meets the account-wide ceiling and the owner is told, but the owner’s own browser still signs in at once', async () => {
    const app = await appWith({ login: LIMITS }, () => clock);
    const email = 'operator@acme.example';
    // The owner signed in here last week: the browser keeps the device cookie of that sign-in.
    const earlier = await login(app, email, DEMO_PASSWORD, '192.0.2.10');
    expect(earlier.statusCode).toBe(200);
    const device = deviceCookieOf(earlier);
    expect([earlier.headers['set-cookie']].flat().join('\n')).toMatch(/sc_device=[^;]+; Max-Age=15552000; Path=\/api\/v1\/auth\/login; HttpOnly; SameSite=Strict/);

    const retryAfters: number[] = [];
    let failures = 0;
    for (let i = 0; failures < 30; i++) {
      const res = await login(app, email, `wrong-guess-${i}`, `198.51.100.${failures + 1}`);
      if (res.statusCode === 429) {
        const wait = Number(res.headers['retry-after']);
        expect(wait).toBeGreaterThan(0);
        retryAfters.push(wait);
        clock = new Date(clock.getTime() + wait * 1000);
        continue;
      }
      expect(res.statusCode).toBe(401);
      failures++;
    }
    // Twenty free failures across addresses, then 1 s, 2 s, 4 s … doubling up to the cap: a delay, not a lock-out.
    expect(retryAfters.slice(0, 4)).toEqual([1, 2, 4, 8]);
    expect(Math.max(...retryAfters)).toBeLessThanOrEqual(900);

    // The owner is told once (not once per failure).
    const mails = await database.db.select().from(emailOutbox).where(and(eq(emailOutbox.toAddress, email), eq(emailOutbox.template, 'signInAttempts')));
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/Failed sign-in attempts/);

    // From a new browser the owner waits like anyone…
    const checks = passwordCheckCount();
    const newBrowser = await login(app, email, DEMO_PASSWORD, '192.0.2.11');
    expect(newBrowser.statusCode).toBe(429);
    expect(newBrowser.json<{ message: string }>().message).toMatch(/Too many sign-in attempts/);
    expect(passwordCheckCount()).toBe(checks);
    // …but the browser of the earlier sign-in gets in at once, whatever the guessing elsewhere.
    const own = await login(app, email, DEMO_PASSWORD, '192.0.2.10', { cookie: device });
    expect(own.statusCode).toBe(200);
    // A device cookie is bound to its e-mail: presented for another account it counts for nothing.
    expect((await login(app, 'limited@acme.example', 'typo', '192.0.2.10', { cookie: device })).statusCode).toBe(401);

    // Every failure is in the audit log, with the address it came from.
    const rows = await database.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'sign-in.failure'), eq(auditLog.actorEmail, email)))
      .orderBy(desc(auditLog.id));
    expect(rows.length).toBeGreaterThanOrEqual(30);
    expect(new Set(rows.map((r) => r.ip)).size).toBeGreaterThanOrEqual(30);
  });

  it('an unknown address is held exactly as a known one: same statuses, same Retry-After, after the same failures', async () => {
    let now = new Date('2026-11-25T08:00:00Z');
    const app = await appWith({ login: LIMITS }, () => now);
    const run = async (email: string, ip: string) => {
      const out: string[] = [];
      for (let i = 0; i < 8; i++) {
        const res = await login(app, email, `guess-${i}`, ip);
        out.push(`${res.statusCode}${res.headers['retry-after'] ? ` ${String(res.headers['retry-after'])}` : ''} ${res.json<{ message: string }>().message}`);
      }
      return out;
    };
    const known = await run('user@globex.example', '198.51.100.150');
    now = new Date('2026-11-25T09:00:00Z');
    const unknown = await run('nobody-here@globex.example', '198.51.100.151');
    expect(unknown).toEqual(known);
    expect(known.slice(0, 5).every((c) => c.startsWith('401 '))).toBe(true);
    expect(known.slice(5).every((c) => c.startsWith('429 1 '))).toBe(true);
  });

  it('parallel attempts during a delay get one password check per turn, not one each', async () => {
    const limits = { ...LIMITS, freeFailures: 1, accountFreeFailures: 1 };
    let now = new Date('2026-11-24T08:00:00Z');
    const app = await appWith({ login: limits }, () => now);
    expect((await login(app, 'limited@acme.example', 'bad-1', '198.51.100.200')).statusCode).toBe(401);
    now = new Date(now.getTime() + 5_000);
    const before = passwordCheckCount();
    const codes = await Promise.all(Array.from({ length: 8 }, (_, i) => login(app, 'limited@acme.example', `bad-p${i}`, `198.51.100.${210 + i}`).then((r) => r.statusCode)));
    expect(codes.filter((c) => c === 401)).toHaveLength(1);
    expect(codes.filter((c) => c === 429)).toHaveLength(7);
    expect(passwordCheckCount() - before).toBe(1);
  });
});

describe('unknown addresses (password spraying)', () => {
  it('stop costing a hash once the minute’s budget is spent, and are refused alike', async () => {
    await database.db.delete(rateLimits);
    const app = await appWith({ login: { ...LIMITS, unknownBudget: 3 } });
    const before = passwordCheckCount();
    const codes: number[] = [];
    for (let i = 0; i < 10; i++) codes.push((await login(app, `sprayed${i}@nowhere.example`, 'Summer2026!', `198.51.100.${100 + i}`)).statusCode);
    expect(codes).toEqual(Array(10).fill(401));
    // Three dummy hashes (the budget), then none: those wait as long as a hash takes instead.
    expect(passwordCheckCount() - before).toBe(3);
    // A real account still pays for its own check and gets in.
    expect((await login(app, 'admin@globex.example', DEMO_PASSWORD, '192.0.2.77')).statusCode).toBe(200);
  });

  it('the forgotten-password form answers after the same floor whether or not the address has an account', async () => {
    const app = await appWith({ retrieveAnswerMs: 300 });
    const timed = async (email: string, ip: string) => {
      const started = performance.now();
      const res = await app.inject({ method: 'POST', url: '/api/v1/public/password/retrieve', payload: { email }, remoteAddress: ip });
      return { status: res.statusCode, ms: performance.now() - started, body: res.json<{ message: string }>().message.replace(email, '…') };
    };
    const known = await timed('user@initech.example', '198.51.100.160');
    const unknown = await timed('nobody-at-all@initech.example', '198.51.100.161');
    expect(unknown.status).toBe(known.status);
    expect(unknown.body).toBe(known.body);
    // Both waited for the floor (the known one also queued a reset e-mail within it).
    expect(known.ms).toBeGreaterThanOrEqual(295);
    expect(unknown.ms).toBeGreaterThanOrEqual(295);
  });
});

describe('known-weak production configurations (requirements §19.1)', () => {
  const prod = (env: Record<string, string>) => weakProductionSettings(loadConfig({ NODE_ENV: 'production', ...env }), { NODE_ENV: 'production', ...env });
  it('refuses COOKIE_SECURE=false behind an https PUBLIC_URL, demo seeding, a missing PUBLIC_URL, and https without Secure cookies', () => {
    expect(prod({ PUBLIC_URL: 'https://support.example.com', COOKIE_SECURE: 'false' }).join(' ')).toMatch(/COOKIE_SECURE=false while PUBLIC_URL is https/);
    expect(prod({ PUBLIC_URL: 'https://support.example.com', COOKIE_SECURE: 'true', SEED_DEMO: 'true' }).join(' ')).toMatch(/SEED_DEMO=true/);
    expect(prod({}).join(' ')).toMatch(/PUBLIC_URL is not set/);
    expect(prod({ PUBLIC_URL: 'https://support.example.com' }).join(' ')).toMatch(/COOKIE_SECURE=auto would never mark the cookie Secure/);
  });
  it('accepts a sound production configuration, and anything outside production', () => {
    expect(prod({ PUBLIC_URL: 'https://support.example.com', COOKIE_SECURE: 'true' })).toEqual([]);
    expect(prod({ PUBLIC_URL: 'https://support.example.com', TRUST_PROXY: '1' })).toEqual([]);
    expect(weakProductionSettings(loadConfig({ COOKIE_SECURE: 'false', PUBLIC_URL: 'https://x.example' }), {})).toEqual([]);
  });
});
