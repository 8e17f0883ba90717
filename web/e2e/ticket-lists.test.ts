import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// The ticket list screens (requirements §2.1, requirements §2.1) walked as an Operator, a User and an Administrator.

interface RowLike {
  id: number;
  ticketNo: string;
  contactId: number;
  targetContactId: number | null;
  canEdit: boolean;
  shortDescription: string;
}
interface PageLike {
  rows: RowLike[];
  total: number;
  totalIsEstimate: boolean;
  hasNextPage: boolean;
}
interface LookupsLike {
  departments: { id: number; name: string; boardId: number | null; type: string }[];
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

async function signedIn(email: string, at: string, opts: { width?: number; dark?: boolean } = {}): Promise<Page> {
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1366, height: 900 },
    colorScheme: opts.dark ? 'dark' : 'light',
    timezoneId: 'America/New_York',
    acceptDownloads: true,
  });
  contexts.push(context);
  const page = await context.newPage();
  await signInAs(page, email, at);
  return page;
}

/** A GET through the page's own session (cookie included). */
async function apiGet<T>(p: Page, url: string): Promise<T> {
  const res = await p.request.get(`${new URL(p.url()).origin}/api/v1${url}`);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

const grid = (p: Page, name: string) => p.getByRole('grid', { name });
/** The ticket numbers shown, top to bottom. */
const shownNumbers = (p: Page) => p.locator('[role="gridcell"][data-field="ticketNo"]').allTextContents();
const displaying = (p: Page) => p.getByRole('status').filter({ hasText: /^Displaying/ });

async function waitForNumbers(p: Page, expected: string[]) {
  await expect.poll(() => shownNumbers(p), { timeout: 15_000 }).toEqual(expected);
}

describe('operator on /incidents', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('operator@acme.example', '/incidents');
  });

  it('shows the customer’s open incidents, as the API gives them, with the spec’s toolbar', async () => {
    const api = await apiGet<PageLike>(page, '/incidents?status=Open&pageSize=10');
    expect(api.total).toBeGreaterThan(10);
    await waitForNumbers(page, api.rows.map((r) => r.ticketNo));
    await displaying(page).getByText(`Displaying 1 - 10 of ${api.total}`).waitFor();
    // Another customer's incidents never show: the API is scoped, and the grid shows exactly its rows.
    const globex = await apiGet<PageLike>(page, '/incidents?status=%3CALL%3E&search=globex');
    expect(globex.rows.every((r) => !r.ticketNo.startsWith('GLOBEX'))).toBe(true);
    await expect(page.getByLabel('SEARCH INCIDENT').isVisible()).resolves.toBe(true);
    for (const name of ['New', 'Filter', 'Export to Excel', 'Refresh']) await page.getByRole('button', { name, exact: true }).or(page.getByRole('link', { name, exact: true })).first().waitFor();
    await page.getByRole('combobox', { name: 'Status' }).waitFor();
    // Every Open Date shows whole, time and zone included (ui/list/date-time-column.ts): none is cut to an ellipsis.
    const openDates = page.locator('[role="gridcell"][data-field="openDate"]');
    expect(await openDates.first().textContent()).toMatch(/^[A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M \S+$/);
    const cut = await openDates.evaluateAll((cells) => cells.filter((c) => c.scrollWidth > c.clientWidth).map((c) => c.textContent));
    expect(cut).toEqual([]);
    await screenshot(page, 'ticket-list-incidents-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('sorts a column on the server', async () => {
    await grid(page, 'Incidents').getByRole('columnheader', { name: 'Short Description' }).click();
    await page.waitForURL(/sort=shortDescription&direction=asc/);
    const asc = await apiGet<PageLike>(page, '/incidents?status=Open&sort=shortDescription&direction=asc');
    await waitForNumbers(page, asc.rows.map((r) => r.ticketNo));
    await grid(page, 'Incidents').getByRole('columnheader', { name: 'Short Description' }).click();
    await page.waitForURL(/sort=shortDescription&direction=desc/);
    const desc = await apiGet<PageLike>(page, '/incidents?status=Open&sort=shortDescription&direction=desc');
    await waitForNumbers(page, desc.rows.map((r) => r.ticketNo));
  });

  it('pages with Next and Previous, and changes the page size back to page 1', async () => {
    await page.goto(spa('/incidents'));
    const first = await apiGet<PageLike>(page, '/incidents?status=Open&pageSize=10&page=1');
    const second = await apiGet<PageLike>(page, '/incidents?status=Open&pageSize=10&page=2');
    await waitForNumbers(page, first.rows.map((r) => r.ticketNo));
    await page.getByRole('button', { name: 'Next', exact: true }).click();
    await page.waitForURL(/page=2/);
    await waitForNumbers(page, second.rows.map((r) => r.ticketNo));
    await displaying(page).getByText(/^Displaying 11 - \d+/).waitFor();
    await page.getByRole('button', { name: 'Previous', exact: true }).click();
    await waitForNumbers(page, first.rows.map((r) => r.ticketNo));
    // Back in the browser returns to page 2: the state is in the URL.
    await page.goBack();
    await page.waitForURL(/page=2/);
    await waitForNumbers(page, second.rows.map((r) => r.ticketNo));

    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '25', exact: true }).click();
    await page.waitForURL((u) => u.searchParams.get('pageSize') === '25' && !u.searchParams.has('page'));
    const big = await apiGet<PageLike>(page, '/incidents?status=Open&pageSize=25');
    await waitForNumbers(page, big.rows.map((r) => r.ticketNo));
    await displaying(page).getByText(`Displaying 1 - ${big.rows.length} of ${big.total}`).waitFor();
  });

  it('searches after typing stops, from page 1', async () => {
    await page.goto(spa('/incidents?page=2'));
    const some = await apiGet<PageLike>(page, '/incidents?status=Open');
    const term = some.rows[0]!.shortDescription.split(' ').find((w) => w.length > 4) ?? some.rows[0]!.ticketNo;
    await page.getByLabel('SEARCH INCIDENT').fill(term);
    await page.waitForURL((u) => u.searchParams.get('search') === term && !u.searchParams.has('page'));
    const found = await apiGet<PageLike>(page, `/incidents?status=Open&search=${encodeURIComponent(term)}`);
    await waitForNumbers(page, found.rows.map((r) => r.ticketNo));
    await page.getByLabel('SEARCH INCIDENT').fill('zzzz-nothing-like-this');
    await page.getByText('No items were found - please modify your search criteria').waitFor();
  });

  it('opens the view route on double-click and on Enter', async () => {
    await page.goto(spa('/incidents'));
    const first = await apiGet<PageLike>(page, '/incidents?status=Open');
    const cell = page.locator(`[role="gridcell"][data-field="shortDescription"]`).first();
    await cell.dblclick();
    await page.waitForURL(new RegExp(`/incident/view/${first.rows[0]!.id}$`));
    await page.goBack();
    await page.locator(`[role="gridcell"][data-field="ticketNo"]`).first().click();
    await page.keyboard.press('Enter');
    await page.waitForURL(new RegExp(`/incident/view/${first.rows[0]!.id}$`));
  });

  it('New opens the picker, whose Cancel comes back to the list', async () => {
    await page.goto(spa('/incidents?status=Closed'));
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL(/\/incident\/add$/);
    await page.getByRole('dialog', { name: 'Select a contact or a device' }).getByRole('button', { name: 'Cancel' }).click();
    await page.waitForURL(/\/incidents\?status=Closed$/);
  });

  it('shows the Last Action Taken popup, which closes by itself', async () => {
    await page.goto(spa('/incidents'));
    const first = await apiGet<PageLike>(page, '/incidents?status=Open');
    const actions = await apiGet<{ rows: { actionDesc: string }[] }>(page, `/incidents/${first.rows[0]!.id}/latest-actions`);
    await page.getByRole('button', { name: `Last Action Taken for ${first.rows[0]!.ticketNo}` }).click();
    const popup = page.getByRole('dialog', { name: /Last Action Taken/ });
    await popup.waitFor();
    if (actions.rows.length === 0) await popup.getByText('No Actions').waitFor();
    else await popup.getByText(actions.rows[0]!.actionDesc.split('\n')[0]!.slice(0, 30)).first().waitFor();
    await screenshot(page, 'ticket-list-last-action');
    await popup.waitFor({ state: 'hidden', timeout: 8000 });
  });
});

