import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// Contacts, invitations and devices walked as admin@acme.example (and a User for devices).

interface ContactRowLike {
  id: number;
  firstName: string;
  lastName: string;
  email: string | null;
  isPending: boolean;
  title: string | null;
}
interface ContactDetailLike extends ContactRowLike {
  access: { userName: string; userType: string; isActive: boolean } | null;
}

const DEMO_EMAILS = ['admin@acme.example', 'operator@acme.example', 'limited@acme.example', 'user@acme.example'];

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, timezoneId: 'America/New_York', acceptDownloads: true });
  page = await context.newPage();
  await signInAs(page, 'admin@acme.example', '/contacts');
});
afterAll(async () => {
  await browser.close();
});

/** A GET through the admin's browser session (cookie included). */
async function apiGet<T>(p: Page, url: string): Promise<T> {
  const res = await p.request.get(`${new URL(p.url()).origin}/api/v1${url}`);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

describe('contacts list', () => {
  it('finds a contact by search, shows the preview pane, and passes axe', async () => {
    await page.getByText('Contacts', { exact: true }).first().waitFor();
    await page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
    await page.getByLabel('Search contacts').fill('Becker');
    await page.getByRole('gridcell', { name: 'user@acme.example' }).waitFor();
    await page.waitForURL(/search=Becker/);
    await page.getByRole('gridcell', { name: 'user@acme.example' }).click();
    const preview = page.getByRole('complementary', { name: 'Contact preview' });
    await preview.getByText('Thomas Becker').waitFor();
    expect(await preview.getByRole('link', { name: 'Tickets' }).getAttribute('href')).toMatch(/\/contact\/incidents\/\d+$/);
    expect(await preview.getByRole('link', { name: 'Requests' }).getAttribute('href')).toMatch(/\/contact\/requests\/\d+$/);
    await screenshot(page, 'contacts-list-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows phone numbers as (xxx) xxx-xxxx', async () => {
    await page.goto(spa('/contacts'));
    await page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
    const phones = await page.locator('[role="gridcell"][data-field="directPhone"]').allTextContents();
    expect(phones.filter((p) => p !== '').length).toBeGreaterThan(0);
    for (const p of phones.filter((x) => x !== '')) expect(p).toMatch(/^\(\d{3}\) \d{3}-\d{4}$|^[^0-9]*$|x/);
  });
});

describe('contact form', () => {
  it('edits and saves a contact, then returns to /contacts', async () => {
    const list = await apiGet<{ rows: ContactRowLike[] }>(page, '/contacts?search=Becker');
    const becker = list.rows[0]!;
    await page.goto(spa(`/contacts/edit/${becker.id}`));
    await page.getByText('Edit Contact', { exact: true }).waitFor();
    const title = page.getByLabel('Title');
    await title.fill('Field Engineer (e2e)');
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    const dialog = page.getByRole('dialog', { name: 'Save Changes?' });
    await dialog.getByText("You're about to update contact record").waitFor();
    await screenshot(page, 'contact-edit-confirm');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText('Contact data has been successfully saved').waitFor();
    await page.waitForURL((u) => u.pathname === '/app/spa/contacts');
    const saved = await apiGet<ContactDetailLike>(page, `/contacts/${becker.id}`);
    expect(saved.title).toBe('Field Engineer (e2e)');
  });

  it('asks before leaving an edited form', async () => {
    const list = await apiGet<{ rows: ContactRowLike[] }>(page, '/contacts?search=Becker');
    await page.goto(spa(`/contacts/edit/${list.rows[0]!.id}`));
    await page.getByLabel('Title').fill('Unsaved');
    await page.getByRole('link', { name: 'Devices' }).first().click();
    await page.getByRole('dialog', { name: 'Are you sure you want to leave?' }).getByRole('button', { name: 'Stay' }).click();
    expect(new URL(page.url()).pathname).toMatch(/\/contacts\/edit\/\d+$/);
    expect(await page.getByLabel('Title').inputValue()).toBe('Unsaved');
    await screenshot(page, 'contact-edit-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
  });

  it('shows the refusal for another customer’s contact', async () => {
    // Globex's administrator contact: look it up as Globex admin in a separate context.
    const ctx = await browser.newContext();
    const p = await ctx.newPage();
    await signInAs(p, 'admin@globex.example');
    const me = await apiGet<{ user: { contactId: number } }>(p, '/auth/me');
    await ctx.close();
    await page.goto(spa(`/contacts/view/${me.user.contactId}`));
    await page.getByText("You're not authorized to view/edit this contact").waitFor();
  });

  it('approves a pending contact and goes back one page', async () => {
    const pending = await apiGet<{ rows: ContactRowLike[] }>(page, '/contacts?isPending=true');
    expect(pending.rows.length).toBeGreaterThan(0);
    const target = pending.rows[0]!;
    await page.goto(spa('/contacts'));
    await page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
    await page.goto(spa(`/contacts/view/${target.id}`));
    await page.getByText('Pending approval').waitFor();
    await screenshot(page, 'contact-view-pending');
    await page.getByRole('button', { name: 'Approve' }).click();
    const dialog = page.getByRole('dialog', { name: 'Approve Contact' });
    await dialog.getByText('Are you sure you want to approve this contact?').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((u) => u.pathname === '/app/spa/contacts');
    expect((await apiGet<ContactDetailLike>(page, `/contacts/${target.id}`)).isPending).toBe(false);
  });

  it('disables a contact: its sessions end and it can no longer call the API', async () => {
    // An ordinary (non-demo) account of Acme, so other test files keep their sign-ins.
    const list = await apiGet<{ rows: ContactRowLike[] }>(page, '/contacts?pageSize=100');
    let victim: ContactDetailLike | undefined;
    for (const r of list.rows) {
      if (!r.email || DEMO_EMAILS.includes(r.email)) continue;
      const d = await apiGet<ContactDetailLike>(page, `/contacts/${r.id}`);
      if (d.access?.isActive) {
        victim = d;
        break;
      }
    }
    expect(victim).toBeDefined();
    const vctx = await browser.newContext();
    const vpage = await vctx.newPage();
    await signInAs(vpage, victim!.access!.userName);
    expect((await vpage.request.get(`${new URL(vpage.url()).origin}/api/v1/auth/me`)).status()).toBe(200);

    await page.goto(spa('/contacts'));
    await page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
    await page.goto(spa(`/contacts/view/${victim!.id}`));
    await page.getByRole('button', { name: 'Disable' }).click();
    const dialog = page.getByRole('dialog', { name: 'Disable Contact' });
    await dialog.getByText('Are you sure you want to disable this contact?').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL((u) => u.pathname === '/app/spa/contacts');

    expect((await vpage.request.get(`${new URL(vpage.url()).origin}/api/v1/auth/me`)).status()).toBe(401);
    await vctx.close();
  });

  it('shows a contact’s sub-pages', async () => {
    const list = await apiGet<{ rows: ContactRowLike[] }>(page, '/contacts?search=Becker');
    const id = list.rows[0]!.id;
    await page.goto(spa(`/contact/incidents/${id}`));
    const table = page.getByRole('table', { name: 'Incidents' });
    const link = table.getByRole('link').first();
    await link.waitFor();
    expect(await link.getAttribute('href')).toMatch(/\/incident\/view\/\d+$/);
    await page.goto(spa(`/contact/devices/${id}`));
    await page.getByRole('table', { name: 'Devices' }).getByRole('row').nth(1).waitFor();
    await page.goto(spa(`/contact/preferences/${id}`));
    await page.getByText('Marketing e-mails').waitFor();
    await page.goto(spa(`/contact/access/${id}`));
    await page.getByText('User Type').waitFor();
  });
});

describe('contacts export', () => {
  it('asks first, then downloads sheet Contacts that exceljs reads back', async () => {
    await page.goto(spa('/contacts'));
    await page.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
    await page.getByRole('button', { name: 'Export' }).click();
    const dialog = page.getByRole('dialog', { name: 'Export Contacts' });
    await dialog.waitFor();
    const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^CONTACTS_CMS_\d{8}_\d{6}\.xlsx$/);
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sc-contacts-')), download.suggestedFilename());
    await download.saveAs(file);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.readFile(file);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['Contacts']);
    const ws = wb.worksheets[0]!;
    expect((ws.getRow(1).values as unknown[]).slice(1, 8)).toEqual(['Contact ID', 'First Name', 'Last Name', 'Email', 'Phone', 'Mobile', 'Title']);
    const emails: unknown[] = [];
    ws.eachRow((r, n) => {
      if (n > 1) emails.push(r.getCell(4).value);
    });
    expect(emails).toContain('admin@acme.example');
  });
});

interface CandidateLike {
  contactId: number;
  email: string | null;
  isInvited: boolean;
  isActive: boolean;
  isHdSharedOperator: boolean;
}

describe('invitations', () => {
  it('invites two contacts and sees the invitations in view-invites', async () => {
    const all = await apiGet<{ rows: CandidateLike[] }>(page, '/invitations/candidates?pageSize=100');
    const picks = all.rows.filter((c) => c.email && !c.isInvited && !c.isActive).slice(0, 2);
    expect(picks).toHaveLength(2);

    await page.goto(spa('/contacts/new-invites'));
    const grid = page.getByRole('grid', { name: 'Contacts to invite' });
    await grid.getByRole('row').nth(1).waitFor();
    const send = page.getByRole('button', { name: 'Send Invitations' });
    expect(await send.isDisabled()).toBe(true);

    // An active account cannot be selected and its user type is locked.
    await page.getByLabel('Search contacts').fill('admin@acme.example');
    const adminRow = grid.getByRole('row').filter({ hasText: 'admin@acme.example' });
    await adminRow.waitFor();
    expect(await adminRow.getByRole('checkbox').isDisabled()).toBe(true);
    expect(await adminRow.getByRole('combobox').isDisabled()).toBe(true);

    for (const [i, c] of picks.entries()) {
      await page.getByLabel('Search contacts').fill(c.email!);
      const row = grid.getByRole('row').filter({ hasText: c.email! });
      await row.waitFor();
      await grid.getByRole('row').nth(2).waitFor({ state: 'detached' });
      if (i === 1) await row.getByRole('combobox').selectOption('OperatorLimited');
      await row.getByRole('checkbox').check();
    }
    await screenshot(page, 'new-invites-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await send.click();
    const dialog = page.getByRole('dialog', { name: 'Send Invitations' });
    await dialog.getByText('Are you sure you want to send/re-send invitations to 2 contacts?').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText(/^Invitations sent successfully to 2 contacts with runid: [0-9a-f-]{36}$/).waitFor();
    expect(await send.isDisabled()).toBe(true);

    await page.goto(spa('/contacts/view-invites'));
    const invites = page.getByRole('grid', { name: 'Invitations' });
    await invites.getByRole('row').nth(1).waitFor();
    for (const c of picks) {
      await page.getByLabel('Search invitations').fill(c.email!);
      await invites.getByRole('row').filter({ hasText: c.email! }).waitFor();
    }
    await invites.getByRole('row').filter({ hasText: 'Operator Ltd.' }).waitFor();
    await page.getByLabel('Search invitations').fill('');
    await invites.getByRole('row').nth(2).waitFor();
    await screenshot(page, 'view-invites-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Export' }).click()]);
    expect(download.suggestedFilename()).toBe('INVITES_CMS_1_10.csv');
    const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sc-invites-')), 'invites.csv');
    await download.saveAs(file);
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv).toContain('"Email Address"');
    expect(csv).toContain(picks[0]!.email!);
  });

  it('deletes an invitation after confirmation', async () => {
    await page.goto(spa('/contacts/view-invites'));
    const invites = page.getByRole('grid', { name: 'Invitations' });
    await invites.getByRole('row').nth(1).waitFor();
    const before = (await apiGet<{ total: number }>(page, '/invitations')).total;
    const del = page.getByRole('button', { name: 'Delete' });
    expect(await del.isDisabled()).toBe(true);
    await invites.getByRole('row').nth(1).getByRole('checkbox').check();
    await del.click();
    const dialog = page.getByRole('dialog', { name: 'Delete Invitations' });
    await dialog.getByText('Are you sure you want to delete invitations for 1 contacts?').waitFor();
    await dialog.getByRole('button', { name: 'OK' }).click();
    await page.getByText(/^Invitations successfully deleted for: 1 contacts with runId: [0-9a-f-]{36}$/).waitFor();
    expect((await apiGet<{ total: number }>(page, '/invitations')).total).toBe(before - 1);
  });
});

