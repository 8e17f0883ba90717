import type { Browser, BrowserContext, Page, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// The service-request calendar (requirements §2.1) walked as operator@acme.example and user@acme.example.
// The browser's clock is pinned inside the demo data's weeks (anchored at 2026-11-01), so the month
// shown is the same whatever day the suite runs.

interface CalendarEventLike {
  id: number;
  ticketNo: string;
  shortDescription: string;
  status: string;
}
interface CalendarResponseLike {
  events: CalendarEventLike[];
  truncated: boolean;
  timeZone: string;
}

const NOW = new Date('2026-11-16T15:00:00Z'); // a Monday, mid-morning in the US zones
const DESKTOP = { width: 1366, height: 900 };
const PHONE = { width: 375, height: 740 };

let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function newPage(viewport = DESKTOP, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme, timezoneId: 'America/New_York' });
  contexts.push(context);
  const page = await context.newPage();
  await page.clock.setFixedTime(NOW);
  return page;
}

const hasNoOverflow = (p: Page) => p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
const isCalendarResponse = (r: Response) => r.url().includes('/api/v1/service-requests/calendar?') && r.request().method() === 'GET';
const title = (e: CalendarEventLike) => `${e.ticketNo} - ${e.shortDescription}`;
/** The titles the calendar shows (each event's text starts with its title; week/day add the time label first). */
const shownTitles = async (p: Page) => (await p.locator('.rbc-event .rbc-event-content').allTextContents()).map((t) => t.trim());
const periodLabel = (p: Page) => p.getByRole('heading', { level: 2 });

/** Opens `path` signed in as `email` and returns the calendar data the page loaded first. */
async function openCalendar(page: Page, email: string, path: string): Promise<CalendarResponseLike> {
  const first = page.waitForResponse(isCalendarResponse);
  await signInAs(page, email, path);
  const res = await first;
  expect(res.status()).toBe(200);
  await page.locator('.rbc-calendar').waitFor();
  return (await res.json()) as CalendarResponseLike;
}

/** Every page of a list API through the page's session. */
async function allRows<T>(p: Page, path: string): Promise<T[]> {
  const out: T[] = [];
  for (let page = 1; ; page++) {
    const res = await p.request.get(`${new URL(p.url()).origin}/api/v1${path}&page=${page}&pageSize=50`);
    expect(res.status()).toBe(200);
    const body = (await res.json()) as { rows: T[]; hasNextPage: boolean };
    out.push(...body.rows);
    if (!body.hasNextPage) return out;
  }
}

