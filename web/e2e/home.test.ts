import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { showHomeGridEdit } from '@sc/common';
import { baseUrl, launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// The home page walked as each Acme role: the big numbers against the list API, the four tabs, the cards.

interface ListLike {
  total: number;
  rows: { id: number; ticketNo: string; canEdit: boolean; assignedStaffId?: number | null; assignedContactId?: number | null; reassignmentTemplateId?: number | null }[];
}

const ROLES = [
  { email: 'admin@acme.example', name: 'admin', userType: 'Administrator', isUser: false, isAdmin: true },
  { email: 'operator@acme.example', name: 'operator', userType: 'Operator', isUser: false, isAdmin: false },
  { email: 'limited@acme.example', name: 'limited', userType: 'OperatorLimited', isUser: false, isAdmin: false },
  { email: 'user@acme.example', name: 'user', userType: 'User', isUser: true, isAdmin: false },
] as const;

const TABS = [
  { label: 'My Incidents', api: '/incidents?mine=true&status=%3CALL%3E&pageSize=10' },
  { label: 'My Requests', api: '/service-requests?mine=true&status=%3CALL%3E&pageSize=10' },
  { label: 'My Assigned Incs', api: '/incidents?assigned=me&status=%3CALL%3E&pageSize=10' },
  { label: 'My Assigned Reqs', api: '/service-requests?assigned=me&status=%3CALL%3E&pageSize=10' },
] as const;

let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function newPage(viewport = { width: 1366, height: 900 }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme, timezoneId: 'America/New_York' });
  return context.newPage();
}

/** A GET through the page's session (cookie included). */
async function apiGet<T>(p: Page, url: string): Promise<T> {
  const res = await p.request.get(`${new URL(p.url()).origin}/api/v1${url}`);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const countText = (n: number) => new Intl.NumberFormat('en-US').format(n);
/** Data rows of a grid (the header row is a row too). */
const dataRows = (p: Page, label: string) => p.getByRole('grid', { name: label }).locator('[role="row"][data-rowindex]');

async function waitForGrid(p: Page, label: string, expected: number) {
  const grid = p.getByRole('grid', { name: label });
  await grid.waitFor();
  if (expected === 0) await grid.getByText('There are no items to display.').waitFor();
  else await dataRows(p, label).nth(expected - 1).waitFor();
}

describe.each(ROLES)('home page as $name', (role) => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage();
    await signInAs(page, role.email, '/');
    await page.getByRole('heading', { name: /^Hello, / }).waitFor();
  });
  afterAll(async () => {
    await page.context().close();
  });

  it('shows the open counts equal to the list totals of the same scope, with View All', async () => {
    const incidents = await apiGet<ListLike>(page, '/incidents?status=Open&pageSize=10');
    const requests = await apiGet<ListLike>(page, '/service-requests?status=Open&pageSize=10');
    expect(incidents.total).toBeGreaterThan(0);
    await expect.poll(() => page.getByTestId('count-open-incidents-value').textContent()).toBe(countText(incidents.total));
    await expect.poll(() => page.getByTestId('count-open-service-requests-value').textContent()).toBe(countText(requests.total));
    if (role.isUser) {
      // A User's own tickets only: the same totals as My Tickets.
      const mine = await apiGet<ListLike>(page, '/incidents?status=Open&mine=true&pageSize=10');
      expect(incidents.total).toBe(mine.total);
    }
    const viewAll = page.getByRole('link', { name: 'View All Open Service Requests' });
    expect(await viewAll.getAttribute('href')).toBe(role.isUser ? '/app/spa/myrequests/' : '/app/spa/requests?status=Open');
  });

  it('switches the four tabs, each a 10-row grid of the matching tickets', async () => {
    let assignedRows = 0;
    for (const tab of TABS) {
      await page.getByRole('tab', { name: tab.label }).click();
      await expect.poll(() => page.getByRole('tab', { name: tab.label }).getAttribute('aria-selected')).toBe('true');
      const list = await apiGet<ListLike>(page, tab.api);
      const expected = Math.min(10, list.total);
      await waitForGrid(page, tab.label, expected);
      expect(await dataRows(page, tab.label).count()).toBe(expected);
      if (expected > 0) {
        const first = dataRows(page, tab.label).first();
        expect(await first.locator('[data-field="ticketNo"]').textContent()).toBe(list.rows[0]!.ticketNo);
        // 32 px rows (requirements §4).
        expect(Math.round((await first.boundingBox())!.height)).toBe(32);
      }
      // The Edit buttons: the home rule of requirements §4.3 for request rows, the incident rule otherwise, never for a User.
      const editable = list.rows.filter((r) =>
        'assignedStaffId' in r
          ? showHomeGridEdit({ userType: role.userType }, { canEdit: r.canEdit, assignedStaffId: r.assignedStaffId ?? null, assignedContactId: r.assignedContactId ?? null, reassignmentTemplateId: r.reassignmentTemplateId ?? null })
          : !role.isUser && r.canEdit,
      );
      expect(await page.getByRole('grid', { name: tab.label }).getByRole('link', { name: /^Edit / }).count(), `${tab.label} Edit buttons`).toBe(editable.length);
      if (tab.label === 'My Requests') await screenshot(page, `home-${role.name}-my-requests`);
      if (tab.label.startsWith('My Assigned')) assignedRows += expected;
      else expect(expected, tab.label).toBeGreaterThan(0);
    }
    // The demo seed assigns Acme tickets to admin, operator and limited; a User is never an assignee.
    if (role.isUser) expect(assignedRows).toBe(0);
    else expect(assignedRows).toBeGreaterThan(0);
    await page.getByRole('tab', { name: 'My Incidents' }).click();
  });

  it('shows the right cards: account team not for User, View Jobs and Single Pane of Glass only for Administrator, no chat unconfigured', async () => {
    await page.getByRole('link', { name: /Submit Incident/ }).waitFor();
    expect(await page.getByRole('link', { name: /Submit Service Request/ }).count()).toBe(1);
    expect(await page.getByRole('link', { name: /View Jobs/ }).count()).toBe(role.isAdmin ? 1 : 0);
    expect(await page.getByRole('link', { name: /Single Pane of Glass Report/ }).count()).toBe(role.isAdmin ? 1 : 0);
    // The e2e server runs without CHAT_URL: chat is disabled by default (requirements §4.3).
    expect(await page.getByRole('button', { name: /Chat with Us|Techy/ }).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Live Remote Control/ }).count()).toBe(0);
    const team = page.getByRole('region', { name: 'Your account team' });
    if (role.isUser) {
      expect(await team.count()).toBe(0);
    } else {
      await team.waitFor();
      for (const r of ['Account Manager', 'IT Consultant', 'Technical Manager']) await team.getByText(r, { exact: true }).waitFor();
      const mailto = await team.getByRole('link').first().getAttribute('href');
      expect(mailto).toMatch(/^mailto:/);
      expect(await team.locator('a[href^="tel:"]').count()).toBeGreaterThan(0);
    }
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, `home-${role.name}-desktop`);
  });
});