describe('user on /myincidents/', () => {
  let page: Page;
  beforeAll(async () => {
    page = await signedIn('user@acme.example', '/myincidents/');
  });

  it('sees only its own tickets, no search box, Edit only where the row allows', async () => {
    const me = await apiGet<{ user: { contactId: number } }>(page, '/auth/me');
    const mine = await apiGet<PageLike>(page, '/incidents?status=%3CALL%3E&mine=true&pageSize=50');
    expect(mine.rows.length).toBeGreaterThan(0);
    expect(mine.rows.every((r) => r.contactId === me.user.contactId)).toBe(true);
    await page.getByRole('combobox', { name: 'Status' }).click();
    await page.getByRole('option', { name: 'All', exact: true }).click();
    await page.getByRole('combobox', { name: 'Rows per page' }).click();
    await page.getByRole('option', { name: '50', exact: true }).click();
    await waitForNumbers(page, mine.rows.map((r) => r.ticketNo));
    expect(await page.getByLabel('SEARCH INCIDENT').count()).toBe(0);
    const editable = mine.rows.filter((r) => r.canEdit).length;
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(editable);
    // Even /incidents gives a User only its own tickets (requirements §2.1).
    const org = await apiGet<PageLike>(page, '/incidents?status=%3CALL%3E&pageSize=50');
    expect(org.rows.every((r) => r.contactId === me.user.contactId)).toBe(true);
  });

  it('has no Edit on service-request rows (requirements §2.3) and reads well at 375 px in the dark theme', async () => {
    const p = await signedIn('user@acme.example', '/myrequests/', { width: 375, dark: true });
    const mine = await apiGet<PageLike>(p, '/service-requests?status=Open&mine=true');
    expect(mine.rows.length).toBeGreaterThan(0);
    await waitForNumbers(p, mine.rows.map((r) => r.ticketNo));
    expect(await p.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    await screenshot(p, 'ticket-list-myrequests-mobile-dark');
    expect(await seriousAxeViolations(p)).toEqual([]);
  });
});

describe('operator limited', () => {
  it('has no Edit on request rows, and Edit on incidents only where the row allows', async () => {
    const p = await signedIn('limited@acme.example', '/requests');
    const requests = await apiGet<PageLike>(p, '/service-requests?status=Open');
    await waitForNumbers(p, requests.rows.map((r) => r.ticketNo));
    expect(await p.getByRole('link', { name: /^Edit / }).count()).toBe(0);
    await p.goto(spa('/incidents'));
    const incidents = await apiGet<PageLike>(p, '/incidents?status=Open');
    await waitForNumbers(p, incidents.rows.map((r) => r.ticketNo));
    expect(incidents.rows.some((r) => !r.canEdit)).toBe(true);
    expect(await p.getByRole('link', { name: /^Edit / }).count()).toBe(incidents.rows.filter((r) => r.canEdit).length);
  });
});

describe('administrator', () => {
  let page: Page;
  const publicName = `E2E public ${Date.now()}`;
  const privateName = `E2E private ${Date.now()}`;
  let filterQuery = '';

  beforeAll(async () => {
    page = await signedIn('admin@acme.example', '/incidents?status=%3CALL%3E');
  });

  it('links the target to the contact', async () => {
    const all = await apiGet<PageLike>(page, '/incidents?status=%3CALL%3E&sort=targetName&direction=asc');
    const withTarget = all.rows.find((r) => r.targetContactId !== null);
    expect(withTarget).toBeDefined();
    await page.goto(spa('/incidents?status=%3CALL%3E&sort=targetName&direction=asc'));
    await waitForNumbers(page, all.rows.map((r) => r.ticketNo));
    expect(await page.locator(`a[href$="/contacts/view/${withTarget!.targetContactId}"]`).count()).toBeGreaterThan(0);
  });

  it('filters by department and create date in the Search Tickets dialog, back to page 1', async () => {
    const lookups = await apiGet<LookupsLike>(page, '/tickets/lookups');
    const unfiltered = await apiGet<PageLike>(page, '/incidents?status=%3CALL%3E');
    // The department with the most incidents, then a create date that keeps some of them.
    let best: { dep: LookupsLike['departments'][number]; page: PageLike; board: string } | null = null;
    for (const dep of lookups.departments) {
      const board = dep.type === 'Client' || dep.boardId === null ? '' : `&boardId=${dep.boardId}`;
      const res = await apiGet<PageLike>(page, `/incidents?status=%3CALL%3E&departmentId=${dep.id}${board}&pageSize=50`);
      if (!best || res.total > best.page.total) best = { dep, page: res, board };
    }
    expect(best!.page.total).toBeGreaterThan(1);
    const byDate = await apiGet<{ rows: { openDate: string }[] }>(page, `/incidents?status=%3CALL%3E&departmentId=${best!.dep.id}${best!.board}&sort=openDate&direction=asc&pageSize=50`);
    const day = byDate.rows[Math.floor(byDate.rows.length / 2)]!.openDate.slice(0, 10);
    filterQuery = `status=%3CALL%3E&departmentId=${best!.dep.id}${best!.board}&openDateFrom=${day}`;
    const expected = await apiGet<PageLike>(page, `/incidents?${filterQuery}`);
    expect(expected.total).toBeLessThan(unfiltered.total);

    await page.goto(spa('/incidents?status=%3CALL%3E&page=2'));
    await displaying(page).getByText(/^Displaying 11 -/).waitFor();
    await page.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Search Tickets' });
    await dialog.waitFor();
    await expect(dialog.getByRole('button', { name: 'OK' }).isDisabled()).resolves.toBe(true);
    await expect(dialog.getByRole('button', { name: 'Clear filter' }).isDisabled()).resolves.toBe(true);
    expect(await dialog.getByText('VIP').count()).toBe(0);
    await dialog.getByRole('combobox', { name: 'Resp. Department' }).click();
    await page.getByRole('option', { name: best!.dep.name, exact: true }).click();
    await dialog.getByLabel('Create Date From').fill(day);
    await expect(dialog.getByRole('button', { name: 'OK' }).isEnabled()).resolves.toBe(true);
    await screenshot(page, 'ticket-list-filter-dialog');
    expect(await seriousAxeViolations(page, '[role="dialog"]')).toEqual([]);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((u) => u.searchParams.has('departmentId') && !u.searchParams.has('page'));
    await waitForNumbers(page, expected.rows.map((r) => r.ticketNo));
    await displaying(page).getByText(`Displaying 1 - ${expected.rows.length} of ${expected.total}`).waitFor();
    await page.getByRole('button', { name: 'Filter (active)' }).waitFor();
  });

  it('saves a public and a private filter', async () => {
    for (const [name, isPublic] of [
      [publicName, true],
      [privateName, false],
    ] as const) {
      await page.getByRole('button', { name: 'Filter (active)' }).click();
      const dialog = page.getByRole('dialog', { name: 'Search Tickets' });
      await dialog.getByRole('button', { name: 'Save filter' }).click();
      const save = page.getByRole('dialog', { name: 'Save filter' });
      await expect(save.getByRole('button', { name: 'Save' }).isDisabled()).resolves.toBe(true);
      await save.getByLabel('Name').fill(name);
      if (isPublic) await save.getByLabel('Public').check();
      await save.getByRole('button', { name: 'Save' }).click();
      await page.getByText('Filter saved').waitFor();
      await page.waitForURL((u) => u.searchParams.has('saved'));
      await page.getByText(`Saved filter: ${name}`).waitFor();
    }
  });

  it('exports the filtered list: the sheet holds the grid’s rows in the grid’s order', async () => {
    const expected = await apiGet<PageLike>(page, `/incidents?${filterQuery}`);
    await page.getByRole('button', { name: 'Export to Excel' }).click();
    const confirm = page.getByRole('dialog', { name: 'Export Incidents' });
    await confirm.getByText('Only the first 2000 records, as sorted and filtered, are exported. It can take some time.').waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), confirm.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^INCIDENTS_CMS_.*\.xlsx$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sc-lists-')), 'export.xlsx');
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    const sheet = wb.getWorksheet('Incidents');
    expect(sheet).toBeDefined();
    const header = (sheet!.getRow(1).values as unknown[]).slice(1);
    expect(header).toContain('Incident No');
    const noCol = header.indexOf('Incident No') + 1;
    expect(sheet!.actualRowCount - 1).toBe(Math.min(expected.total, 2000));
    const firstNumbers = Array.from({ length: expected.rows.length }, (_, i) => sheet!.getRow(i + 2).getCell(noCol).text);
    expect(firstNumbers).toEqual(await shownNumbers(page));
    await confirm.waitFor({ state: 'hidden' });
  });

  it('operator sees and applies the public filter, not the private one', async () => {
    const op = await signedIn('operator@acme.example', '/incidents');
    await op.getByRole('button', { name: 'Filter', exact: true }).click();
    await op.getByRole('dialog', { name: 'Search Tickets' }).getByRole('button', { name: 'Load saved filter' }).click();
    const list = op.getByRole('dialog', { name: 'Saved filters' });
    await list.getByRole('gridcell', { name: publicName }).waitFor();
    expect(await list.getByRole('gridcell', { name: privateName }).count()).toBe(0);
    await expect(list.getByRole('button', { name: 'Apply' }).isDisabled()).resolves.toBe(true);
    // Not the owner: no Delete on the administrator's filter.
    expect(await list.getByRole('button', { name: `Delete filter ${publicName}` }).count()).toBe(0);
    await list.getByRole('gridcell', { name: publicName }).click();
    await screenshot(op, 'ticket-list-saved-filters');
    expect(await seriousAxeViolations(op, '[role="dialog"]')).toEqual([]);
    await list.getByRole('button', { name: 'Apply' }).click();
    await op.waitForURL((u) => u.searchParams.has('saved'));
    await op.getByText(`Saved filter: ${publicName}`).waitFor();
    const url = new URL(op.url());
    // The criteria are in the URL with the API's own names: the same parameters go to the API.
    const qs = new URLSearchParams([...url.searchParams].filter(([k]) => !['saved', 'status', 'page'].includes(k)));
    expect(qs.size).toBeGreaterThan(0);
    const expected = await apiGet<PageLike>(op, `/incidents?status=Open&${qs.toString()}`);
    await waitForNumbers(op, expected.rows.map((r) => r.ticketNo));
    // Clear filter (enabled now a saved filter is active) goes back to the unfiltered list.
    await op.getByRole('button', { name: 'Filter (active)' }).click();
    await op.getByRole('dialog', { name: 'Search Tickets' }).getByRole('button', { name: 'Clear filter' }).click();
    await op.waitForURL((u) => !u.searchParams.has('saved') && [...u.searchParams.keys()].every((k) => k === 'status'));
  });

  it('shows /requests with its columns, the preview pane and the calendar link', async () => {
    await page.goto(spa('/requests?status=%3CALL%3E&search=a'));
    const api = await apiGet<PageLike>(page, '/service-requests?status=%3CALL%3E&search=a');
    await waitForNumbers(page, api.rows.map((r) => r.ticketNo));
    for (const name of ['Request #', 'Status', 'Assigned To', 'Short Description', 'Open Date', 'Requested Start', 'Requested End', 'Target', 'VIP', 'Edit']) {
      await grid(page, 'Service Requests').getByRole('columnheader', { name, exact: true }).waitFor();
    }
    await expect(page.getByLabel('SEARCH REQUEST').isVisible()).resolves.toBe(true);
    expect(await page.getByRole('link', { name: /^Edit / }).count()).toBe(api.rows.filter((r) => r.canEdit).length);
    const calendar = await page.getByRole('link', { name: 'Calendar' }).getAttribute('href');
    expect(calendar).toMatch(/\/requests\/calendar\?status=%3CALL%3E&search=a$/);
    await page.locator('[role="gridcell"][data-field="shortDescription"]').first().click();
    const preview = page.getByRole('complementary', { name: 'Ticket preview' });
    await preview.getByText(api.rows[0]!.ticketNo).waitFor();
    expect(await preview.getByRole('link', { name: 'View' }).getAttribute('href')).toMatch(new RegExp(`/servicerequest/view/${api.rows[0]!.id}$`));
    await screenshot(page, 'ticket-list-requests-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('reads well at 375 px and in the dark theme on desktop', async () => {
    const mobile = await signedIn('admin@acme.example', '/incidents', { width: 375 });
    await mobile.locator('[role="gridcell"][data-field="ticketNo"]').first().waitFor();
    // The number is a link to the ticket: a click elsewhere on the row selects it for the preview.
    await mobile.locator('[role="gridcell"][data-field="shortDescription"]').first().click();
    await mobile.getByRole('complementary', { name: 'Ticket preview' }).getByRole('link', { name: 'View' }).waitFor();
    await screenshot(mobile, 'ticket-list-incidents-mobile');
    expect(await seriousAxeViolations(mobile)).toEqual([]);
    await mobile.getByRole('button', { name: 'Filter', exact: true }).click();
    await mobile.getByRole('dialog', { name: 'Search Tickets' }).getByRole('combobox', { name: 'Resp. Department' }).waitFor();
    await screenshot(mobile, 'ticket-list-filter-dialog-mobile');
    await mobile.keyboard.press('Escape');
    const dark = await signedIn('admin@acme.example', '/requests', { dark: true });
    await dark.locator('[role="gridcell"][data-field="shortDescription"]').first().click();
    await dark.getByRole('complementary', { name: 'Ticket preview' }).getByRole('link', { name: 'View' }).waitFor();
    await screenshot(dark, 'ticket-list-requests-desktop-dark');
    expect(await seriousAxeViolations(dark)).toEqual([]);
    await dark.getByRole('button', { name: 'Filter', exact: true }).click();
    const dialog = dark.getByRole('dialog', { name: 'Search Tickets' });
    await dialog.getByLabel('Requested Start From').waitFor();
    await dialog.getByText('Scheduled').waitFor();
    await screenshot(dark, 'ticket-list-filter-dialog-requests-dark');
    expect(await seriousAxeViolations(dark, '[role="dialog"]')).toEqual([]);
  });
});
