import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

/** What each demo account must see: written out here, not derived from the code under test. */
const REPORT_ITEMS = [1, 2, 3, 4].map((n) => `report-3f6d1c2a-5b8e-4d1f-9a7c-1e2b3c4d5e0${n}`);
const ADMIN_ITEMS = ['home', 'contacts', 'new-invites', 'view-invites', 'devices', 'jobs', 'myincidents', 'myrequests', 'catalogue', 'incidents', 'requests', 'surveys', ...REPORT_ITEMS];
const OPERATOR_ITEMS = ['home', 'devices', 'myincidents', 'myrequests', 'catalogue', 'incidents', 'requests', 'surveys'];
const USER_ITEMS = ['home', 'devices', 'myincidents', 'myrequests', 'catalogue', 'surveys'];

const ACCOUNTS = [
  { email: 'admin@acme.example', org: 'Acme Corporation', type: 'Administrator', items: ADMIN_ITEMS, banner: true },
  { email: 'operator@acme.example', org: 'Acme Corporation', type: 'Operator', items: OPERATOR_ITEMS, banner: false },
  { email: 'limited@acme.example', org: 'Acme Corporation', type: 'Operator Ltd.', items: OPERATOR_ITEMS, banner: false },
  { email: 'user@acme.example', org: 'Acme Corporation', type: 'User', items: USER_ITEMS, banner: false },
  { email: 'admin@globex.example', org: 'Globex Corporation', type: 'Administrator', items: ADMIN_ITEMS, banner: true },
  { email: 'user@globex.example', org: 'Globex Corporation', type: 'User', items: USER_ITEMS, banner: false },
  { email: 'staff@provider.example', org: 'Northwind Managed Services', type: 'Administrator', items: ADMIN_ITEMS, banner: true },
];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function freshPage(viewport = { width: 1366, height: 900 }, colorScheme: 'light' | 'dark' = 'light') {
  await context?.close();
  context = await browser.newContext({ viewport, colorScheme, timezoneId: 'America/New_York' });
  page = await context.newPage();
  return page;
}

async function sessionCookie(): Promise<string> {
  const c = (await context.cookies()).find((x) => x.name === 'sc_session');
  return c ? `sc_session=${c.value}` : '';
}

