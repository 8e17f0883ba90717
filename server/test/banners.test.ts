import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ActiveBannersResponse, Banner, BannerDocument, ErrorResponse } from '@sc/common';
import { bannerMessages, userPreferences } from '../src/db/schema/index.ts';
import { calendarDateIn } from '../src/modules/banners/service.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';
import { forgetAllSessions } from '../src/auth/session-cache.ts';

let t: TestApp;
let admin: Client;
let operator: Client;
let limited: Client;
let user: Client;
let globexAdmin: Client;
let globexUser: Client;
let staff: Client;

const COMPAT = '/app/kapps/customer-portal/webApis';
const FUTURE = '2099-12-31';
const common = { databaseId: 'portal', containerId: 'settings', documentId: 'BannerMessage', msdate: new Date().toUTCString(), auth: 'ignored', msversion: '2018-12-31' };
const pk = (key: string) => JSON.stringify([key]);

const active = async (c: Client) => {
  const res = await c.get('/api/v1/banners/active');
  expect(res.statusCode).toBe(200);
  return res.json<ActiveBannersResponse>().banners;
};
const messages = async (c: Client) => (await active(c)).map((b) => b.message);

beforeAll(async () => {
  t = await createTestApp();
  [admin, operator, limited, user, globexAdmin, globexUser, staff] = (await Promise.all(
    ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example', 'admin@globex.example', 'user@globex.example', 'staff@provider.example'].map((e) =>
      signIn(t.app, e),
    ),
  )) as [Client, Client, Client, Client, Client, Client, Client];
});
afterAll(() => t.close());

describe('refusals', () => {
  it('answers 401 signed out on every banner route', async () => {
    for (const [method, url] of [
      ['GET', '/api/v1/banners/active'],
      ['GET', '/api/v1/banner'],
      ['PUT', '/api/v1/banner'],
      ['POST', `${COMPAT}/get-banner-message`],
      ['POST', `${COMPAT}/upsert-banner-message`],
    ] as const) {
      const payload = method === 'GET' ? undefined : url.endsWith('upsert-banner-message') ? { ...common, upsert: true, documentJson: { Message: 'x', ExpirationDate: FUTURE } } : method === 'PUT' ? { expirationDate: FUTURE, message: 'x' } : common;
      const res = await t.app.inject({ method, url, ...(payload ? { payload } : {}) });
      expect(res.statusCode, `${method} ${url}`).toBe(401);
    }
  });

  it('refuses User, Operator and OperatorLimited on GET/PUT /banner and the compat upsert (403 Not Authorized)', async () => {
    for (const c of [user, operator, limited, globexUser]) {
      const get = await c.get('/api/v1/banner');
      expect(get.statusCode).toBe(403);
      expect(get.json<ErrorResponse>().message).toBe('Not Authorized');
      expect((await c.put('/api/v1/banner', { expirationDate: FUTURE, message: 'Hijack' })).statusCode).toBe(403);
      const compat = await c.post(`${COMPAT}/upsert-banner-message`, { ...common, upsert: true, documentJson: JSON.stringify({ id: 'BannerMessage', Message: 'Hijack', ExpirationDate: FUTURE }) });
      expect(compat.statusCode).toBe(403);
      expect(compat.json<ErrorResponse>().message).toBe('Not Authorized');
    }
    expect(await messages(user)).not.toContain('Hijack');
  });

  it('keeps an Administrator to its own partition through the compat upsert, whatever partitionKey it names', async () => {
    for (const key of ['_cmsSetting', 'globexSetting', 'initechSetting']) {
      const res = await admin.post(`${COMPAT}/upsert-banner-message`, { ...common, partitionKey: pk(key), upsert: true, documentJson: { Message: 'Not yours', ExpirationDate: FUTURE } });
      expect(res.statusCode, key).toBe(403);
    }
    // The space admin cannot write a customer's partition either.
    const staffRes = await staff.post(`${COMPAT}/upsert-banner-message`, { ...common, partitionKey: pk('acmeSetting'), upsert: true, documentJson: { Message: 'Not yours', ExpirationDate: FUTURE } });
    expect(staffRes.statusCode).toBe(403);
    for (const c of [user, globexUser, staff]) expect(await messages(c)).not.toContain('Not yours');
  });

  it('lets nobody read another customer’s banner through the compat read', async () => {
    const res = await globexAdmin.post(`${COMPAT}/get-banner-message`, { ...common, partitionKey: pk('acmeSetting') });
    expect(res.statusCode).toBe(403);
    expect((await user.post(`${COMPAT}/get-banner-message`, { ...common, partitionKey: pk('globexSetting') })).statusCode).toBe(403);
  });

  it('answers 400 naming the field for bad input', async () => {
    const missing = await admin.put('/api/v1/banner', { message: 'No date' });
    expect(missing.statusCode).toBe(400);
    expect(Object.keys(missing.json<ErrorResponse>().fieldErrors ?? {})).toContain('expirationDate');
    const badDate = await admin.put('/api/v1/banner', { expirationDate: '2026-02-30', message: 'x' });
    expect(badDate.statusCode).toBe(400);
    expect(badDate.json<ErrorResponse>().message).toMatch(/expirationDate/);
    const long = await admin.put('/api/v1/banner', { expirationDate: FUTURE, message: 'x'.repeat(2001) });
    expect(long.statusCode).toBe(400);
    expect(long.json<ErrorResponse>().message).toMatch(/message/);
    const badKey = await admin.post(`${COMPAT}/get-banner-message`, { ...common, partitionKey: 'acmeSetting' });
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json<ErrorResponse>().message).toMatch(/partitionKey/);
    const badDoc = await admin.post(`${COMPAT}/upsert-banner-message`, { ...common, upsert: true, documentJson: '{"Message":"x"}' });
    expect(badDoc.statusCode).toBe(400);
    expect(badDoc.json<ErrorResponse>().message).toMatch(/documentJson/);
  });
});

