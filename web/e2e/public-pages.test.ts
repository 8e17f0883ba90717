import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD, launchBrowser, screenshot, seriousAxeViolations } from './support.ts';
import { linkIn, startMailbox, startServer, type Mailbox } from './public-server.ts';

// Issue 13 part B end to end, with real delivery: a server of its own sends over SMTP to a real
// SMTP server (smtp-server) and the links are followed from the received messages.

const shotPath = (name: string) => path.resolve(import.meta.dirname, '../../test-results/screenshots', `${name}.png`);
const NEW_PASSWORD = 'violet-harbour-lantern-42';
let mailbox: Mailbox;
let server: { baseUrl: string; stop(): Promise<void> };
let browser: Browser;
const spaUrl = (p: string) => `${server.baseUrl}/app/spa${p}`;

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

async function signIn(page: Page, email: string, password: string) {
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
}

/** The signed-in admin's API with its CSRF token, through a browser context's cookies. */
async function adminApi() {
  const { context, page } = await freshPage();
  await page.goto(spaUrl('/'));
  await signIn(page, 'admin@acme.example', DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
  const me = (await (await page.request.get(`${server.baseUrl}/api/v1/auth/me`)).json()) as { csrfToken: string };
  const post = (url: string, data: unknown) => page.request.post(`${server.baseUrl}/api/v1${url}`, { data, headers: { 'x-csrf-token': me.csrfToken } });
  const get = async <T>(url: string) => (await (await page.request.get(`${server.baseUrl}/api/v1${url}`)).json()) as T;
  return { context, page, post, get };
}

const checkPage = async (page: Page, name: string) => {
  await screenshot(page, name);
  expect(await seriousAxeViolations(page), name).toEqual([]);
};

describe('invitation acceptance', () => {
  it('invite → e-mail → link → password set → signed in; the link is refused the second time', async () => {
    const admin = await adminApi();
    const { rows } = await admin.get<{ rows: { contactId: number; email: string | null; firstName: string; isInvited: boolean; isActive: boolean }[] }>('/invitations/candidates?pageSize=100');
    const invitee = rows.find((r) => r.email && !r.isInvited && !r.isActive)!;
    expect(invitee).toBeDefined();
    const sent = await admin.post('/invitations', { contacts: [{ contactId: invitee.contactId, userType: 'User' }] });
    expect(sent.status()).toBe(200);
    await admin.context.close();

    const mail = await mailbox.next(invitee.email!, 0);
    const link = linkIn(mail, 'IGID=');
    expect(link.startsWith(`${server.baseUrl}/app/spa/register?IGID=`)).toBe(true);

    const { context, page } = await freshPage();
    await page.goto(link);
    await page.getByRole('heading', { name: 'Accept Invitation' }).waitFor();
    await page.getByText(`Welcome, ${invitee.firstName}`).waitFor();
    await page.getByLabel('Password', { exact: true }).fill('password123');
    await page.getByText(/Strength: Very weak \(not accepted\)/).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await page.getByText(/Strength: (Strong|Very strong)/).waitFor();
    await checkPage(page, 'public-invitation-desktop');
    await page.getByRole('button', { name: 'Activate Account' }).click();
    await page.getByText(`Hello, ${invitee.firstName}`).waitFor();

    const again = await browser.newContext();
    const page2 = await again.newPage();
    await page2.goto(link);
    await page2.getByText('This invitation has already been used.', { exact: false }).waitFor();
    await checkPage(page2, 'public-invitation-used-desktop');
    await again.close();
    await context.close();
  });
});

describe('self-registration with approval', () => {
  async function registerAndVerify(email: string) {
    const { context, page } = await freshPage();
    await page.goto(spaUrl('/'));
    const heading = page.getByRole('heading', { name: 'New User Registration' });
    await page.getByRole('link', { name: 'Register' }).click();
    // Seen once in a full run (2026-11-24): the page stayed on Sign In for 30 s after the click. What is under
    // test starts on the Register page, so a lost click is clicked again instead of failing the flow.
    if (!(await heading.waitFor({ timeout: 10_000 }).then(() => true, () => false))) await page.getByRole('link', { name: 'Register' }).click();
    await heading.waitFor();
    await page.getByLabel('First Name').fill('Rosa');
    await page.getByLabel('Last Name').fill('Newcomer');
    await page.getByLabel('Email Address').fill(email);
    await page.getByLabel('Phone').fill('555 0199');
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    const approvals = mailbox.to('admin@acme.example').length;
    await page.getByRole('button', { name: 'Register' }).click();
    await page.getByText(`We sent a message to ${email}`, { exact: false }).waitFor();
    expect(new URL(page.url()).pathname.replace(/\/$/, '')).toBe('/app/spa');

    const verify = linkIn(await mailbox.next(email, 0), '/verify/');
    await page.goto(verify);
    await page.getByText('Your e-mail address is verified.', { exact: false }).waitFor();
    const approval = await mailbox.next('admin@acme.example', approvals);
    await context.close();
    return approval;
  }

  it('register → verification e-mail → approver’s e-mail → approve link → the registrant signs in', async () => {
    const email = `rosa.approved@acme.example`;
    const approval = await registerAndVerify(email);
    const approve = linkIn(approval, 'approved=true');
    expect(approve).toMatch(/\/pendingcontact\?approved=true&approvercontactid=\d+&ac=/);
    const { context, page } = await freshPage();
    await page.goto(approve);
    // The page moves on by itself (2 s, then 2 s): quick screenshots only; axe checks it in the all-pages test.
    await page.getByText('Processing...').waitFor();
    await page.screenshot({ path: shotPath('public-pendingcontact-processing-desktop'), animations: 'disabled' });
    await page.getByText('Contact has been ::: Approved').waitFor();
    await page.screenshot({ path: shotPath('public-pendingcontact-approved-desktop'), animations: 'disabled' });
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === '/app/spa');
    await mailbox.next(email, 1);
    await signIn(page, email, NEW_PASSWORD);
    await page.getByText('Hello, Rosa').waitFor();
    await context.close();
  });

  it('the disapprove link disapproves; the registrant cannot sign in', async () => {
    const email = `rosa.refused@acme.example`;
    const approval = await registerAndVerify(email);
    const { context, page } = await freshPage();
    await page.goto(linkIn(approval, 'approved=false'));
    await page.getByText('Contact has been ::: Disapproved').waitFor();
    await page.waitForURL((u) => u.pathname.replace(/\/$/, '') === '/app/spa');
    expect((await mailbox.next(email, 1)).subject).toMatch(/not approved|disapproved/i);
    await signIn(page, email, NEW_PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await context.close();
  });
});

describe('password retrieve and reset', () => {
  it('retrieve → reset e-mail → the new password works once, the old one no longer; the link is refused the second time', async () => {
    const email = 'user@globex.example';
    const { context, page } = await freshPage();
    await page.goto(spaUrl('/'));
    await page.getByRole('link', { name: 'Forgot Password' }).click();
    await page.getByRole('heading', { name: 'Forgot Password' }).waitFor();
    await page.getByLabel('Email Address').fill(email);
    const before = mailbox.to(email).length;
    await page.getByRole('button', { name: 'Send Reset Link' }).click();
    await page.getByText(`If an account uses ${email}`, { exact: false }).waitFor();
    const link = linkIn(await mailbox.next(email, before), '/reset/');
    await page.goto(link);
    await page.getByRole('heading', { name: 'Reset Password' }).waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm Password').fill(NEW_PASSWORD);
    await checkPage(page, 'public-reset-desktop');
    await page.getByRole('button', { name: 'Change Password' }).click();
    await page.getByText('Your password has been changed.', { exact: false }).waitFor();
    await signIn(page, email, DEMO_PASSWORD);
    await page.getByText('Invalid email or password').waitFor();
    await page.getByLabel('Password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Login', exact: true }).click();
    await page.getByText('Hello, Carlos').waitFor();

    const other = await browser.newContext();
    const page2 = await other.newPage();
    await page2.goto(link);
    await page2.getByText('This password reset link is not valid any more', { exact: false }).waitFor();
    await checkPage(page2, 'public-reset-invalid-desktop');
    await other.close();
    await context.close();
  });
});