describe('devices', () => {
  it('a User sees its own devices in the split pane with the first one selected', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const p = await ctx.newPage();
    await signInAs(p, 'user@acme.example', '/devices');
    const list = p.getByRole('list', { name: 'Devices' });
    await list.getByRole('button').first().waitFor();
    const detail = p.getByRole('region', { name: 'Device details' });
    const firstName = (await list.getByRole('button').first().locator('.MuiListItemText-primary').textContent())!;
    await detail.getByRole('heading', { name: firstName }).waitFor();
    expect(await detail.getByRole('link', { name: 'New Service Request' }).getAttribute('href')).toMatch(/\/servicerequest\/add\/\d+\?type=device$/);
    await p.getByText(/^Devices: \d+$/).waitFor();
    expect(await p.getByRole('link', { name: 'New', exact: true }).count()).toBe(0);
    await screenshot(p, 'devices-user-desktop');
    expect(await seriousAxeViolations(p)).toEqual([]);
    await p.getByLabel('Search devices').fill('zzz-no-such-device');
    await p.getByText('No Devices Found').waitFor();
    await p.getByText('No Device Selected').waitFor();
    await ctx.close();
  });

  it('an Administrator adds a device and sees it in the list', async () => {
    await page.goto(spa('/devices'));
    await page.getByRole('link', { name: 'New', exact: true }).click();
    await page.waitForURL(/\/devices\/add$/);
    await page.getByLabel('Name').fill('E2E-LAPTOP-01');
    await page.getByLabel('Serial Number').fill('E2E123');
    await page.getByLabel('Warranty End').fill('2029-05-31');
    await screenshot(page, 'device-form-desktop');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save', exact: true }).click();
    await page.getByText('Device data has been successfully saved').waitFor();
    await page.waitForURL((u) => u.pathname === '/app/spa/devices');
    await page.getByLabel('Search devices').fill('E2E-LAPTOP');
    await page.getByRole('region', { name: 'Device details' }).getByText('E2E123').waitFor();
  });

  it('reads well at 375 px in the dark theme', async () => {
    const ctx = await browser.newContext({ viewport: { width: 375, height: 740 }, colorScheme: 'dark' });
    const p = await ctx.newPage();
    await signInAs(p, 'admin@acme.example', '/devices');
    await p.getByRole('region', { name: 'Device details' }).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(p, 'devices-mobile-dark');
    await p.goto(spa('/contacts'));
    await p.getByRole('grid', { name: 'Contacts' }).getByRole('row').nth(1).waitFor();
    expect(await p.evaluate(() => document.documentElement.scrollWidth > window.innerWidth)).toBe(false);
    await screenshot(p, 'contacts-mobile-dark');
    expect(await seriousAxeViolations(p)).toEqual([]);
    await ctx.close();
  });
});
