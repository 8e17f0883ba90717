import type { Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, signedInPages, spa } from './support.ts';

// Banner messages and User Preferences (issue 5, items 3 and 4), walked by the demo accounts.

interface BannerLike {
  message: string;
  expirationDate: string | null;
}
interface PreferencesLike {
  firstName: string;
  lastName: string;
  officePhone: string | null;
  mobilePhone: string | null;
  timeZone: string;
  pageSize: number;
  theme: string;
  emailOnTicketCreated: boolean;
  emailOnTicketUpdated: boolean;
  emailOnTicketClosed: boolean;
  emailOnNewAction: boolean;
}

const ACME_TEXT = 'E2E Acme banner: the office is closed on Friday.';
const GLOBAL_TEXT = 'E2E global banner: portal maintenance on Sunday.';
const FUTURE = '2099-12-31';

/** The demo banners as they were, restored at the end (other e2e files share the server). */
const original: { acme?: BannerLike; global?: BannerLike } = {};
let originalPrefs: PreferencesLike | undefined;
// Registered before this file's afterAll, so the restore below runs while the browser is still open.
const { open } = signedInPages();

async function api<T>(page: Page, method: 'GET' | 'PUT', url: string, body?: unknown): Promise<T> {
  const origin = new URL(page.url()).origin;
  const me = (await (await page.request.get(`${origin}/api/v1/auth/me`)).json()) as { csrfToken: string };
  const res = await page.request.fetch(`${origin}/api/v1${url}`, { method, data: body, headers: { 'x-csrf-token': me.csrfToken } });
  expect(res.status(), `${method} ${url}`).toBe(200);
  return (await res.json()) as T;
}

/** Loads the home page and waits for its banner request, so "not shown" means not shown. */
async function home(page: Page) {
  const answered = page.waitForResponse((r) => r.url().endsWith('/api/v1/banners/active'));
  await page.goto(spa('/'));
  await answered;
  await page.getByRole('heading', { name: /^Hello, / }).waitFor();
}
const announcements = (page: Page) => page.getByRole('region', { name: 'Announcements' });

async function openAccountMenuItem(page: Page, item: string) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: item }).click();
}

/** Demo accounts store a theme that wins over the browser's: switch with the top-bar toggle as a user would. */
async function switchToDarkTheme(page: Page) {
  const toDark = page.getByRole('button', { name: 'Switch to dark mode' });
  if (await toDark.count()) await toDark.click();
  await page.getByRole('button', { name: 'Switch to light mode' }).waitFor();
  await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
}

const noHorizontalScroll = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);

afterAll(async () => {
  // Put the demo banners and preferences back as they were.
  if (original.acme || original.global || originalPrefs) {
    const admin = await open('admin@acme.example');
    if (original.acme) await api(admin, 'PUT', '/banner', { expirationDate: original.acme.expirationDate ?? FUTURE, message: original.acme.message });
    if (original.global) {
      const staff = await open('staff@provider.example');
      await api(staff, 'PUT', '/banner', { expirationDate: original.global.expirationDate ?? FUTURE, message: original.global.message });
    }
    if (originalPrefs) {
      const user = await open('user@acme.example');
      await api(user, 'PUT', '/preferences', originalPrefs);
    }
  }
});