describe('operator: /requests/calendar', () => {
  let page: Page;
  let month: CalendarResponseLike;

  beforeAll(async () => {
    page = await newPage();
    month = await openCalendar(page, 'operator@acme.example', '/requests/calendar');
  });

  it('shows the month with the open requests of the API, titled by number and short description', async () => {
    await expect.poll(() => periodLabel(page).textContent()).toBe('November 2026');
    expect(month.events.length).toBeGreaterThan(5);
    expect(month.events.every((e) => e.status === 'Open')).toBe(true);
    await page.locator('.rbc-event').first().waitFor();
    const shown = await shownTitles(page);
    expect(shown.length).toBeGreaterThan(3);
    const titles = new Set(month.events.map(title));
    for (const t of shown) expect(titles.has(t), t).toBe(true);
    await expect.poll(() => page.getByRole('button', { name: 'Calendar', exact: true }).getAttribute('aria-current')).toBe('page');
    expect(await page.getByRole('button', { name: 'Month', exact: true }).getAttribute('aria-pressed')).toBe('true');
    expect(await page.getByRole('button', { name: 'Agenda' }).count()).toBe(0);
    await screenshot(page, 'request-calendar-month-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('the status filter asks again and keeps the choice in the URL; List keeps it', async () => {
    const next = page.waitForResponse((r) => isCalendarResponse(r) && r.url().includes('status=%3CALL%3E'));
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: '(All)' }).click();
    const all = (await (await next).json()) as CalendarResponseLike;
    expect(all.events.length).toBeGreaterThan(month.events.length);
    await page.waitForURL(/status=%3CALL%3E/);
    await page.locator('.rbc-event:not(.sc-event-open)').first().waitFor();
    await screenshot(page, 'request-calendar-month-all-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/app/spa/requests?status=%3CALL%3E');
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'Open' }).click();
    // Open is the default: the URL state leaves it out, as every list's does (docs/conventions.md 'Lists').
    await page.waitForURL((u) => u.pathname.endsWith('/requests/calendar') && !u.searchParams.has('status'));
    // The link follows the URL on the next render.
    await expect.poll(() => page.getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/app/spa/requests');
  });

  it('navigates Next and Back in the month', async () => {
    const december = page.waitForResponse(isCalendarResponse);
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => periodLabel(page).textContent()).toBe('December 2026');
    // Nov 29 00:00 in the operator's US zone (the demo gives each contact one of four).
    expect(new URL((await december).url()).searchParams.get('from')).toMatch(/^2026-11-29T0[5-8]:00:00.000Z$/);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => periodLabel(page).textContent()).toBe('November 2026');
  });

  it('switches to week and to day (no agenda), navigating Next and Back', async () => {
    await page.getByRole('button', { name: 'Week', exact: true }).click();
    await page.waitForURL(/view=week/);
    await expect.poll(() => periodLabel(page).textContent()).toBe('November 15 – 21');
    await page.locator('.rbc-time-view').waitFor();
    await screenshot(page, 'request-calendar-week-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Day', exact: true }).click();
    await page.waitForURL(/view=day/);
    await expect.poll(() => periodLabel(page).textContent()).toBe('Monday Nov 16');
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await expect.poll(() => periodLabel(page).textContent()).toBe('Tuesday Nov 17');
    await page.waitForURL(/date=2026-11-17/);
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await page.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => periodLabel(page).textContent()).toBe('Sunday Nov 15');
    await page.getByRole('button', { name: 'Today', exact: true }).click();
    await expect.poll(() => periodLabel(page).textContent()).toBe('Monday Nov 16');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(await page.getByRole('button', { name: 'Agenda' }).count()).toBe(0);
  });

  it('opens an event with Enter from the keyboard, and one by a click; Back returns to the same view', async () => {
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await page.waitForURL(/view=month/);
    const first = page.locator('.rbc-month-view .rbc-event').first();
    await first.waitFor();
    const label = (await first.getAttribute('aria-label')) ?? '';
    const event = month.events.find((e) => label.startsWith(`${title(e)}.`));
    expect(event, label).toBeDefined();
    await first.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/servicerequest/view/${event!.id}$`));
    await page.getByText(event!.ticketNo).first().waitFor();

    await page.goBack();
    await page.waitForURL(/\/requests\/calendar\?.*view=month/);
    const again = page.locator('.rbc-month-view .rbc-event').nth(1);
    const label2 = (await again.getAttribute('aria-label')) ?? '';
    const event2 = month.events.find((e) => label2.startsWith(`${title(e)}.`))!;
    await again.click();
    await page.waitForURL(new RegExp(`/servicerequest/view/${event2.id}$`));
  });

  it('reads well in the dark theme on the desktop', async () => {
    const dark = await newPage(DESKTOP, 'dark');
    await openCalendar(dark, 'operator@acme.example', '/requests/calendar');
    await dark.locator('.rbc-event').first().waitFor();
    await screenshot(dark, 'request-calendar-month-desktop-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.getByRole('combobox', { name: 'Status' }).click();
    await dark.getByRole('option', { name: '(All)' }).click();
    await dark.locator('.rbc-event.sc-event-escalation').first().waitFor();
    await screenshot(dark, 'request-calendar-month-all-november-desktop-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    // October: closed requests too (closed work was scheduled soon after it was opened).
    await dark.getByRole('button', { name: 'Back', exact: true }).click();
    await expect.poll(() => periodLabel(dark).textContent()).toBe('October 2026');
    await dark.locator('.rbc-event.sc-event-closed').first().waitFor();
    await screenshot(dark, 'request-calendar-month-all-desktop-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.getByRole('button', { name: 'Week', exact: true }).click();
    await dark.locator('.rbc-time-view').waitFor();
    await screenshot(dark, 'request-calendar-week-desktop-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
  });
});

describe('user: /myrequests/calendar', () => {
  it('shows only the User’s own requests, as the API gives them', async () => {
    const page = await newPage();
    const month = await openCalendar(page, 'user@acme.example', '/myrequests/calendar');
    expect(new URL(page.url()).pathname).toBe('/app/spa/myrequests/calendar');
    await page.getByRole('heading', { level: 1, name: 'My Service Requests' }).waitFor();
    expect(month.events.length).toBeGreaterThan(0);
    // A User's list is its own contact's requests (and so is /myrequests): the calendar holds no other.
    const own = new Set((await allRows<{ id: number }>(page, '/service-requests?status=%3CALL%3E&mine=true')).map((r) => r.id));
    for (const e of month.events) expect(own.has(e.id), e.ticketNo).toBe(true);
    await page.locator('.rbc-event').first().waitFor();
    const titles = new Set(month.events.map(title));
    for (const t of await shownTitles(page)) expect(titles.has(t), t).toBe(true);
    // requirements §2.1: the search box is hidden for User.
    expect(await page.getByLabel('SEARCH REQUEST').count()).toBe(0);
    expect(await page.getByRole('link', { name: 'List' }).getAttribute('href')).toBe('/app/spa/myrequests/');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'request-calendar-mine-desktop-light');
  });
});

describe('at 375 px', () => {
  it.each(['light', 'dark'] as const)('opens on the day, fits the width and passes axe (%s)', async (scheme) => {
    const page = await newPage(PHONE, scheme);
    await openCalendar(page, 'operator@acme.example', '/requests/calendar');
    await expect.poll(() => periodLabel(page).textContent()).toBe('Monday Nov 16');
    expect(await page.getByRole('button', { name: 'Day', exact: true }).getAttribute('aria-pressed')).toBe('true');
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
    expect(await hasNoOverflow(page)).toBe(true);
    await screenshot(page, `request-calendar-day-mobile-${scheme}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Month', exact: true }).click();
    await expect.poll(() => periodLabel(page).textContent()).toBe('November 2026');
    expect(await hasNoOverflow(page)).toBe(true);
    await screenshot(page, `request-calendar-month-mobile-${scheme}`);
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('signed out', () => {
  it('the calendar asks for the sign-in first', async () => {
    const page = await newPage();
    await page.goto(spa('/requests/calendar'));
    await page.getByLabel('Email Address').waitFor();
  });
});
