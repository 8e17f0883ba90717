import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { CSRF_HEADER, type SessionResponse } from '@sc/common';
import { DEMO_ACCOUNTS, DEMO_PASSWORD } from '../src/db/seed/demo-accounts.ts';
import { contacts, sessions, webUsers } from '../src/db/schema/index.ts';
import { createTestApp, sessionCookieOf, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const login = (email: string, password: string, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password }, headers });

describe('POST /api/v1/auth/login', () => {
  it.each(DEMO_ACCOUNTS.map((a) => [a.email, a] as const))('signs in %s with its user type and organisation', async (_email, account) => {
    const res = await login(account.email, DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
    const body = res.json<SessionResponse>();
    expect(body.user.userName).toBe(account.email);
    expect(body.user.userType).toBe(account.userType);
    expect(body.user.spaceAdmin).toBe(account.spaceAdmin);
    expect(body.user.customerCode).toBe(account.customerCode);
    expect(body.csrfToken).toMatch(/^[\w-]{40,}$/);
    const cookie = res.cookies.find((c) => c.name === 'sc_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie?.sameSite).toBe('Lax');
    expect(JSON.stringify(body)).not.toContain('passwordHash');
  });

  it('refuses a wrong password with the same message as an unknown e-mail, and sets no cookie', async () => {
    const wrong = await login('admin@acme.example', 'not-the-password');
    const unknown = await login('nobody@acme.example', 'whatever-password');
    for (const res of [wrong, unknown]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({ code: 'UNAUTHENTICATED', message: 'Invalid email or password' });
      expect(res.cookies.find((c) => c.name === 'sc_session')).toBeUndefined();
    }
  });

  it('accepts the e-mail in any case and with spaces around it', async () => {
    const res = await login('  Admin@ACME.example ', DEMO_PASSWORD);
    expect(res.statusCode).toBe(200);
  });

  it('names the missing field in a 400', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { password: 'x' } });
    expect(res.statusCode).toBe(400);
    const body = res.json<{ code: string; message: string; fieldErrors: Record<string, string> }>();
    expect(body.code).toBe('BAD_REQUEST');
    expect(Object.keys(body.fieldErrors)).toContain('email');
    expect(body.message).toMatch(/^email/);
  });

  it('answers malformed JSON with a 400 in the error model', async () => {
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email":',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json<{ code: string }>().code).toBe('BAD_REQUEST');
  });

  it('refuses a sign-in posted from another site', async () => {
    const res = await login('admin@acme.example', DEMO_PASSWORD, { origin: 'https://evil.example', host: 'portal.example' });
    expect(res.statusCode).toBe(403);
  });

  it('refuses a disabled account', async () => {
    const c = await signIn(t.app, 'admin@globex.example');
    const [acct] = await t.database.db.select().from(webUsers).where(eq(webUsers.email, 'user@globex.example'));
    await t.database.db.update(webUsers).set({ isActive: false }).where(eq(webUsers.id, acct!.id));
    try {
      expect((await login('user@globex.example', DEMO_PASSWORD)).statusCode).toBe(401);
    } finally {
      await t.database.db.update(webUsers).set({ isActive: true }).where(eq(webUsers.id, acct!.id));
    }
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(200);
  });

  it('reports the previous sign-in, never the current one, as the last login date (issue 14, bug 5)', async () => {
    const first = await signIn(t.app, 'limited@acme.example');
    const [afterFirst] = await t.database.db.select().from(webUsers).where(eq(webUsers.email, 'limited@acme.example'));
    const firstAt = afterFirst!.lastLoginAt!.toISOString();
    expect(first.session.user.lastLoginDate).not.toBe(firstAt);
    const second = await signIn(t.app, 'limited@acme.example');
    expect(second.session.user.lastLoginDate).toBe(firstAt);
    // What the account menu reads: /auth/me of the live session, also after the session cache is cold.
    expect((await second.get('/api/v1/auth/me')).json<{ user: { lastLoginDate: string } }>().user.lastLoginDate).toBe(firstAt);
    expect((await first.get('/api/v1/auth/me')).json<{ user: { lastLoginDate: string | null } }>().user.lastLoginDate).toBe(first.session.user.lastLoginDate);
  });

  it('reports the previous sign-in as the last login date', async () => {
    const first = await signIn(t.app, 'limited@acme.example');
    const second = await signIn(t.app, 'limited@acme.example');
    expect(second.session.user.lastLoginDate).not.toBeNull();
    expect(Date.parse(second.session.user.lastLoginDate!)).toBeGreaterThanOrEqual(
      first.session.user.lastLoginDate ? Date.parse(first.session.user.lastLoginDate) : 0,
    );
  });
});

describe('GET /api/v1/auth/session (issue 14, bug 6)', () => {
  it('answers 200 with null when signed out, so a signed-out page load logs no error', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/session' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: null });
  });

  it('answers the same session as /auth/me when signed in', async () => {
    const c = await signIn(t.app, 'user@acme.example');
    const res = await c.get('/api/v1/auth/session');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ session: (await c.get('/api/v1/auth/me')).json<unknown>() });
  });
});

describe('GET /api/v1/auth/me', () => {
  it('answers 401 without a session', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me' });
    expect(res.statusCode).toBe(401);
    expect(res.json<{ code: string }>().code).toBe('UNAUTHENTICATED');
  });

  it('answers 401 for a forged cookie', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: 'sc_session=forged-token' } });
    expect(res.statusCode).toBe(401);
  });

  it('returns the signed-in user of requirements §1.2', async () => {
    const c = await signIn(t.app, 'operator@acme.example');
    const res = await c.get('/api/v1/auth/me');
    expect(res.statusCode).toBe(200);
    const { user } = res.json<SessionResponse>();
    expect(user).toMatchObject({ userName: 'operator@acme.example', userType: 'Operator', customerCode: 'ACME', spaceAdmin: false });
    expect(user.organizationName).toMatch(/Acme/);
    expect(user.firstName.length).toBeGreaterThan(0);
    expect(user.lastName.length).toBeGreaterThan(0);
    expect(user.contactId).toBeGreaterThan(0);
    expect(user.ccWebUserId).toBeGreaterThan(0);
  });
});