describe('banner messages', () => {
  it('admin@acme.example sets its banner in the Banner Message dialog (loaded with the stored one)', async () => {
    const page = await open('admin@acme.example');
    original.acme = await api<BannerLike>(page, 'GET', '/banner');
    await openAccountMenuItem(page, 'Banner');
    const dialog = page.getByRole('dialog', { name: 'Banner Message' });
    const message = dialog.getByRole('textbox', { name: 'Application Banner Message' });
    await expect.poll(() => message.inputValue()).toBe(original.acme.message);
    expect(await dialog.getByLabel('Expiration Date').inputValue()).toBe(original.acme.expirationDate);
    expect(await message.getAttribute('rows')).toBe('5');
    await screenshot(page, 'banner-dialog-desktop-light');
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);

    await dialog.getByLabel('Expiration Date').fill(FUTURE);
    await message.fill(ACME_TEXT);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('alert').filter({ hasText: 'Banner message has been updated' }).waitFor();
    await dialog.waitFor({ state: 'detached' });
    // The editor's own home page shows it at once.
    await announcements(page).getByText(ACME_TEXT).waitFor();
    await screenshot(page, 'home-banner-desktop-light');
  });

  it('shows the Acme banner to operator@acme.example (with the 30 s banner snackbar) and not to admin@globex.example', async () => {
    // Sign-in lands on the home page: the banner and its snackbar (once per session) show there.
    const operator = await open('operator@acme.example');
    await announcements(operator).getByText(ACME_TEXT).waitFor();
    await operator.getByRole('alert').filter({ hasText: ACME_TEXT }).waitFor();
    expect(await seriousAxeViolations(operator)).toEqual([]);

    const globex = await open('admin@globex.example');
    await home(globex);
    expect(await globex.getByText(ACME_TEXT).count()).toBe(0);
  });

  it('dismisses a banner for the rest of the session', async () => {
    const operator = await open('operator@acme.example');
    await home(operator);
    const banner = announcements(operator).getByRole('status').filter({ hasText: ACME_TEXT });
    await banner.getByRole('button', { name: 'Dismiss' }).click();
    await banner.waitFor({ state: 'detached' });
    await home(operator);
    expect(await announcements(operator).getByText(ACME_TEXT).count()).toBe(0);
  });

  it('staff@provider.example sets the global banner; user@globex.example sees it', async () => {
    const staff = await open('staff@provider.example', { width: 375, height: 740, colorScheme: 'dark' });
    original.global = await api<BannerLike>(staff, 'GET', '/banner');
    await switchToDarkTheme(staff);
    await openAccountMenuItem(staff, 'Banner');
    const dialog = staff.getByRole('dialog', { name: 'Banner Message' });
    await expect.poll(() => dialog.getByRole('textbox', { name: 'Application Banner Message' }).inputValue()).toBe(original.global.message);
    expect(await noHorizontalScroll(staff)).toBe(true);
    await screenshot(staff, 'banner-dialog-mobile-dark');
    expect(await seriousAxeViolations(staff, '[role="dialog"]')).toEqual([]);
    await dialog.getByLabel('Expiration Date').fill(FUTURE);
    await dialog.getByRole('textbox', { name: 'Application Banner Message' }).fill(GLOBAL_TEXT);
    await dialog.getByRole('button', { name: 'Save' }).click();
    await staff.getByRole('alert').filter({ hasText: 'Banner message has been updated' }).waitFor();

    const globexUser = await open('user@globex.example', { width: 375, height: 740, colorScheme: 'dark' });
    await switchToDarkTheme(globexUser);
    await home(globexUser);
    await announcements(globexUser).getByText(GLOBAL_TEXT).waitFor();
    expect(await globexUser.getByText(ACME_TEXT).count()).toBe(0);
    expect(await noHorizontalScroll(globexUser)).toBe(true);
    await screenshot(globexUser, 'home-banner-mobile-dark');
    expect(await seriousAxeViolations(globexUser)).toEqual([]);
  });

  it('does not show a banner whose expiration date is past', async () => {
    const admin = await open('admin@acme.example');
    await api(admin, 'PUT', '/banner', { expirationDate: '2020-01-01', message: 'E2E expired banner' });
    const user = await open('user@acme.example');
    await home(user);
    await announcements(user).getByText(GLOBAL_TEXT).waitFor();
    expect(await user.getByText('E2E expired banner').count()).toBe(0);
  });

  it('gives user@acme.example no Banner item', async () => {
    const user = await open('user@acme.example');
    await user.getByRole('button', { name: 'Account menu' }).click();
    await user.getByRole('menuitem', { name: 'User Preferences' }).waitFor();
    expect(await user.getByRole('menuitem', { name: 'Banner' }).count()).toBe(0);
  });
});

/** 'MMM D, YYYY h:mm A' in a zone, as web/src/ui/dates.ts formats it. */
function formatIn(iso: string, timeZone: string): string {
  const parts = new Intl.DateTimeFormat('en-US', { timeZone, month: 'short', day: 'numeric', year: 'numeric', hour: 'numeric', minute: '2-digit', hour12: true }).formatToParts(new Date(iso));
  const p = (t: string) => parts.find((x) => x.type === t)?.value ?? '';
  return `${p('month')} ${p('day')}, ${p('year')} ${p('hour')}:${p('minute')} ${p('dayPeriod').toUpperCase()}`;
}

