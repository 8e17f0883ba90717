import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseUrl, DEMO_PASSWORD, launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// Texts of requirements §3.3 and §3.6, written out here rather than imported from the code under test.
const NOT_AUTHORIZED = 'Not Authorized';
const VIEW_OR_EDIT = "You're not authorized to view or edit this ticket";
const EDIT_REFUSED = "You're not authorized to edit this ticket";
const SAVED = 'Incident data has been successfully updated';
const CONFLICT = 'This ticket was changed by someone else. Reload it to see the changes.';

interface ApiSession {
  cookie: string;
  csrf: string;
  contactId: number;
}
interface Row {
  id: number;
  ticketNo: string;
  contactId: number;
  shortDescription: string;
  ticketType: string;
}

async function apiLogin(email: string): Promise<ApiSession> {
  const res = await fetch(`${baseUrl()}/api/v1/auth/login`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email, password: DEMO_PASSWORD }) });
  if (!res.ok) throw new Error(`login ${email}: ${res.status}`);
  const body = (await res.json()) as { csrfToken: string; user: { contactId: number } };
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]!;
  return { cookie, csrf: body.csrfToken, contactId: body.user.contactId };
}
async function apiGet<T>(s: ApiSession, path: string): Promise<T> {
  const res = await fetch(`${baseUrl()}/api/v1${path}`, { headers: { cookie: s.cookie } });
  if (!res.ok) throw new Error(`GET ${path}: ${res.status} ${await res.text()}`);
  return (await res.json()) as T;
}

let browser: Browser;
const contexts: BrowserContext[] = [];
let admin: ApiSession;
let user: ApiSession;
/** An Acme incident of a contact that is none of the demo accounts. */
let otherIncident: Row;
/** An Acme service request. */
let serviceRequest: Row;

beforeAll(async () => {
  browser = await launchBrowser();
  admin = await apiLogin('admin@acme.example');
  user = await apiLogin('user@acme.example');
  const accounts = await Promise.all(['operator@acme.example', 'limited@acme.example'].map(apiLogin));
  const own = new Set([admin.contactId, user.contactId, ...accounts.map((a) => a.contactId)]);
  const incidents = await apiGet<{ rows: Row[] }>(admin, '/incidents?status=Open&pageSize=50');
  otherIncident = incidents.rows.find((r) => !own.has(r.contactId))!;
  const requests = await apiGet<{ rows: Row[] }>(admin, '/service-requests?status=Open&pageSize=10');
  serviceRequest = requests.rows[0]!;
  expect(otherIncident).toBeDefined();
  expect(serviceRequest).toBeDefined();
});
afterAll(async () => {
  await browser.close();
});

async function newPage(viewport = { width: 1366, height: 900 }, colorScheme: 'light' | 'dark' = 'light'): Promise<Page> {
  const context = await browser.newContext({ viewport, colorScheme, timezoneId: 'America/New_York' });
  contexts.push(context);
  return context.newPage();
}
async function closeAll() {
  while (contexts.length) await contexts.pop()!.close();
}

async function hasNoOverflow(p: Page) {
  return p.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth);
}
/** The picker route opens a modal at once, which hides the account menu from the accessibility tree: sign in first. */
async function signInThenOpen(page: Page, email: string, path: string) {
  await signInAs(page, email);
  await page.goto(spa(path));
}
const alertWith = (p: Page, text: string) => p.getByRole('alert').filter({ hasText: text }).first();
const pathOf = (p: Page) => new URL(p.url()).pathname;