describe('editing and showing', () => {
  it('loads the Administrator’s own banner from its customer partition', async () => {
    const res = await admin.get('/api/v1/banner');
    expect(res.statusCode).toBe(200);
    const b = res.json<Banner>();
    expect(b).toMatchObject({ scope: 'customer', partitionKey: 'acmeSetting' });
    expect(b.message).toMatch(/VPN/);
  });

  it('shows the banner set by admin@acme.example to Acme accounts only, with UpdatedBy and UpdatedDate set', async () => {
    const before = Date.now();
    const res = await admin.put('/api/v1/banner', { expirationDate: FUTURE, message: '  Acme only: office closed Friday.\nSecond line.  ' });
    expect(res.statusCode).toBe(200);
    const saved = res.json<Banner>();
    expect(saved).toMatchObject({ message: 'Acme only: office closed Friday.\nSecond line.', expirationDate: FUTURE, updatedBy: 'admin@acme.example' });
    expect(Date.parse(saved.updatedDate!)).toBeGreaterThanOrEqual(before - 1000);
    for (const c of [admin, operator, limited, user]) expect(await messages(c)).toContain('Acme only: office closed Friday.\nSecond line.');
    for (const c of [globexAdmin, globexUser, staff]) expect(await messages(c)).not.toContain('Acme only: office closed Friday.\nSecond line.');
    const [row] = await t.database.db.select().from(bannerMessages).where(eq(bannerMessages.partitionKey, 'acmeSetting'));
    expect(row?.cid).toBe(admin.session.user.cid);
  });

  it('shows the global banner by staff@provider.example to everyone, first', async () => {
    const staffBanner = (await staff.get('/api/v1/banner')).json<Banner>();
    expect(staffBanner).toMatchObject({ scope: 'global', partitionKey: '_cmsSetting' });
    expect((await staff.put('/api/v1/banner', { expirationDate: FUTURE, message: 'Global: maintenance tonight.' })).statusCode).toBe(200);
    for (const c of [admin, user, globexAdmin, globexUser, staff]) {
      const list = await active(c);
      expect(list[0]).toMatchObject({ scope: 'global', message: 'Global: maintenance tonight.' });
    }
    const acme = await active(user);
    expect(acme.map((b) => b.scope)).toEqual(['global', 'customer']);
  });

  it('writes and reads through the compat web APIs in the caller’s own partition', async () => {
    const up = await globexAdmin.post(`${COMPAT}/upsert-banner-message`, {
      ...common,
      partitionKey: pk('globexSetting'),
      upsert: true,
      documentJson: JSON.stringify({ id: 'BannerMessage', Message: 'Globex: new printer.', ExpirationDate: `${FUTURE}T00:00:00.000Z` }),
    });
    expect(up.statusCode).toBe(200);
    expect(up.json<BannerDocument>()).toMatchObject({ id: 'BannerMessage', Message: 'Globex: new printer.', ExpirationDate: FUTURE, UpdatedBy: 'admin@globex.example', _partitionKey: 'globexSetting' });
    // Without a partitionKey the session decides the partition.
    const read = await globexUser.post(`${COMPAT}/get-banner-message`, common);
    expect(read.json<BannerDocument>()).toMatchObject({ Message: 'Globex: new printer.', _partitionKey: 'globexSetting' });
    const global = await globexUser.post(`${COMPAT}/get-banner-message`, { ...common, partitionKey: pk('_cmsSetting') });
    expect(global.json<BannerDocument>().Message).toBe('Global: maintenance tonight.');
    expect(await messages(globexUser)).toContain('Globex: new printer.');
    expect(await messages(user)).not.toContain('Globex: new printer.');
  });

  it('hides a banner once its expiration date is past, and shows it through the whole expiration day', async () => {
    expect((await admin.put('/api/v1/banner', { expirationDate: '2020-01-01', message: 'Expired notice' })).statusCode).toBe(200);
    expect(await messages(operator)).not.toContain('Expired notice');
    expect((await admin.get('/api/v1/banner')).json<Banner>().message).toBe('Expired notice');

    // "Today" is the reader's calendar date: set the expiration to today in the reader's zone.
    const now = new Date();
    const zone = operator.session.user.timeZone;
    expect((await admin.put('/api/v1/banner', { expirationDate: calendarDateIn(zone, now), message: 'Last day' })).statusCode).toBe(200);
    expect(await messages(operator)).toContain('Last day');
  });

  it('compares the expiration as a calendar date in the reader’s time zone', () => {
    const instant = new Date('2026-03-01T03:00:00Z');
    expect(calendarDateIn('America/New_York', instant)).toBe('2026-02-28');
    expect(calendarDateIn('Asia/Tokyo', instant)).toBe('2026-03-01');
    expect(calendarDateIn('Not/AZone', instant)).toBe('2026-03-01');
  });

  it('uses the reader’s preferred time zone: a banner ending yesterday in UTC+14 can still show in UTC-12', async () => {
    const uid = operator.session.user.ccWebUserId;
    await t.database.db.update(userPreferences).set({ timeZone: 'Etc/GMT+12' }).where(eq(userPreferences.webUserId, uid));
    forgetAllSessions();
    const westToday = calendarDateIn('Etc/GMT+12', new Date());
    expect((await admin.put('/api/v1/banner', { expirationDate: westToday, message: 'Zone check' })).statusCode).toBe(200);
    expect(await messages(operator)).toContain('Zone check');
    await t.database.db.update(userPreferences).set({ timeZone: 'Etc/GMT-14' }).where(eq(userPreferences.webUserId, uid));
    forgetAllSessions();
    const eastToday = calendarDateIn('Etc/GMT-14', new Date());
    expect(await messages(operator)).toEqual(eastToday > westToday ? expect.not.arrayContaining(['Zone check']) : expect.arrayContaining(['Zone check']));
  });

  it('does not show a banner with an empty message', async () => {
    expect((await admin.put('/api/v1/banner', { expirationDate: FUTURE, message: '   ' })).statusCode).toBe(200);
    expect((await active(user)).map((b) => b.scope)).toEqual(['global']);
  });
});