describe('POST /api/v1/auth/logout', () => {
  it('ends the session on the server: the old cookie no longer works', async () => {
    const c = await signIn(t.app, 'user@acme.example');
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(200);
    const out = await c.post('/api/v1/auth/logout');
    expect(out.statusCode).toBe(204);
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(401);
    const rows = await t.database.db.select().from(sessions);
    expect(rows.some((r) => c.cookie.endsWith(r.id))).toBe(false);
  });

  it('refuses a cookie-authenticated write without the CSRF token', async () => {
    const c = await signIn(t.app, 'user@acme.example');
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout', headers: { cookie: c.cookie } });
    expect(res.statusCode).toBe(403);
    const wrong = await t.app.inject({
      method: 'POST',
      url: '/api/v1/auth/logout',
      headers: { cookie: c.cookie, [CSRF_HEADER]: 'x'.repeat(43) },
    });
    expect(wrong.statusCode).toBe(403);
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(200);
  });

  it('answers 401 when signed out', async () => {
    const res = await t.app.inject({ method: 'POST', url: '/api/v1/auth/logout' });
    expect(res.statusCode).toBe(401);
  });
});

describe('session timeouts', () => {
  it('ends a session idle for longer than the idle timeout', async () => {
    const c = await signIn(t.app, 'admin@acme.example');
    const idleSince = new Date(Date.now() - (t.config.session.idleMinutes + 1) * 60_000);
    await t.database.db.update(sessions).set({ lastSeenAt: idleSince });
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('ends a session past its absolute lifetime even when active', async () => {
    const c = await signIn(t.app, 'admin@acme.example');
    await t.database.db.update(sessions).set({ expiresAt: new Date(Date.now() - 1000) });
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('ends the sessions of a disabled contact', async () => {
    const c = await signIn(t.app, 'user@globex.example');
    await t.database.db.update(contacts).set({ isActive: false }).where(eq(contacts.email, 'user@globex.example'));
    try {
      expect((await c.get('/api/v1/auth/me')).statusCode).toBe(401);
    } finally {
      await t.database.db.update(contacts).set({ isActive: true }).where(eq(contacts.email, 'user@globex.example'));
    }
  });
});

describe('session cache (auth/session-cache.ts)', () => {
  it('serves a session from memory until any write request, which shows the next request the database again', async () => {
    const c = await signIn(t.app, 'operator@acme.example');
    const other = await signIn(t.app, 'user@acme.example');
    const name = c.session.user.firstName;
    expect((await c.get('/api/v1/auth/me')).json<SessionResponse>().user.firstName).toBe(name);
    // A write this process did not make (another server process): remembered for up to SESSION_CACHE_TTL_MS.
    await t.database.db.update(contacts).set({ firstName: 'Renamed' }).where(eq(contacts.id, c.session.user.contactId));
    try {
      expect((await c.get('/api/v1/auth/me')).json<SessionResponse>().user.firstName).toBe(name);
      // Any unsafe request of this process, here someone else's logout, empties the cache.
      expect((await other.post('/api/v1/auth/logout')).statusCode).toBe(204);
      expect((await c.get('/api/v1/auth/me')).json<SessionResponse>().user.firstName).toBe('Renamed');
    } finally {
      await t.database.db.update(contacts).set({ firstName: name }).where(eq(contacts.id, c.session.user.contactId));
    }
  });

  it('a logout ends the remembered session at once', async () => {
    const c = await signIn(t.app, 'operator@acme.example');
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(200);
    expect((await c.post('/api/v1/auth/logout')).statusCode).toBe(204);
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(401);
  });

  it('a remembered session still ends by time (idle timeout, absolute end)', async () => {
    const c = await signIn(t.app, 'operator@acme.example');
    expect((await c.get('/api/v1/auth/me')).statusCode).toBe(200);
    vi.useFakeTimers({ now: Date.now() + t.config.session.absoluteHours * 3_600_000 + 1000, toFake: ['Date'] });
    try {
      expect((await c.get('/api/v1/auth/me')).statusCode).toBe(401);
    } finally {
      vi.useRealTimers();
    }
  });
});

describe('login rate limit', () => {
  it('answers 429 after too many attempts in a minute', async () => {
    const limited = await createTestApp({ loginRateLimit: 3 });
    try {
      const codes: number[] = [];
      for (let i = 0; i < 4; i++) {
        const res = await limited.app.inject({
          method: 'POST',
          url: '/api/v1/auth/login',
          payload: { email: 'admin@acme.example', password: 'wrong-password' },
        });
        codes.push(res.statusCode);
      }
      expect(codes).toEqual([401, 401, 401, 429]);
    } finally {
      await limited.close();
    }
  });
});

describe('session cookie', () => {
  it('is cleared when the session is unknown', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/auth/me', headers: { cookie: 'sc_session=gone' } });
    const cleared = res.cookies.find((c) => c.name === 'sc_session');
    expect(cleared?.value).toBe('');
  });

  it('is what the helper reads', async () => {
    const res = await login('admin@acme.example', DEMO_PASSWORD);
    expect(sessionCookieOf(res)).toMatch(/^sc_session=/);
  });
});