describe('e-mail link redirect (requirements §12.2)', () => {
  it.each([
    ['?IncidentID=7', '/incident/edit/7'],
    ['?ContactID=5&PID=2', '/contacts/edit/5'],
    ['?ServiceRequestID=9', '/servicerequest/edit/9'],
    ['?JOBID=3', '/jobs/edit/3'],
    ['?VGID=abcdefghijklmnopqrstu', '/reset/abcdefghijklmnopqrstu'],
    ['?approved=true&approvercontactid=1&ac=abcdefghijklmnopqrstu', '/pendingcontact'],
    ['?IncidentID=7&ContactID=5&PID=2', '/contacts/edit/5'],
  ])('an e-mailed link with %s goes to %s, parameters passed on', async (search, path) => {
    const { context, page } = await freshPage();
    await page.goto(spaUrl(`/emaillink${search}`));
    await page.waitForURL((u) => u.pathname === `/app/spa${path}`);
    expect(new URL(page.url()).search).toBe(search);
    await context.close();
  });

  it('lands on the redirected route after sign-in; an unmatched link says so', async () => {
    const { context, page } = await freshPage();
    await page.goto(spaUrl('/?IncidentID=1'));
    await page.waitForURL((u) => u.pathname === '/app/spa/incident/edit/1');
    await signIn(page, 'admin@acme.example', DEMO_PASSWORD);
    await page.getByRole('button', { name: 'Account menu' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/app/spa/incident/edit/1');
    await context.close();

    const { context: c2, page: p2 } = await freshPage();
    await p2.goto(spaUrl('/somewhere?foo=bar'));
    await p2.getByText('The URL ?foo=bar has no match to redirect').waitFor();
    await checkPage(p2, 'public-redirect-nomatch-desktop');
    await c2.close();
  });
});

describe('every logged-out page at desktop and 375 px, light and dark', () => {
  let registrationLink = '';
  let preferences = '';
  let hasPreferences = false;

  it("shows the customer's registration link on Invite Contacts", async () => {
    const admin = await adminApi();
    registrationLink = (await admin.get<{ url: string }>('/invitations/registration-link')).url;
    await admin.page.goto(spaUrl('/contacts/new-invites'));
    const linkField = admin.page.getByRole('textbox', { name: 'Registration link' });
    await linkField.waitFor();
    expect(await linkField.inputValue()).toBe(registrationLink);
    await checkPage(admin.page, 'invitations-registration-link-desktop');
    await admin.context.close();
    const source = mailbox.to('user@globex.example').at(-1);
    hasPreferences = !!source;
    preferences = source ? linkIn(source, '/preferences?token=') : spaUrl('/preferences');
  });

  it.each([
    [1366, false],
    [1366, true],
    [375, false],
    [375, true],
  ])('renders each page at %i px (dark: %s) and passes axe', async (width, dark) => {
    const pages: [string, string, string][] = [
      ['login', '/', 'Login'],
      ['register', '/register', 'New User Registration'],
      ['self-register', new URL(registrationLink).pathname.replace('/app/spa', ''), 'New User Registration'],
      ['invitation-invalid', '/register?IGID=abcdefghijklmnopqrstuvwxyz', 'Accept Invitation'],
      ['retrieve', '/retrieve', 'Forgot Password'],
      ['reset-invalid', '/reset/abcdefghijklmnopqrstuv', 'Reset Password'],
      ['verify-invalid', '/verify/abcdefghijklmnopqrstuv', 'Verify Registration'],
      ['preferences', new URL(preferences).pathname.replace('/app/spa', '') + new URL(preferences).search, 'E-mail Preferences'],
      ['pendingcontact-invalid', '/pendingcontact', 'Pending Contact'],
      ['redirect-nomatch', '/elsewhere?x=1', 'Link Not Recognized'],
    ];
    const { context, page } = await freshPage({ width, dark });
    for (const [name, path, heading] of pages) {
      await page.goto(spaUrl(path));
      await page.getByRole('heading', { name: heading }).waitFor();
      if (name === 'pendingcontact-invalid') await page.getByText('Invalid Parameters...').waitFor();
      if (name === 'self-register') await page.getByText('You are registering with Acme Corporation', { exact: false }).waitFor();
      if (name === 'invitation-invalid') await page.getByText('This invitation link is not valid.').waitFor();
      if (name === 'preferences' && hasPreferences) await page.getByText('Send me an e-mail when').waitFor();
      if (name === 'verify-invalid') await page.getByText('This verification link is not valid any more', { exact: false }).waitFor();
      await checkPage(page, `public-${name}-${width === 375 ? 'mobile' : 'desktop'}-${dark ? 'dark' : 'light'}`);
    }
    await context.close();
  });
});