describe('home page navigation', () => {
  it('opens a ticket by double-click and by Enter, and Submit Incident goes to the new-incident picker', async () => {
    const page = await newPage();
    await signInAs(page, 'operator@acme.example', '/');
    await waitForGrid(page, 'My Incidents', 1);
    const first = dataRows(page, 'My Incidents').first();
    const id = await first.getAttribute('data-id');
    await first.locator('[data-field="shortDescription"]').dblclick();
    await page.waitForURL(new RegExp(`/incident/view/${id}$`));
    await page.goBack();
    await waitForGrid(page, 'My Incidents', 1);
    await dataRows(page, 'My Incidents').first().locator('[data-field="ticketNo"]').click();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/incident/view/${id}$`));
    await page.goto(spa('/'));
    await page.getByRole('link', { name: /Submit Incident/ }).click();
    await page.waitForURL(/\/incident\/add$/);
    await page.context().close();
  });
});

describe('home page on desktop and at 375 px, light and dark', () => {
  const looks = [
    { name: 'desktop-dark', viewport: { width: 1366, height: 900 }, scheme: 'dark' },
    { name: 'mobile-light', viewport: { width: 375, height: 740 }, scheme: 'light' },
    { name: 'mobile-dark', viewport: { width: 375, height: 740 }, scheme: 'dark' },
  ] as const;
  it.each(looks)('$name: admin and user, no horizontal scrolling of the page, axe clean', async (look) => {
    for (const email of ['admin@acme.example', 'user@acme.example']) {
      const page = await newPage(look.viewport, look.scheme);
      await signInAs(page, email, '/');
      await page.getByRole('heading', { name: /^Hello, / }).waitFor();
      await page.getByTestId('count-open-incidents-value').getByText(/\d/).waitFor();
      await dataRows(page, 'My Incidents').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
      expect(await seriousAxeViolations(page)).toEqual([]);
      await screenshot(page, `home-${email.split('@')[0]}-${look.name}`);
      await page.context().close();
    }
  });
});

describe('chat (the e2e server has no CHAT_URL: the home answer is replaced in the browser)', () => {
  it('opens the Techy dialog with the embedded page and posts the end-chat beacon when the page is hidden', async () => {
    const page = await newPage({ width: 1366, height: 900 }, 'light');
    await signInAs(page, 'operator@acme.example', '/');
    await page.route('**/api/v1/home', async (route) => {
      const res = await route.fetch();
      const body = (await res.json()) as Record<string, unknown>;
      const chat = { chatEnabled: true, chatName: 'Techy', chatUrl: `${baseUrl()}/chat-page`, remoteControlUrl: 'https://remote.example.net/' };
      await route.fulfill({ response: res, json: { ...body, chat } });
    });
    const beacons: { origin: string | undefined; body: string | null }[] = [];
    await page.route('**/app/kapps/customer-portal/webApis/chat-end-by-chatid', async (route) => {
      beacons.push({ origin: route.request().headers().origin, body: route.request().postData() });
      await route.fulfill({ status: 204 });
    });
    await page.goto(spa('/'));
    const remote = page.getByRole('link', { name: /Live Remote Control/ });
    expect(await remote.getAttribute('target')).toBe('_blank');
    expect(await remote.getAttribute('href')).toBe('https://remote.example.net/');
    await page.getByRole('button', { name: /Techy/ }).click();
    const dialog = page.getByRole('dialog', { name: 'Chat with Us' });
    await dialog.waitFor();
    const src = await dialog.getByTitle('Techy: chat with the help desk').getAttribute('src');
    const chatId = new URL(src!).searchParams.get('chatId');
    expect(chatId).toBeTruthy();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'home-chat-dialog');
    await page.evaluate(() => {
      Object.defineProperty(document, 'visibilityState', { value: 'hidden', configurable: true });
      document.dispatchEvent(new Event('visibilitychange'));
    });
    await expect.poll(() => beacons.length).toBe(1);
    expect(beacons[0]!.origin).toBe(baseUrl());
    const sent = JSON.parse(beacons[0]!.body!) as { chatId: string; user: { userName: string } };
    expect(sent.chatId).toBe(chatId);
    expect(sent.user.userName).toBe('operator@acme.example');
    await page.context().close();
  });
});
