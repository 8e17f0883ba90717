import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// Issue 11 (docs/requirements.md §2.9): list state lives in the URL with the API's names, so Back after
// paging restores the page; a saved ticket shows at once on its lists and on the home page.

interface ApiSession {
  cookie: string;
  csrf: string;
  contactId: number;
}

async function apiLogin(email: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { csrfToken: string; user: { contactId: number } };
  return { cookie: (res.headers.get('set-cookie') ?? '').split(';')[0]!, csrf: body.csrfToken, contactId: body.user.contactId };
}
async function apiSend<T>(s: ApiSession, method: string, path: string, body: unknown): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, {
    method,
    headers: { cookie: s.cookie, 'x-csrf-token': s.csrf, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let browser: Browser;
const contexts: BrowserContext[] = [];
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser.close();
});
async function newPage(viewport = { width: 1366, height: 900 }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme, timezoneId: 'America/New_York' });
  contexts.push(context);
  return context.newPage();
}

const displaying = (p: Page) => p.getByRole('status').filter({ hasText: /^Displaying/ });
const drawerLink = (p: Page, name: string) => p.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name, exact: true });

describe('Back after paging restores the page', () => {
  it('devices: page 2 and the selected device come back after opening another screen', async () => {
    const page = await newPage();
    await signInAs(page, 'admin@acme.example', '/devices?pageSize=3');
    await displaying(page).getByText('Displaying 1 - 3').waitFor();
    const devices = page.getByRole('list', { name: 'Devices' }).getByRole('button');
    const firstOfPage1 = await devices.first().innerText();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2' && u.searchParams.get('pageSize') === '3');
    await displaying(page).getByText('Displaying 4 - 6').waitFor();
    // The pager follows the URL at once while page 1's rows stay until page 2 arrives: wait for page 2's rows.
    await expect.poll(() => devices.first().innerText()).not.toBe(firstOfPage1);
    const second = (await devices.nth(1).innerText()).split('\n')[0]!;
    await devices.nth(1).click();
    await page.waitForURL((u) => u.searchParams.has('selected'));
    await screenshot(page, 'list-contract-devices-page2-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await drawerLink(page, 'Home').click();
    await page.waitForURL((u) => /\/app\/spa\/?$/.test(u.pathname));
    await page.goBack();
    await page.waitForURL((u) => u.pathname.endsWith('/devices') && u.searchParams.get('page') === '2');
    await displaying(page).getByText('Displaying 4 - 6').waitFor();
    expect(await page.getByRole('list', { name: 'Devices' }).locator('[aria-current="true"]').innerText()).toContain(second);
    // Reload (a shared link) restores it too.
    await page.reload();
    await displaying(page).getByText('Displaying 4 - 6').waitFor();
  });

  it('invitations, both ways: page 2 comes back', async () => {
    const page = await newPage();
    await signInAs(page, 'admin@acme.example', '/contacts/new-invites?pageSize=2');
    await displaying(page).getByText(/^Displaying 1 - 2/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await displaying(page).getByText(/^Displaying 3 - 4/).waitFor();
    await drawerLink(page, 'Invitations').click();
    await page.waitForURL((u) => u.pathname.endsWith('/contacts/view-invites'));
    await page.goBack();
    await page.waitForURL((u) => u.pathname.endsWith('/contacts/new-invites') && u.searchParams.get('page') === '2');
    await displaying(page).getByText(/^Displaying 3 - 4/).waitFor();

    await page.goto(spa('/contacts/view-invites?pageSize=1'));
    await displaying(page).getByText(/^Displaying 1 - 1/).waitFor();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.waitForURL((u) => u.searchParams.get('page') === '2');
    await displaying(page).getByText(/^Displaying 2 - 2/).waitFor();
    await screenshot(page, 'list-contract-invitations-page2-desktop-light');
    await drawerLink(page, 'Home').click();
    await page.waitForURL((u) => /\/app\/spa\/?$/.test(u.pathname));
    await page.goBack();
    await page.waitForURL((u) => u.pathname.endsWith('/contacts/view-invites') && u.searchParams.get('page') === '2');
    await displaying(page).getByText(/^Displaying 2 - 2/).waitFor();
  });

  it('notes: the notes route comes back to the conversation after Home and Back', async () => {
    // The notes are no longer a paged list: /incident/actions opens the one ticket page at its
    // conversation, which holds the latest 100 notes in order (docs/decisions/015-ticket-page.md).
    const admin = await apiLogin('admin@acme.example');
    const ticket = await apiSend<{ id: number; ticketNo: string }>(admin, 'POST', '/tickets?type=contact', {
      ticketType: 'Incident',
      shortDescription: `Paging notes ${Date.now()}`,
      contactId: admin.contactId,
    });
    for (const n of [1, 2, 3]) await apiSend(admin, 'POST', `/tickets/${ticket.id}/actions`, { note: `Note number ${n}` });
    const page = await newPage();
    await signInAs(page, 'admin@acme.example', `/incident/actions/${ticket.id}`);
    await page.getByRole('heading', { name: `View Incident ${ticket.ticketNo}` }).waitFor();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    for (const n of [1, 2, 3]) await conversation.getByText(`Note number ${n}`).waitFor();
    await screenshot(page, 'list-contract-notes-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await drawerLink(page, 'Home').click();
    await page.waitForURL((u) => /\/app\/spa\/?$/.test(u.pathname));
    await page.goBack();
    await page.waitForURL((u) => u.pathname.endsWith(`/incident/actions/${ticket.id}`));
    for (const n of [1, 2, 3]) await conversation.getByText(`Note number ${n}`).waitFor();
    // Reload (a shared link) lands on the same ticket page's conversation too.
    await page.reload();
    await page.getByRole('heading', { name: `View Incident ${ticket.ticketNo}` }).waitFor();
    for (const n of [1, 2, 3]) await conversation.getByText(`Note number ${n}`).waitFor();
  });
});

describe('a saved ticket shows at once', () => {
  it('after saving an edited ticket, /incidents and the home tab show the new short description without Refresh', async () => {
    const admin = await apiLogin('admin@acme.example');
    const before = `Before edit ${Date.now()}`;
    const after = `After edit ${Date.now()}`;
    const ticket = await apiSend<{ id: number; ticketNo: string }>(admin, 'POST', '/tickets?type=contact', {
      ticketType: 'Incident',
      shortDescription: before,
      contactId: admin.contactId,
    });
    const page = await newPage();
    await signInAs(page, 'admin@acme.example', '/');
    // The home tab and the list are read (and cached) with the old text first.
    await page.getByRole('tabpanel').getByText(before).waitFor();
    await drawerLink(page, 'Incidents').click();
    await page.waitForURL((u) => u.pathname.endsWith('/incidents'));
    // Exact names: the home page's 'My Incidents' grid, with its own Edit link, can still be on screen
    // while the list's route renders, and a clicked Edit there returns home.
    const incidents = page.getByRole('grid', { name: 'Incidents', exact: true });
    await incidents.getByText(before).waitFor();
    await incidents.getByRole('link', { name: `Edit ${ticket.ticketNo}` }).click();
    await page.getByRole('heading', { name: `Edit Incident ${ticket.ticketNo}` }).waitFor();
    await page.getByLabel('Short Description').fill(after);
    await page.getByRole('button', { name: 'Save' }).click();
    // The editor returns to the list it came from.
    await page.waitForURL((u) => u.pathname.endsWith('/incidents'));
    await incidents.getByText(after).waitFor();
    expect(await incidents.getByText(before).count()).toBe(0);
    await drawerLink(page, 'Home').click();
    await page.getByRole('tabpanel').getByText(after).waitFor();
    expect(await page.getByRole('tabpanel').getByText(before).count()).toBe(0);
    // Switching tabs (kept in the URL) and coming back to My Incidents, the tab that holds it, shows the new text.
    await page.getByRole('tab', { name: 'My Requests' }).click();
    await page.waitForURL((u) => u.searchParams.get('tab') === 'my-requests');
    await page.getByRole('tab', { name: 'My Incidents' }).click();
    await page.waitForURL((u) => !u.searchParams.has('tab'));
    await page.getByRole('tabpanel').getByText(after).waitFor();
    expect(await page.getByRole('tabpanel').getByText(before).count()).toBe(0);
  });
});

describe('list screens look', () => {
  it('devices at 375 px in dark mode: the order is stated and nothing serious for axe', async () => {
    const page = await newPage({ width: 375, height: 740 }, 'dark');
    await signInAs(page, 'admin@acme.example', '/devices?page=2&pageSize=3');
    await displaying(page).getByText('Displaying 4 - 6').waitFor();
    expect(await page.getByTestId('list-order').innerText()).toBe('Sorted by Device Name, A to Z');
    await screenshot(page, 'list-contract-devices-page2-phone-dark');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });
});

describe('contacts, invitations and contact sub-pages: one look', () => {
  const EMPTY = /^(There are no items to display\.|No Data|No Devices Found)$/;
  const variants = [
    ['desktop', { width: 1366, height: 900 }, 'light'],
    ['desktop', { width: 1366, height: 900 }, 'dark'],
    ['phone', { width: 375, height: 740 }, 'light'],
    ['phone', { width: 375, height: 740 }, 'dark'],
  ] as const;
  it.each(variants)('at %s %o in %s mode: panel, stated order, pager, nothing serious for axe', async (name, viewport, colorScheme) => {
    const page = await newPage(viewport, colorScheme);
    await signInAs(page, 'admin@acme.example', '/contacts');
    const origin = new URL(page.url()).origin;
    const becker = ((await (await page.request.get(`${origin}/api/v1/contacts?search=Becker`)).json()) as { rows: { id: number }[] }).rows[0]!.id;
    const screens: [string, string, string][] = [
      ['contacts', '/contacts', 'Sorted by date added, newest first'],
      ['new-invites', '/contacts/new-invites', 'Sorted by Last Name, A to Z'],
      ['view-invites', '/contacts/view-invites', 'Sorted by invitation, newest first'],
      ['contact-incidents', `/contact/incidents/${becker}`, 'Sorted by number, newest first'],
      ['contact-devices', `/contact/devices/${becker}`, 'Sorted by Device Name, A to Z'],
      ['contact-surveys', `/contact/surveys/${becker}`, 'Sorted by Submitted, newest first'],
    ];
    for (const [screen, path, order] of screens) {
      await page.goto(spa(path));
      // Loaded: rows in the grid, or the one empty text.
      await page.locator('[role="grid"] [role="row"][data-rowindex="0"]').or(page.getByRole('status').filter({ hasText: EMPTY })).first().waitFor();
      expect(await page.getByTestId('list-order').innerText(), screen).toBe(order);
      expect(await page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth), screen).toBe(false);
      await screenshot(page, `list-look-${screen}-${name}-${colorScheme}`);
      expect(await seriousAxeViolations(page), screen).toEqual([]);
    }
  }, 180_000);
});

describe('the ticket grid', () => {
  it('opens a ticket from its number, states its order, and remembers the chosen columns per user', async () => {
    const page = await newPage({ width: 1920, height: 1000 });
    await signInAs(page, 'admin@acme.example', '/incidents');
    const grid = page.getByRole('grid', { name: 'Incidents' });
    await grid.getByRole('columnheader', { name: 'Priority', exact: true }).waitFor();
    expect(await page.getByTestId('list-order').innerText()).toBe('Sorted by number, newest first');
    await page.getByRole('button', { name: 'Columns' }).click();
    await page.getByRole('checkbox', { name: 'Priority' }).click();
    await page.keyboard.press('Escape');
    await grid.getByRole('columnheader', { name: 'Priority', exact: true }).waitFor({ state: 'detached' });
    await page.reload();
    await grid.getByRole('columnheader', { name: 'Short Description' }).waitFor();
    expect(await grid.getByRole('columnheader', { name: 'Priority', exact: true }).count()).toBe(0);
    const first = grid.locator('[role="gridcell"][data-field="ticketNo"] a').first();
    const number = await first.innerText();
    await first.click();
    await page.waitForURL(/\/incident\/view\/\d+$/);
    await page.getByText(number).first().waitFor();
  });
});