describe('login page', () => {
  it('has the spec labels and links, and nothing serious for axe', async () => {
    await freshPage();
    await page.goto(spa('/'));
    await page.getByRole('heading', { name: 'Login' }).waitFor();
    await expect(page.getByLabel('Email Address').isVisible()).resolves.toBe(true);
    await expect(page.getByLabel('Password', { exact: true }).isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: 'Register' }).getAttribute('href')).toMatch(/\/register$/);
    expect(await page.getByRole('link', { name: 'Forgot Password' }).getAttribute('href')).toMatch(/\/retrieve$/);
    await page.getByLabel('Password', { exact: true }).fill('secret-text');
    await page.getByRole('button', { name: 'Show password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('text');
    await page.getByRole('button', { name: 'Hide password' }).click();
    expect(await page.getByLabel('Password', { exact: true }).getAttribute('type')).toBe('password');
    await screenshot(page, 'login-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('reads well at 375 px in the dark theme', async () => {
    await freshPage({ width: 375, height: 740 }, 'dark');
    await page.goto(spa('/'));
    await page.getByLabel('Email Address').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'login-mobile-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows a wrong password in an error snackbar, keeps the input and signs nobody in', async () => {
    await freshPage();
    await page.goto(spa('/'));
    await page.getByLabel('Email Address').fill('admin@acme.example');
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    const alert = page.getByRole('alert').filter({ hasText: 'Invalid email or password' });
    await alert.waitFor();
    expect(await page.getByLabel('Email Address').inputValue()).toBe('admin@acme.example');
    expect(await sessionCookie()).toBe('');
    expect(await page.getByRole('button', { name: 'Account menu' }).count()).toBe(0);
    await screenshot(page, 'login-error');
  });

  it('keeps the user on the path they asked for', async () => {
    await freshPage();
    await signInAs(page, 'operator@acme.example', '/myincidents/');
    expect(new URL(page.url()).pathname).toBe('/app/spa/myincidents/');
  });
});

describe.each(ACCOUNTS)('signed in as $email', (account) => {
  it('shows the title, the drawer its role allows, the account menu, and logs out for good', async () => {
    await freshPage();
    await signInAs(page, account.email);
    const title = `${account.org} - Support Center - Home`;
    await page.getByText(title).first().waitFor();
    expect(await page.title()).toBe(title);

    const items = await page.locator('[data-testid^="drawer-item-"]').evaluateAll((els) =>
      els.map((e) => e.getAttribute('data-testid')!.replace('drawer-item-', '')),
    );
    expect(items).toEqual(account.items);
    await screenshot(page, `shell-${account.email.replace(/[@.]/g, '_')}`);
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Account menu' }).click();
    const menu = page.getByRole('menu');
    await menu.waitFor();
    const text = await menu.innerText();
    expect(text).toContain(account.email);
    expect(text).toContain(account.type);
    expect(text).toContain(account.org);
    expect(text).toMatch(/[A-Z][a-z]+, [A-Z][a-z]+/);
    expect(await menu.getByText('Banner', { exact: true }).count()).toBe(account.banner ? 1 : 0);
    await screenshot(page, `account-menu-${account.email.replace(/[@.]/g, '_')}`);

    const cookie = await sessionCookie();
    expect(cookie).not.toBe('');
    await menu.getByText('Logout', { exact: true }).click();
    await page.getByRole('button', { name: 'Login', exact: true }).waitFor();
    const me = await fetch(`${baseUrl()}/api/v1/auth/me`, { headers: { cookie } });
    expect(me.status).toBe(401);
  });
});

describe('the shell', () => {
  it('shows No match found for path on an unknown path once signed in (signed out, it is an e-mail link: requirements §12.1)', async () => {
    await freshPage();
    await page.goto(spa('/no/such/page'));
    await page.getByText(/has no match to redirect/).waitFor();
    await signInAs(page, 'admin@acme.example');
    await page.goto(spa('/no/such/page'));
    await page.getByText('No match found for path').waitFor();
  });

  it('opens the drawer from the menu button on a phone', async () => {
    await freshPage({ width: 375, height: 740 }, 'dark');
    await signInAs(page, 'user@acme.example');
    await page.getByRole('button', { name: 'Open menu' }).click();
    await page.getByTestId('drawer-item-devices').waitFor();
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
    expect(overflow).toBe(false);
    await screenshot(page, 'shell-mobile-dark-drawer');
  });
});

describe('session expiry', () => {
  it('asks for the credentials again and keeps the user where they were', async () => {
    await freshPage();
    await signInAs(page, 'admin@acme.example', '/myrequests/');
    // End the session on the server, as the idle timeout would.
    const cookie = await sessionCookie();
    const me = (await (await fetch(`${baseUrl()}/api/v1/auth/me`, { headers: { cookie } })).json()) as { csrfToken: string };
    const out = await fetch(`${baseUrl()}/api/v1/auth/logout`, { method: 'POST', headers: { cookie, 'x-csrf-token': me.csrfToken } });
    expect(out.status).toBe(204);

    // The next request the page makes finds the session gone.
    await page.evaluate(() => window.dispatchEvent(new Event('focus')));
    await page.evaluate(() => document.dispatchEvent(new Event('visibilitychange')));
    const dialog = page.getByRole('dialog');
    await dialog.getByText('Your login has expired. Please, enter your credentials.').waitFor({ timeout: 15_000 });
    await screenshot(page, 'session-expired');
    await dialog.getByLabel('Email Address').fill('admin@acme.example');
    await dialog.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
    await dialog.getByRole('button', { name: 'Login', exact: true }).click();
    await dialog.waitFor({ state: 'detached' });
    expect(new URL(page.url()).pathname).toBe('/app/spa/myrequests/');
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
  });
});
