import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorResponse, Preferences, PreferencesSaveRequest, SessionResponse } from '@sc/common';
import { contacts, userPreferences } from '../src/db/schema/index.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';
import { forgetAllSessions } from '../src/auth/session-cache.ts';

let t: TestApp;
let user: Client;
let operator: Client;
let globexAdmin: Client;

const valid: PreferencesSaveRequest = {
  firstName: 'Tom',
  lastName: 'Baker',
  officePhone: '(555) 010-2000',
  mobilePhone: '',
  timeZone: 'Asia/Tokyo',
  pageSize: 25,
  theme: 'dark',
  emailOnTicketCreated: true,
  emailOnTicketUpdated: false,
  emailOnTicketClosed: true,
  emailOnNewAction: false,
};

const me = async (c: Client) => (await c.get('/api/v1/auth/me')).json<SessionResponse>().user;

beforeAll(async () => {
  t = await createTestApp();
  [user, operator, globexAdmin] = (await Promise.all(['user@acme.example', 'operator@acme.example', 'admin@globex.example'].map((e) => signIn(t.app, e)))) as [Client, Client, Client];
});
afterAll(() => t.close());

describe('refusals', () => {
  it('answers 401 signed out', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/preferences' })).statusCode).toBe(401);
    expect((await t.app.inject({ method: 'PUT', url: '/api/v1/preferences', payload: valid })).statusCode).toBe(401);
  });

  it('answers 400 naming the field for bad input', async () => {
    const cases: [Partial<Record<keyof PreferencesSaveRequest, unknown>>, string][] = [
      [{ timeZone: 'Mars/Olympus' }, 'timeZone'],
      [{ timeZone: '' }, 'timeZone'],
      [{ pageSize: 20 }, 'pageSize'],
      [{ theme: 'blue' }, 'theme'],
      [{ firstName: '  ' }, 'firstName'],
      [{ lastName: 'x'.repeat(81) }, 'lastName'],
      [{ officePhone: 'call me' }, 'officePhone'],
      [{ emailOnNewAction: 'yes' }, 'emailOnNewAction'],
    ];
    for (const [change, field] of cases) {
      const res = await user.put('/api/v1/preferences', { ...valid, ...change });
      expect(res.statusCode, field).toBe(400);
      expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {}), field).toContain(field);
    }
  });
});

describe('own account only', () => {
  it('reads the caller’s own preferences', async () => {
    const res = await user.get('/api/v1/preferences');
    expect(res.statusCode).toBe(200);
    expect(res.json<Preferences>()).toMatchObject({ firstName: 'Thomas', lastName: 'Becker' });
  });

  it('saves, and /auth/me shows the new name, time zone, page size and theme at once; nobody else changes', async () => {
    const operatorBefore = await me(operator);
    const globexBefore = await me(globexAdmin);
    const globexPrefsBefore = (await globexAdmin.get('/api/v1/preferences')).json<Preferences>();
    // Ids in the body cannot target another account: unknown keys are ignored, the session decides.
    const res = await user.put('/api/v1/preferences', { ...valid, webUserId: operatorBefore.ccWebUserId, contactId: operatorBefore.contactId, cid: globexBefore.cid });
    expect(res.statusCode).toBe(200);
    expect(res.json<Preferences>()).toEqual({ ...valid, mobilePhone: null });

    const after = await me(user);
    expect(after).toMatchObject({ firstName: 'Tom', lastName: 'Baker', timeZone: 'Asia/Tokyo', pageSize: 25, theme: 'dark' });
    expect(await me(operator)).toEqual(operatorBefore);
    expect(await me(globexAdmin)).toEqual(globexBefore);
    expect((await globexAdmin.get('/api/v1/preferences')).json<Preferences>()).toEqual(globexPrefsBefore);

    // Names and phones are the contact's own fields (the contacts list shows the same numbers).
    const [contact] = await t.database.db.select().from(contacts).where(eq(contacts.id, after.contactId));
    expect(contact).toMatchObject({ firstName: 'Tom', lastName: 'Baker', directPhone: '(555) 010-2000', mobilePhone: null });
    const [prefs] = await t.database.db.select().from(userPreferences).where(eq(userPreferences.webUserId, after.ccWebUserId));
    expect(prefs).toMatchObject({ cid: after.cid, timeZone: 'Asia/Tokyo', pageSize: 25, theme: 'dark', emailOnTicketUpdated: false });
  });

  it('creates the preferences row for an account that has none yet, with defaults before', async () => {
    const uid = operator.session.user.ccWebUserId;
    await t.database.db.delete(userPreferences).where(eq(userPreferences.webUserId, uid));
    forgetAllSessions(); // a write outside the API: empty the session cache as an API write would
    const defaults = (await operator.get('/api/v1/preferences')).json<Preferences>();
    expect(defaults).toMatchObject({ pageSize: 10, theme: 'system', emailOnTicketCreated: true, emailOnNewAction: true });
    expect((await me(operator)).pageSize).toBe(10);
    const res = await operator.put('/api/v1/preferences', { ...defaults, pageSize: 50, theme: 'light' });
    expect(res.statusCode).toBe(200);
    expect(await me(operator)).toMatchObject({ pageSize: 50, theme: 'light' });
  });
});
