import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, signedInPages, spa } from './support.ts';

// requirements §14.1: the form engine's screens, one walk per role; the signed-in state of each
// role is kept after its first sign-in and reused for the other viewports and themes.


const { open } = signedInPages();

const KAPP = '/kapps/customer-portal';
const SUFFIX = Date.now().toString(36);
const NEW_SLUG = `e2e-badge-${SUFFIX}`;
const NEW_NAME = `Visitor Badge ${SUFFIX}`;


const survey = (p: Page) => p.getByTestId('survey-form');
const api = (p: Page, path: string) => `${new URL(p.url()).origin}/api/v1${path}`;

describe('form engine (requirements §14.1)', () => {
  let ticketNo = '';

  it('user@acme.example: a multi-page form prefilled from values[…], saved as a draft, resumed, submitted; in submissions and My Service Requests', async () => {
    const user = await open('user@acme.example');
    // The drawer's Request Catalogue lists the seeded forms.
    await user.getByRole('navigation', { name: 'Main menu' }).getByRole('link', { name: 'Request Catalogue' }).click();
    await user.getByRole('heading', { name: 'Request Catalogue' }).waitFor();
    await user.getByRole('heading', { name: 'New Laptop' }).waitFor();
    await screenshot(user, 'forms-catalogue-desktop-light');
    expect(await seriousAxeViolations(user)).toEqual([]);

    await user.goto(spa(`${KAPP}/forms/new-laptop?values[recipientName]=Pat%20Prefill&values[department]=Finance&values[unknownField]=x`));
    const form = survey(user);
    const recipient = form.getByRole('textbox', { name: /Recipient name/ });
    await recipient.waitFor();
    expect(await recipient.inputValue()).toBe('Pat Prefill');
    await form.getByRole('textbox', { name: /Recipient e-mail/ }).fill('pat.prefill@acme.example');
    await screenshot(user, 'forms-submit-desktop-light');
    expect(await seriousAxeViolations(user)).toEqual([]);

    await form.getByRole('button', { name: 'Next' }).click();
    await form.getByText(/Standard 14/).click();
    // Save Draft: the answers and the page are kept; the draft's own page comes next.
    await user.getByRole('button', { name: 'Save Draft' }).click();
    await user.getByText('Draft saved').waitFor();
    await user.waitForURL(/\/submissions\/[^/]+$/);
    const draftUrl = user.url();

    // The list shows the draft; Review resumes it on the page it was saved on.
    await user.goto(spa(`${KAPP}/forms/new-laptop/submissions`));
    const grid = user.getByRole('grid', { name: 'Submissions' });
    const draftRow = grid.getByRole('row').filter({ hasText: 'Pat Prefill' }).filter({ hasText: 'Draft' });
    await draftRow.waitFor();
    await draftRow.getByRole('link', { name: /^Review/ }).click();
    await user.waitForURL(draftUrl);
    const resumed = survey(user);
    await resumed.getByRole('radio', { name: /Standard 14/ }).waitFor();
    expect(await resumed.getByRole('radio', { name: /Standard 14/ }).isChecked()).toBe(true);
    await resumed.getByRole('button', { name: 'Next' }).click();
    await resumed.getByLabel(/Needed by/).fill('2026-12-15');
    await resumed.getByRole('button', { name: 'Complete' }).click();
    const toast = user.getByText(/^Submission received: service request /);
    await toast.waitFor();
    ticketNo = /service request (\S+)/.exec((await toast.textContent()) ?? '')![1]!;
    expect(ticketNo).toBeTruthy();

    // After the confirmation page: the submissions list, the submission Submitted with its service request.
    await user.waitForURL(/\/forms\/new-laptop\/submissions$/);
    const doneRow = grid.getByRole('row').filter({ hasText: 'Pat Prefill' }).filter({ hasText: 'Submitted' });
    await doneRow.getByRole('link', { name: ticketNo }).waitFor();
    // The summary reads as the form shows it: question order, a choice's text rather than its value.
    expect(await doneRow.locator('[data-field="summary"]').textContent()).toMatch(/^Pat Prefill · pat\.prefill@acme\.example · Finance · Standard 14" business laptop/);
    expect(await grid.getByRole('row').filter({ hasText: 'Pat Prefill' }).filter({ hasText: 'Draft' }).count()).toBe(0);
    await screenshot(user, 'forms-submissions-desktop-light');
    expect(await seriousAxeViolations(user)).toEqual([]);

    await user.goto(spa('/myrequests'));
    const mine = user.locator('[role="gridcell"][data-field="ticketNo"]').filter({ hasText: ticketNo });
    await mine.waitFor();
  }, 240_000);

  it('admin@acme.example: reviews a submission of the customer read-only and deletes it', async () => {
    // Its own fixture: a submission made by user@acme.example through the API.
    const user = await open('user@acme.example');
    const me = (await (await user.request.get(api(user, '/auth/me'))).json()) as { csrfToken: string };
    const res = await user.request.post(api(user, '/kapps/customer-portal/forms/new-laptop/submissions'), {
      headers: { 'x-csrf-token': me.csrfToken },
      data: {
        coreState: 'Submitted',
        currentPage: 'delivery',
        values: { recipientName: `Del Me ${SUFFIX}`, recipientEmail: 'del@acme.example', department: 'Sales', model: 'standard-14', neededBy: '2026-12-20' },
      },
    });
    expect(res.ok(), await res.text()).toBe(true);

    const admin = await open('admin@acme.example', { path: `${KAPP}/forms/new-laptop/submissions` });
    const grid = admin.getByRole('grid', { name: 'Submissions' });
    const row = grid.getByRole('row').filter({ hasText: `Del Me ${SUFFIX}` });
    await row.waitFor();
    await row.getByRole('link', { name: /^Review/ }).click();
    const review = survey(admin);
    await review.getByRole('textbox', { name: /Recipient name/ }).waitFor();
    expect(await review.getByRole('textbox', { name: /Recipient name/ }).inputValue()).toBe(`Del Me ${SUFFIX}`);
    await admin.getByText(/^This submission created service request/).waitFor();
    // Read-only: no Save Draft, no Complete.
    expect(await admin.getByRole('button', { name: 'Save Draft' }).count()).toBe(0);
    expect(await review.getByRole('button', { name: 'Complete' }).count()).toBe(0);
    await screenshot(admin, 'forms-review-desktop-light');
    expect(await seriousAxeViolations(admin)).toEqual([]);

    await admin.getByRole('button', { name: 'Delete', exact: true }).click();
    await admin.getByRole('dialog', { name: 'Delete submission?' }).getByRole('button', { name: 'Delete' }).click();
    await admin.getByText('Submission deleted').waitFor();
    await admin.waitForURL(/\/forms\/new-laptop\/submissions$/);
    // The list refetches after the delete (it may show its cached page for a moment): the row goes, the others stay.
    await row.waitFor({ state: 'detached' });
    await grid.getByRole('row').filter({ hasText: 'Pat Prefill' }).first().waitFor();
  }, 180_000);

  it('staff@provider.example: creates and publishes a form for Acme in the JSON editor; Acme sees it, Globex does not', async () => {
    const staff = await open('staff@provider.example', { path: `${KAPP}/forms` });
    await staff.getByRole('link', { name: 'Manage Forms' }).click();
    await staff.getByRole('grid', { name: 'Form definitions' }).getByRole('row').nth(1).waitFor();
    await staff.getByRole('link', { name: 'New Form' }).click();
    await staff.getByRole('heading', { name: 'New Form' }).waitFor();
    await staff.getByLabel('Slug').fill(NEW_SLUG);
    await staff.getByLabel('Name').fill(NEW_NAME);
    await staff.getByLabel('Description').fill('A visitor badge for a guest of the office');
    await staff.getByLabel('Available to').click();
    await staff.getByRole('option', { name: /Acme/ }).click();
    const definition = {
      title: NEW_NAME,
      completedHtml: '<p>Thank you</p>',
      pages: [
        { name: 'visitor', title: 'Visitor', elements: [{ type: 'text', name: 'visitorName', title: 'Visitor name', isRequired: true }] },
        { name: 'visit', title: 'Visit', elements: [{ type: 'text', name: 'visitDate', title: 'Visit date', inputType: 'date', isRequired: true }] },
      ],
    };
    const editor = staff.getByRole('textbox', { name: 'Definition' });
    // An invalid definition is refused with the reason shown.
    await editor.fill('{"pages": [');
    await staff.getByText('Live preview').waitFor();
    expect(await staff.getByRole('button', { name: 'Save' }).isDisabled()).toBe(true);
    await editor.fill(JSON.stringify(definition, null, 2));
    // The live preview follows the JSON.
    await survey(staff).getByRole('textbox', { name: /Visitor name/ }).waitFor();
    await staff.getByRole('button', { name: 'Save' }).click();
    await staff.waitForURL(new RegExp(`/manage-forms/${NEW_SLUG}$`));
    await staff.getByRole('button', { name: 'Publish' }).click();
    await staff.getByText('Form published').waitFor();
    await staff.getByText(/^Published · version 1/).waitFor();
    await screenshot(staff, 'forms-editor-desktop-light');
    expect(await seriousAxeViolations(staff)).toEqual([]);

    const acme = await open('user@acme.example', { path: `${KAPP}/forms` });
    await acme.getByRole('heading', { name: NEW_NAME }).waitFor();

    const globex = await open('admin@globex.example', { path: `${KAPP}/forms` });
    await globex.getByRole('heading', { name: 'New Laptop' }).waitFor();
    expect(await globex.getByRole('heading', { name: NEW_NAME }).count()).toBe(0);
    const direct = await globex.request.get(api(globex, `/kapps/customer-portal/forms/${NEW_SLUG}`));
    expect(direct.status()).toBe(404);
  }, 240_000);

  it.each([
    ['desktop', 1366, 'dark'],
    ['375', 375, 'light'],
    ['375', 375, 'dark'],
  ] as const)('renders the screens at %s (%i px) in %s mode and passes axe', async (name, width, colorScheme) => {
    const user = await open('user@acme.example', { width, colorScheme, path: `${KAPP}/forms` });
    const shots: [string, string, (p: Page) => Promise<void>][] = [
      ['catalogue', `${KAPP}/forms`, (p) => p.getByRole('heading', { name: 'New Laptop' }).waitFor()],
      ['submit', `${KAPP}/forms/new-laptop?values[recipientName]=Pat`, (p) => survey(p).getByRole('textbox', { name: /Recipient name/ }).waitFor()],
      ['submissions', `${KAPP}/forms/new-laptop/submissions`, (p) => p.getByRole('grid', { name: 'Submissions' }).getByRole('row').nth(1).waitFor()],
    ];
    for (const [shot, path, ready] of shots) {
      await user.goto(spa(path));
      await ready(user);
      await screenshot(user, `forms-${shot}-${name}-${colorScheme}`);
      expect(await seriousAxeViolations(user), shot).toEqual([]);
      expect(await user.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), `${shot} fits the width`).toBe(true);
    }
    await user.goto(spa(`${KAPP}/forms/new-laptop/submissions`));
    await user.getByRole('grid', { name: 'Submissions' }).getByRole('link', { name: /^Review/ }).first().click();
    await user.getByText(/^This submission created service request/).waitFor();
    await survey(user).getByRole('textbox', { name: /Recipient name/ }).waitFor();
    await screenshot(user, `forms-review-${name}-${colorScheme}`);
    expect(await seriousAxeViolations(user), 'review').toEqual([]);

    const staff = await open('staff@provider.example', { width, colorScheme, path: `${KAPP}/manage-forms/${NEW_SLUG}` });
    await survey(staff).getByRole('textbox', { name: /Visitor name/ }).waitFor();
    await screenshot(staff, `forms-editor-${name}-${colorScheme}`);
    expect(await seriousAxeViolations(staff), 'editor').toEqual([]);
    expect(await staff.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth), 'editor fits the width').toBe(true);
  }, 240_000);
});