describe('a User creates an incident from the picker, adds a note and requests a status update', () => {
  let created: Row;
  const stamp = `E2E printer jam ${Date.now()}`;
  const xssNote = 'Paper stuck <img src=x onerror="window.__xss=1;alert(1)"> tray 2';

  it('picks its own contact and creates the incident', async () => {
    const page = await newPage();
    await signInThenOpen(page, 'user@acme.example', '/incident/add');
    const dialog = page.getByRole('dialog', { name: 'Select a contact or a device' });
    await dialog.waitFor();
    expect(await dialog.getByRole('button', { name: /^For / }).count()).toBe(0);
    const create = dialog.getByRole('button', { name: 'Create Ticket' });
    // Issue 14, item 10: a User with a single contact starts with it chosen.
    await dialog.getByRole('row', { name: /Becker, Thomas/ }).and(page.locator('[aria-selected="true"]')).waitFor();
    expect(await create.isDisabled()).toBe(false);
    await dialog.getByRole('tab', { name: 'Devices' }).click();
    await dialog.getByRole('tab', { name: 'Contacts' }).click();
    await dialog.getByRole('row', { name: /Becker, Thomas/ }).click();
    expect(await create.isDisabled()).toBe(false);
    await screenshot(page, 'ticket-picker-user');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await create.click();
    await page.waitForURL(/\/incident\/add\/\d+\?type=contact$/);
    await page.getByRole('heading', { name: 'New Incident' }).waitFor();
    expect(await page.getByLabel('Assigned To').count()).toBe(0);
    await page.getByLabel('Short Description').fill(stamp);
    await page.getByLabel('Description', { exact: true }).fill('The printer on floor 2 jams on every page.');
    await screenshot(page, 'ticket-add-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    // Issue 14, bug 3: the new ticket's number is announced, with a link, before the move.
    await alertWith(page, 'has been created').waitFor();
    await page.getByRole('link', { name: /^Open INC-\d+$/ }).waitFor();
    // requirements §3.3: after 2.5 s back to the list of incidents.
    await page.waitForURL(/\/app\/spa\/incidents$/);
    const mine = await apiGet<{ rows: Row[] }>(user, `/incidents?status=Open&search=${encodeURIComponent(stamp)}`);
    expect(mine.rows).toHaveLength(1);
    created = mine.rows[0]!;
    expect(created.contactId).toBe(user.contactId);
    await closeAll();
  });

  it('adds a note with markup that is stored sanitised and shown as text; no script runs', async () => {
    const page = await newPage();
    const dialogs: string[] = [];
    page.on('dialog', (d) => {
      dialogs.push(d.message());
      void d.dismiss();
    });
    await signInAs(page, 'user@acme.example', `/incident/actions/${created.id}`);
    // The notes route opens the ticket page at its conversation (issue 14, item 8).
    await page.getByRole('heading', { name: `View Incident ${created.ticketNo}` }).waitFor();
    await page.getByRole('heading', { name: 'Conversation' }).and(page.locator(':focus')).waitFor();
    await page.getByLabel('Add a note').fill(xssNote);
    await page.getByRole('button', { name: 'Add Note' }).click();
    await alertWith(page, 'New Action Created').waitFor();
    const conversation = page.getByRole('list', { name: 'Conversation' });
    const shown = conversation.getByTestId('conversation-note').filter({ hasText: xssNote });
    await shown.waitFor();
    expect(await shown.innerText()).toBe(xssNote);
    expect(await page.locator('img[src="x"]').count()).toBe(0);
    await screenshot(page, 'ticket-notes-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    expect(dialogs).toEqual([]);
    expect(await page.evaluate(() => (window as unknown as { __xss?: number }).__xss)).toBeUndefined();
    // Stored escaped: the API's plain text is what was typed, its HTML has no element from it.
    const notes = await apiGet<{ rows: { note: string; noteHtml: string }[] }>(user, `/tickets/${created.id}/actions`);
    expect(notes.rows[0]!.note).toBe(xssNote);
    expect(notes.rows[0]!.noteHtml).not.toContain('<img');
    await closeAll();
  });

  it('requests a status update with the confirmation texts', async () => {
    const page = await newPage();
    await signInAs(page, 'user@acme.example', `/incident/view/${created.id}`);
    await page.getByRole('heading', { name: `View Incident ${created.ticketNo}` }).waitFor();
    // A User is the ticket's contact here, so Edit is offered.
    await page.getByRole('link', { name: 'Edit' }).waitFor();
    await page.getByRole('button', { name: 'Request Status Update' }).click();
    const confirm = page.getByRole('dialog', { name: 'Request Status Update?' });
    await confirm.getByText('This action will issue a request for status update on this ticket').waitFor();
    await screenshot(page, 'ticket-status-update-confirm');
    await confirm.getByRole('button', { name: 'OK' }).click();
    await alertWith(page, 'Status update requested').waitFor();
    const notes = await apiGet<{ rows: { note: string }[] }>(user, `/tickets/${created.id}/actions`);
    expect(notes.rows[0]!.note).toBe('Status update requested by Thomas Becker');
    await closeAll();
  });

  it('an operator edits it and goes back to the list', async () => {
    const page = await newPage();
    await signInAs(page, 'operator@acme.example', `/incident/edit/${created.id}`);
    await page.getByRole('heading', { name: `Edit Incident ${created.ticketNo}` }).waitFor();
    await page.getByLabel('Assigned To').waitFor();
    await page.getByLabel('Description', { exact: true }).fill('Jams only on duplex printing.');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'On Hold' }).click();
    await screenshot(page, 'ticket-edit-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Save' }).click();
    await alertWith(page, SAVED).waitFor();
    await page.waitForURL(/\/app\/spa\/incidents$/);
    const ticket = await apiGet<{ description: string; status: string }>(admin, `/tickets/${created.id}`);
    expect(ticket).toMatchObject({ description: 'Jams only on duplex printing.', status: 'On Hold' });
    await closeAll();
  });

  it('shows the timeline and takes a file', async () => {
    const page = await newPage();
    await signInAs(page, 'operator@acme.example', `/incident/stats/${created.id}`);
    const timeline = page.getByRole('list', { name: 'Timeline' });
    await timeline.getByText('Created', { exact: true }).waitFor();
    await timeline.getByText('Status changed from Open to On Hold').waitFor();
    await screenshot(page, 'ticket-stats-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);

    await page.goto(spa(`/incident/files/${created.id}`));
    await page.getByText('No files attached').waitFor();
    await page.getByLabel('File to upload').setInputFiles({ name: 'printer-log.txt', mimeType: 'text/plain', buffer: Buffer.from('jam at tray 2\n') });
    await alertWith(page, 'File uploaded').waitFor();
    const link = page.getByRole('link', { name: 'printer-log.txt' });
    await link.waitFor();
    const href = await link.getAttribute('href');
    const cookie = (await page.context().cookies()).find((c) => c.name === 'sc_session')!;
    const download = await fetch(`${baseUrl()}${href}`, { headers: { cookie: `sc_session=${cookie.value}` } });
    expect(await download.text()).toBe('jam at tray 2\n');
    await screenshot(page, 'ticket-files-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await closeAll();
  });
});

describe('two concurrent edits', () => {
  it('the second save gets a clear conflict message and keeps what it typed', async () => {
    const [a, b] = [await newPage(), await newPage()];
    await signInAs(a, 'operator@acme.example', `/incident/edit/${otherIncident.id}`);
    await signInAs(b, 'admin@acme.example', `/incident/edit/${otherIncident.id}`);
    await a.getByLabel('Short Description').waitFor();
    await b.getByLabel('Short Description').waitFor();
    await a.getByLabel('Description', { exact: true }).fill('First editor wins');
    await a.getByRole('button', { name: 'Save' }).click();
    await alertWith(a, SAVED).waitFor();
    const typed = 'Second editor typed this and must not lose it';
    await b.getByLabel('Description', { exact: true }).fill(typed);
    await b.getByRole('button', { name: 'Save' }).click();
    await alertWith(b, CONFLICT).waitFor();
    expect(await b.getByLabel('Description', { exact: true }).inputValue()).toBe(typed);
    expect(pathOf(b)).toBe(`/app/spa/incident/edit/${otherIncident.id}`);
    await screenshot(b, 'ticket-edit-conflict');
    await closeAll();
  });
});

describe('requirements §3.3 in the UI, per user type and for another customer', () => {
  it('Administrator and Operator may edit another contact’s ticket', async () => {
    for (const email of ['admin@acme.example', 'operator@acme.example']) {
      const page = await newPage();
      await signInAs(page, email, `/incident/edit/${otherIncident.id}`);
      await page.getByRole('heading', { name: `Edit Incident ${otherIncident.ticketNo}` }).waitFor();
      await closeAll();
    }
  });

  it('OperatorLimited opening another contact’s edit route is sent to the view route with the message', async () => {
    const page = await newPage();
    await signInAs(page, 'limited@acme.example', `/incident/edit/${otherIncident.id}`);
    await alertWith(page, EDIT_REFUSED).waitFor();
    await page.getByRole('heading', { name: `View Incident ${otherIncident.ticketNo}` }).waitFor();
    expect(pathOf(page)).toBe(`/app/spa/incident/view/${otherIncident.id}`);
    expect(await page.getByRole('link', { name: 'Edit' }).count()).toBe(0);
    await closeAll();
  });

  it('a User opening another contact’s ticket is refused', async () => {
    const page = await newPage();
    await signInAs(page, 'user@acme.example', `/incident/view/${otherIncident.id}`);
    await alertWith(page, VIEW_OR_EDIT).waitFor();
    expect(await page.getByRole('heading', { name: /View Incident/ }).count()).toBe(0);
    await page.goto(spa(`/incident/add/${otherIncident.contactId}?type=contact`));
    await alertWith(page, VIEW_OR_EDIT).waitFor();
    await closeAll();
  });

  it('another customer’s administrator gets Not Authorized', async () => {
    const page = await newPage();
    await signInAs(page, 'admin@globex.example', `/incident/edit/${otherIncident.id}`);
    await alertWith(page, NOT_AUTHORIZED).waitFor();
    expect(await page.getByText(otherIncident.shortDescription).count()).toBe(0);
    await closeAll();
  });
});

describe('edit page behaviour', () => {
  it('a service request opened on the incident route opens as a service request: a view stays a view, an edit an edit', async () => {
    const page = await newPage();
    // Issue 14, item 8: a link to read a ticket always opens its view route.
    await signInAs(page, 'admin@acme.example', `/incident/view/${serviceRequest.id}`);
    await page.waitForURL(new RegExp(`/servicerequest/view/${serviceRequest.id}$`));
    await page.getByRole('heading', { name: `View Service Request ${serviceRequest.ticketNo}` }).waitFor();
    await page.goto(spa(`/incident/edit/${serviceRequest.id}`));
    await page.waitForURL(new RegExp(`/servicerequest/edit/${serviceRequest.id}$`));
    await page.getByRole('heading', { name: `Update Service Request ${serviceRequest.ticketNo}` }).waitFor();
    await page.getByLabel('Requested Start').waitFor();
    await screenshot(page, 'servicerequest-edit-desktop-light');
    expect(await seriousAxeViolations(page)).toEqual([]);
    await closeAll();
  });

  it('asks before leaving with unsaved changes, and Cancel asks first', async () => {
    const page = await newPage();
    await signInAs(page, 'operator@acme.example', `/incident/edit/${otherIncident.id}`);
    await page.getByLabel('Short Description').fill('Changed but not saved');
    await page.getByTestId('drawer-item-home').click();
    const leave = page.getByRole('dialog', { name: 'Are you sure you want to leave?' });
    await leave.waitFor();
    await leave.getByRole('button', { name: 'Stay' }).click();
    expect(await page.getByLabel('Short Description').inputValue()).toBe('Changed but not saved');
    await page.getByRole('button', { name: 'Cancel' }).click();
    const cancel = page.getByRole('dialog', { name: 'Are you sure?' });
    await cancel.getByText('If you have unsaved changes, they will be lost.').waitFor();
    await cancel.getByRole('button', { name: 'OK' }).click();
    await page.waitForURL(new RegExp(`/incident/view/${otherIncident.id}$`));
    await closeAll();
  });

  it('the picker offers the organisation shortcut to an operator', async () => {
    const page = await newPage();
    await signInThenOpen(page, 'operator@acme.example', '/servicerequest/add');
    const dialog = page.getByRole('dialog', { name: 'Select a contact or a device' });
    await dialog.getByRole('button', { name: 'For ACME' }).hover();
    await page.getByRole('tooltip').filter({ hasText: 'Create Ticket for Organization: Acme Corporation' }).waitFor();
    await dialog.getByLabel('TYPE NAME').fill('Becker');
    await dialog.getByRole('row', { name: /Becker, Thomas/ }).waitFor();
    await screenshot(page, 'ticket-picker-operator');
    await dialog.getByRole('button', { name: 'For ACME' }).click();
    await page.waitForURL(/\/servicerequest\/add\/ACME\?type=primaryContact$/);
    await page.getByRole('heading', { name: 'New Service Request' }).waitFor();
    await closeAll();
  });
});

describe('each screen on desktop and at 375 px, light and dark', () => {
  const LOOKS = [
    { name: 'desktop-light', viewport: { width: 1366, height: 900 }, scheme: 'light' },
    { name: 'desktop-dark', viewport: { width: 1366, height: 900 }, scheme: 'dark' },
    { name: 'mobile-light', viewport: { width: 375, height: 740 }, scheme: 'light' },
    { name: 'mobile-dark', viewport: { width: 375, height: 740 }, scheme: 'dark' },
  ] as const;
  it.each([
    ['view', () => `/incident/view/${otherIncident.id}`, 'View Incident'],
    ['edit', () => `/incident/edit/${otherIncident.id}`, 'Edit Incident'],
    ['notes', () => `/incident/actions/${otherIncident.id}`, 'Conversation'],
    ['stats', () => `/incident/stats/${otherIncident.id}`, 'Timeline'],
    ['files', () => `/incident/files/${otherIncident.id}`, 'Files'],
    ['picker', () => '/incident/add', 'Select a contact or a device'],
  ])('%s', async (name, path, heading) => {
    const page = await newPage();
    await signInThenOpen(page, 'admin@acme.example', path());
    await page.getByRole(name === 'picker' ? 'dialog' : 'heading', { name: new RegExp(heading) }).first().waitFor();
    for (const look of LOOKS) {
      await page.setViewportSize(look.viewport);
      await page.emulateMedia({ colorScheme: look.scheme });
      // The shell has re-laid itself out for the new width once its menu button shows (or hides).
      await page.locator('header button[aria-label="Open menu"]').waitFor({ state: look.viewport.width < 1200 ? 'visible' : 'hidden' });
      await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
      expect(await hasNoOverflow(page), look.name).toBe(true);
      await screenshot(page, `ticket-${name}-${look.name}`);
      expect(await seriousAxeViolations(page), look.name).toEqual([]);
    }
    await closeAll();
  });
});