describe('user preferences', () => {
  it('changes time zone, theme and page size; they apply at once and persist after reload', async () => {
    // A first sign-in has no "last login" to show: make sure there is one.
    await open('user@acme.example', { fresh: true });
    const page = await open('user@acme.example', { fresh: true });
    originalPrefs = await api<PreferencesLike>(page, 'GET', '/preferences');
    const me = await api<{ user: { lastLoginDate: string } }>(page, 'GET', '/auth/me');
    const zone = originalPrefs.timeZone === 'Asia/Tokyo' ? 'Europe/Berlin' : 'Asia/Tokyo';

    await openAccountMenuItem(page, 'User Preferences');
    const dialog = page.getByRole('dialog', { name: 'User Preferences' });
    await expect.poll(() => dialog.getByRole('textbox', { name: /First Name/ }).inputValue()).toBe(originalPrefs.firstName);
    await screenshot(page, 'preferences-dialog-desktop-light');
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);

    const tz = dialog.getByRole('combobox', { name: /Time Zone/ });
    await tz.fill(zone);
    await page.getByRole('option', { name: zone, exact: true }).click();
    await dialog.getByRole('combobox', { name: /Default Page Size/ }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await dialog.getByRole('combobox', { name: /Theme/ }).click();
    await page.getByRole('option', { name: 'Dark', exact: true }).click();
    await dialog.getByRole('button', { name: 'Update' }).click();
    await page.getByRole('alert').filter({ hasText: 'User Preferences Updated' }).waitFor();
    await dialog.waitFor({ state: 'detached' });

    const expectApplied = async () => {
      await expect.poll(() => page.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
      await page.getByRole('button', { name: 'Account menu' }).click();
      await page.getByRole('menu').getByText(`Last login: ${formatIn(me.user.lastLoginDate, zone)}`).waitFor();
      await page.keyboard.press('Escape');
      await page.getByRole('menu').waitFor({ state: 'detached' });
      // Focus back on the avatar button pulses its ripple for ever; screenshots wait for animations.
      await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
      await page.mouse.move(600, 600);
    };
    await expectApplied();
    await screenshot(page, 'preferences-applied-desktop-dark');

    await page.reload();
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    await expectApplied();
    const saved = await api<PreferencesLike>(page, 'GET', '/preferences');
    expect(saved).toMatchObject({ timeZone: zone, pageSize: 25, theme: 'dark' });

    await openAccountMenuItem(page, 'User Preferences');
    const again = page.getByRole('dialog', { name: 'User Preferences' });
    await expect.poll(() => again.getByRole('combobox', { name: /Time Zone/ }).inputValue()).toBe(zone);
    expect(await again.getByRole('combobox', { name: /Default Page Size/ }).innerText()).toBe('25');
    await screenshot(page, 'preferences-dialog-desktop-dark');
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await again.getByRole('button', { name: 'Cancel' }).click();

    // Another browser (light by default) gets the stored theme as soon as the user signs in.
    const elsewhere = await open('user@acme.example', { colorScheme: 'light', fresh: true });
    await expect.poll(() => elsewhere.evaluate(() => document.documentElement.classList.contains('dark'))).toBe(true);
  });

  it('works at 375 px in the light theme', async () => {
    const page = await open('admin@globex.example', { width: 375, height: 740, colorScheme: 'light' });
    // The 30 s banner snackbar would cover the dialog's actions in the picture: close it as a user would.
    await page.getByRole('alert').filter({ hasText: GLOBAL_TEXT }).getByRole('button', { name: 'Close' }).click();
    await page.getByRole('alert').filter({ hasText: GLOBAL_TEXT }).waitFor({ state: 'detached' });
    await openAccountMenuItem(page, 'User Preferences');
    const dialog = page.getByRole('dialog', { name: 'User Preferences' });
    await dialog.getByRole('button', { name: 'Update' }).waitFor();
    expect(await noHorizontalScroll(page)).toBe(true);
    await screenshot(page, 'preferences-dialog-mobile-light');
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'detached' });
  });
});
