import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { SurveyChartsResponse } from '@sc/common';
import { DEMO_PASSWORD, exportedChartData, launchBrowser, screenshot, seriousAxeViolations } from './support.ts';
import { linkIn, startMailbox, startServer, type Mailbox } from './public-server.ts';

// Satisfaction surveys end to end (docs/requirements.md §20): a ticket closed through the API sends the
// survey e-mail over real SMTP; its thumbs-up link, followed in the browser without signing in, records
// the answer that admin@acme.example then sees in /surveys (grid and charts); the home page card is
// answered in the portal. A server of its own, so the mails and answers are this test's alone.

let mailbox: Mailbox;
let server: { baseUrl: string; stop(): Promise<void> };
let browser: Browser;
const spaUrl = (p: string) => `${server.baseUrl}/app/spa${p}`;
const stamp = Date.now().toString(36);

beforeAll(async () => {
  mailbox = await startMailbox();
  server = await startServer(mailbox.url);
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  await mailbox?.close();
});

async function freshPage(opts: { width?: number; dark?: boolean } = {}): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({ viewport: { width: opts.width ?? 1366, height: 900 }, colorScheme: opts.dark ? 'dark' : 'light', timezoneId: 'America/New_York' });
  return { context, page: await context.newPage() };
}

async function signIn(page: Page, email: string) {
  await page.goto(spaUrl('/'));
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** A signed-in account's API (cookies of a browser context, its CSRF token). */
async function apiAs(email: string) {
  const { context, page } = await freshPage();
  await signIn(page, email);
  const me = (await (await page.request.get(`${server.baseUrl}/api/v1/auth/me`)).json()) as { csrfToken: string };
  const headers = { 'x-csrf-token': me.csrfToken };
  const send = async <T>(method: 'post' | 'put', url: string, data: unknown) => {
    const res = await page.request[method](`${server.baseUrl}/api/v1${url}`, { data, headers });
    expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
    return (await res.json()) as T;
  };
  const get = async <T>(url: string) => (await (await page.request.get(`${server.baseUrl}/api/v1${url}`)).json()) as T;
  return { context, page, get, post: <T>(url: string, data: unknown) => send<T>('post', url, data), put: <T>(url: string, data: unknown) => send<T>('put', url, data) };
}
type Api = Awaited<ReturnType<typeof apiAs>>;

/** Closes a ticket as the Administrator, the way the ticket page saves it. */
async function close(admin: Api, id: number) {
  const t = await admin.get<{ shortDescription: string; version: number }>(`/tickets/${id}`);
  await admin.put(`/tickets/${id}`, { shortDescription: t.shortDescription, version: t.version, status: 'Closed' });
}

/** The survey e-mail to `address` (the 'ticket closed' notification may arrive first). */
async function surveyMail(address: string) {
  for (let seen = 0; ; seen++) {
    const m = await mailbox.next(address, seen);
    if (m.subject?.startsWith('How did we do?')) return m;
  }
}

const checkPage = async (page: Page, name: string) => {
  await screenshot(page, name);
  expect(await seriousAxeViolations(page), name).toEqual([]);
};

describe('satisfaction surveys', () => {
  let admin: Api;
  let ticketNo: string;
  let upLink: string;

  beforeAll(async () => {
    admin = await apiAs('admin@acme.example');
  });
  afterAll(async () => {
    await admin?.context.close();
  });

  it('a ticket closed through the API e-mails the survey; its thumbs-up link records the answer once, without signing in', async () => {
    const email = `survey.${stamp}@acme.example`;
    const contact = await admin.post<{ id: number }>('/contacts', { firstName: 'Sunny', lastName: `Survey${stamp}`, email, directPhone: '2125550101', title: 'Analyst' });
    const ticket = await admin.post<{ id: number; ticketNo: string }>('/tickets?type=contact', { ticketType: 'Incident', shortDescription: 'Projector in room 4 flickers', contactId: contact.id });
    ticketNo = ticket.ticketNo;
    await close(admin, ticket.id);

    const mail = await surveyMail(email);
    expect(mail.subject).toBe(`How did we do? ${ticketNo}: Projector in room 4 flickers`);
    upLink = linkIn(mail, 'answer=up');
    expect(upLink.startsWith(`${server.baseUrl}/app/spa/survey?token=`)).toBe(true);
    expect(linkIn(mail, 'answer=down').startsWith(`${server.baseUrl}/app/spa/survey?token=`)).toBe(true);

    const { context, page } = await freshPage();
    await page.goto(upLink);
    await page.getByRole('heading', { name: 'Satisfaction Survey' }).waitFor();
    await page.getByText('Thank you for your feedback! Your answer: Satisfied (thumbs up).').waitFor();
    await page.getByText(`${ticketNo}: Projector in room 4 flickers`).waitFor();
    await checkPage(page, 'survey-link-desktop');
    await page.getByLabel('Add a comment (optional)').fill('Fixed within the hour, thank you.');
    await page.getByRole('button', { name: 'Send comment' }).click();
    await page.getByText('Thank you, your comment was added.').waitFor();

    // The same link again (a reload, or the down link): already answered, nothing changes.
    await page.goto(linkIn(mail, 'answer=down'));
    await page.getByText('This survey was already answered. Thank you!').waitFor();
    await checkPage(page, 'survey-link-already-answered');
    // A tampered link: not valid.
    await page.goto(upLink.replace(/token=(\d+)\.(.)/, (_m, id: string, c: string) => `token=${id}.${c === 'A' ? 'B' : 'A'}`));
    await page.getByText(/^This survey link is not valid any more/).waitFor();
    await context.close();

    for (const [width, dark] of [
      [375, false],
      [375, true],
      [1366, true],
    ] as const) {
      const p = await freshPage({ width, dark });
      await p.page.goto(upLink);
      await p.page.getByText('This survey was already answered. Thank you!').waitFor();
      await checkPage(p.page, `survey-link-${width}-${dark ? 'dark' : 'light'}`);
      await p.context.close();
    }
  }, 180_000);

  it('admin@acme.example sees the answer in /surveys, in the grid and the charts', async () => {
    const page = admin.page;
    await page.goto(spaUrl('/surveys'));
    await page.getByRole('heading', { name: 'Surveys', exact: true }).waitFor();
    await page.getByTestId('survey-charts').waitFor();
    for (const name of ['Satisfaction over time', 'By assignee', 'By source', 'Response rate']) await page.getByRole('region', { name }).waitFor();
    const grid = page.getByRole('grid', { name: 'Surveys' });
    await grid.waitFor();
    // Newest first: the answer just given is the first row.
    const first = grid.getByRole('row').nth(1);
    await first.getByRole('link', { name: ticketNo }).waitFor();
    expect(await first.innerText()).toContain('Email');
    expect(await first.innerText()).toContain(`Sunny Survey${stamp}`);
    expect(await first.innerText()).toContain('Fixed within the hour, thank you.');
    await first.getByRole('img', { name: 'Satisfied (thumbs up)' }).waitFor();
    // The charts count it: in the table view of 'By source', the Email row has at least one thumbs up.
    const bySource = page.getByRole('region', { name: 'By source' });
    await bySource.locator('canvas').first().waitFor();
    await bySource.getByRole('button', { name: 'Table view' }).click();
    const email = bySource.getByRole('table', { name: 'By source' }).getByRole('row', { name: /^Email/ });
    expect(Number((await email.getByRole('cell').nth(0).innerText()).replace(/,/g, ''))).toBeGreaterThan(0);
    // Its data export, read back, is the charts API's 'by source' counts.
    const charts = (await (await page.request.get(`${server.baseUrl}/api/v1/surveys/charts`)).json()) as SurveyChartsResponse;
    const exported = await exportedChartData(page, 'By source', bySource);
    expect(exported.fileName).toBe('By_source.xlsx');
    expect(exported.rows).toEqual([['Source', 'Thumbs up', 'Thumbs down'], ...charts.bySource.map((r) => [r.source, r.up, r.down])]);
    await checkPage(page, 'surveys-desktop-light');

    // Search and sort live in the URL; the ticket link opens the ticket.
    await page.getByLabel('Search surveys').fill(ticketNo);
    await page.waitForURL(/search=/);
    await expect.poll(() => grid.getByRole('row').count()).toBe(2);
    await first.getByRole('link', { name: ticketNo }).click();
    await page.waitForURL(/\/incident\/view\/\d+$/);
  });

  it('shows /surveys at 375 px and in dark theme, and /contact/surveys/{id} for the Administrator', async () => {
    for (const [width, dark] of [
      [375, false],
      [375, true],
      [1366, true],
    ] as const) {
      const { context, page } = await freshPage({ width, dark });
      await signIn(page, 'admin@acme.example');
      await page.goto(spaUrl('/surveys'));
      await page.getByRole('grid', { name: 'Surveys' }).waitFor();
      await page.getByTestId('survey-charts').waitFor();
      await checkPage(page, `surveys-${width}-${dark ? 'dark' : 'light'}`);
      await context.close();
    }
    const contacts = await admin.get<{ rows: { id: number; lastName: string }[] }>(`/contacts?search=Survey${stamp}`);
    const id = contacts.rows[0]!.id;
    await admin.page.goto(spaUrl(`/contact/surveys/${id}`));
    await admin.page.getByRole('grid', { name: 'Surveys' }).getByRole('link', { name: ticketNo }).waitFor();
    await checkPage(admin.page, 'contact-surveys-desktop-light');
  }, 180_000);

  it("the home page invites the ticket's contact; the answer given there shows in the User's /surveys", async () => {
    const user = await apiAs('user@acme.example');
    const ticket = await user.post<{ id: number; ticketNo: string }>('/tickets', { ticketType: 'Incident', shortDescription: `Docking station ${stamp} not charging` });
    await close(admin, ticket.id);

    const page = user.page;
    await page.goto(spaUrl('/'));
    const card = page.getByRole('region', { name: new RegExp(`How did we do\\? ${ticket.ticketNo}`) });
    await card.waitFor();
    await checkPage(page, 'home-survey-card-desktop-light');
    const send = card.getByRole('button', { name: 'Send' });
    expect(await send.isDisabled()).toBe(true);
    await card.getByRole('button', { name: 'Not satisfied (thumbs down)' }).click();
    await card.getByLabel('Comment (optional)').fill('Still not charging.');
    await send.click();
    await page.getByText('Thank you for your feedback!').waitFor();
    await card.waitFor({ state: 'detached' });

    await page.goto(spaUrl('/surveys'));
    const row = page.getByRole('grid', { name: 'Surveys' }).getByRole('row').filter({ hasText: ticket.ticketNo });
    await row.getByRole('img', { name: 'Not satisfied (thumbs down)' }).waitFor();
    expect(await row.innerText()).toContain('Portal');
    await user.context.close();

    for (const [width, dark] of [
      [375, false],
      [375, true],
    ] as const) {
      const u = await apiAs('user@acme.example');
      const t2 = await u.post<{ id: number; ticketNo: string }>('/tickets', { ticketType: 'Incident', shortDescription: `Headset ${stamp} ${width}${dark ? 'd' : 'l'}` });
      await close(admin, t2.id);
      await u.context.close();
      const { context, page: p } = await freshPage({ width, dark });
      await signIn(p, 'user@acme.example');
      await p.getByRole('region', { name: new RegExp(`How did we do\\? ${t2.ticketNo}`) }).waitFor();
      await checkPage(p, `home-survey-card-${width}-${dark ? 'dark' : 'light'}`);
      await context.close();
    }
  }, 180_000);
});
