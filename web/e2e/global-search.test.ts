import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// The global look-ahead search of the top bar (issue 5, item 2), walked as admin@acme.example and
// user@acme.example against the demo data.

interface TicketRowLike {
  id: number;
  ticketNo: string;
  contactId: number;
}
interface SessionLike {
  user: { contactId: number };
}

const SEARCH = 'Global search: contacts, tickets and jobs';
/** Operators and Users reach tickets only: the box says so. */
const SEARCH_TICKETS = 'Global search: tickets';
let browser: Browser;

beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser.close();
});

async function newPage(email: string, atPath: string, viewport = { width: 1366, height: 900 }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme, timezoneId: 'America/New_York' });
  const page = await context.newPage();
  await signInAs(page, email, atPath);
  return page;
}

async function apiGet<T>(p: Page, url: string): Promise<T> {
  const res = await p.request.get(`${new URL(p.url()).origin}/api/v1${url}`);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

/** Types into the search box and waits for the popover (1.2 s after typing stops). */
async function search(p: Page, term: string, label = SEARCH) {
  const box = p.getByRole('combobox', { name: label });
  await box.fill(term);
  const listbox = p.getByRole('listbox');
  await listbox.waitFor({ timeout: 10_000 });
  return listbox;
}

async function noResultsFor(p: Page, term: string, label = SEARCH) {
  await p.getByRole('combobox', { name: label }).fill(term);
  await p.getByText('No search results', { exact: true }).waitFor({ timeout: 10_000 });
}

describe('global search as admin@acme.example', () => {
  let page: Page;
  beforeAll(async () => {
    page = await newPage('admin@acme.example', '/');
  });
  afterAll(() => page.context().close());

  it('is not on the home page', async () => {
    await page.getByText('What would you like to do today?').waitFor();
    expect(await page.getByRole('combobox', { name: SEARCH }).count()).toBe(0);
  });

  it('lists the groups and goes to the picked incident', async () => {
    await page.goto(spa('/devices'));
    const listbox = await search(page, 'Holloway');
    for (const group of [/^Contacts/, /^Incidents/, /^Service Requests/]) await listbox.getByRole('group', { name: group }).waitFor();
    await expect.poll(() => listbox.getByText(/^CWID: \d+ - [A-Z][a-z]{2} \d{1,2}, \d{4}/).count()).toBeGreaterThan(2);
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'global-search-desktop-light');

    const incident = (await apiGet<{ rows: TicketRowLike[] }>(page, '/incidents?status=%3CALL%3E')).rows[0]!;
    const byNumber = await search(page, incident.ticketNo);
    await byNumber.getByText(`JMSID: ${incident.ticketNo}`, { exact: false }).click();
    await page.waitForURL(new RegExp(`/incident/view/${incident.id}$`));
    expect(await page.getByRole('listbox').count()).toBe(0);
    expect(await page.getByRole('combobox', { name: SEARCH }).inputValue()).toBe('');
  });

  it('goes to the picked contact with the keyboard', async () => {
    const me = await apiGet<SessionLike>(page, '/auth/me');
    await search(page, 'admin@acme');
    await page.getByRole('group', { name: /^Contacts/ }).getByRole('option', { name: /Holloway, Margaret/ }).waitFor();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/contacts/view/${me.user.contactId}$`));
  });

  it('finds nothing for a Globex ticket number', async () => {
    const globex = await newPage('admin@globex.example', '/');
    const globexTicket = (await apiGet<{ rows: TicketRowLike[] }>(globex, '/incidents?status=%3CALL%3E')).rows[0]!;
    await globex.context().close();
    await noResultsFor(page, globexTicket.ticketNo);
  });
});

describe('global search as user@acme.example', () => {
  it("does not find another contact's ticket, but finds its own", async () => {
    const admin = await newPage('admin@acme.example', '/devices');
    const user = await newPage('user@acme.example', '/devices');
    const me = await apiGet<SessionLike>(user, '/auth/me');
    const rows = (await apiGet<{ rows: TicketRowLike[] }>(admin, '/incidents?status=%3CALL%3E&pageSize=50')).rows;
    await admin.context().close();
    const theirs = rows.find((r) => r.contactId !== me.user.contactId)!;
    const mine = rows.find((r) => r.contactId === me.user.contactId)!;
    await noResultsFor(user, theirs.ticketNo, SEARCH_TICKETS);
    const listbox = await search(user, mine.ticketNo, SEARCH_TICKETS);
    await listbox.getByText(`JMSID: ${mine.ticketNo}`, { exact: false }).waitFor();
    await user.context().close();
  });
});

describe('global search at 375 px and in the dark theme', () => {
  it('opens from a search button over the bar on a phone', async () => {
    const page = await newPage('admin@acme.example', '/devices', { width: 375, height: 740 }, 'light');
    await page.getByRole('button', { name: SEARCH }).click();
    const listbox = await search(page, 'Backup');
    await listbox.getByRole('group', { name: /^Jobs/ }).waitFor();
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'global-search-mobile-light');
    await listbox.getByRole('option', { name: /Backup and Disaster Recovery/ }).click();
    await page.waitForURL(/\/jobs\?agreement=\d+$/);
    // The pick opened its Agreement dialog, which hides the page behind it from the accessibility tree: the
    // bar's search button is only findable once the dialog is closed (waiting for it first raced the dialog).
    const dialog = page.getByRole('dialog', { name: 'Agreement' });
    await dialog.getByText('Backup and Disaster Recovery').waitFor();
    await page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
    // The bar is back to its buttons, not the open search.
    await page.getByRole('button', { name: SEARCH }).waitFor();
    expect(await page.getByRole('button', { name: 'Close search' }).count()).toBe(0);
    await page.context().close();
  });

  it('reads well in the dark theme, on desktop and at 375 px', async () => {
    const page = await newPage('admin@acme.example', '/devices', { width: 1366, height: 900 }, 'dark');
    await search(page, 'printer');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await screenshot(page, 'global-search-desktop-dark');
    await page.context().close();
    const phone = await newPage('admin@acme.example', '/devices', { width: 375, height: 740 }, 'dark');
    await screenshot(phone, 'global-search-mobile-dark-bar');
    await phone.getByRole('button', { name: SEARCH }).click();
    await search(phone, 'Holloway');
    await screenshot(phone, 'global-search-mobile-dark');
    await phone.context().close();
  });
});
