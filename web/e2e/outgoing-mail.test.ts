import { describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, signedInPages, spa } from './support.ts';


const { open } = signedInPages();


interface CandidateLike {
  contactId: number;
  email: string | null;
  firstName: string;
  isInvited: boolean;
  isActive: boolean;
}

describe("'Outgoing mail' (no SMTP_URL: preview mode)", () => {
  let invitee: CandidateLike;

  it('an invitation sent by admin@acme.example can be read by the space admin, with its link', async () => {
    const admin = await open('admin@acme.example');
    const res = await admin.request.get(`${new URL(admin.url()).origin}/api/v1/invitations/candidates?pageSize=100`);
    const all = ((await res.json()) as { rows: CandidateLike[] }).rows;
    // Not one the contacts e2e test invites (it takes the first two).
    invitee = all.filter((c) => c.email && !c.isInvited && !c.isActive).at(-1)!;
    expect(invitee).toBeTruthy();

    await admin.goto(spa('/contacts/new-invites'));
    const grid = admin.getByRole('grid', { name: 'Contacts to invite' });
    await admin.getByLabel('Search contacts').fill(invitee.email!);
    const row = grid.getByRole('row').filter({ hasText: invitee.email! });
    await row.waitFor();
    await grid.getByRole('row').nth(2).waitFor({ state: 'detached' });
    await row.getByRole('checkbox').check();
    await admin.getByRole('button', { name: 'Send Invitations' }).click();
    await admin.getByRole('dialog', { name: 'Send Invitations' }).getByRole('button', { name: 'OK' }).click();
    await admin.getByText(/^Invitations sent successfully to 1 contact/).waitFor();

    // Only the space admin has the screen: the Administrator sees no menu item and a refusal.
    await admin.getByRole('button', { name: 'Account menu' }).click();
    expect(await admin.getByRole('menuitem', { name: 'Outgoing Mail' }).count()).toBe(0);
    await admin.keyboard.press('Escape');
    await admin.goto(spa('/outgoing-mail'));
    await admin.getByText('Not Authorized').waitFor();

    const staff = await open('staff@provider.example');
    await staff.getByRole('button', { name: 'Account menu' }).click();
    await staff.getByRole('menuitem', { name: 'Outgoing Mail' }).click();
    await staff.getByRole('heading', { name: 'Outgoing Mail' }).waitFor();
    await staff.getByText(/^Preview mode: no SMTP server is configured/).waitFor();
    const mails = staff.getByRole('grid', { name: 'Outgoing mail' });
    const mailRow = mails.getByRole('row').filter({ hasText: invitee.email! }).first();
    await mailRow.waitFor();
    expect(await mailRow.textContent()).toContain('invites you to the');
    // The relay of the server process keeps it as preview (SMTP_URL unset).
    await staff.getByLabel('State').click();
    await staff.getByRole('option', { name: 'Preview', exact: true }).click();
    await mails.getByRole('row').filter({ hasText: invitee.email! }).first().waitFor();
    await screenshot(staff, 'outgoing-mail-desktop-light');
    expect(await seriousAxeViolations(staff)).toEqual([]);

    await mails.getByRole('row').filter({ hasText: invitee.email! }).first().getByRole('button', { name: /invites you to the/ }).click();
    const dialog = staff.getByRole('dialog');
    await dialog.getByText('Links in this message').waitFor();
    const link = dialog.getByRole('link', { name: /\/app\/spa\/register\?IGID=/ });
    const href = (await link.getAttribute('href'))!;
    expect(href).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/app\/spa\/register\?IGID=[A-Za-z0-9_-]{43}$/);
    await dialog.getByRole('tab', { name: 'Text' }).click();
    expect(await dialog.locator('pre').textContent()).toContain(`Hello ${invitee.firstName},`);
    await dialog.getByRole('tab', { name: 'HTML' }).click();
    const frame = staff.frameLocator('iframe[title^="Message:"]');
    await frame.getByText('Register', { exact: true }).waitFor();
    await screenshot(staff, 'outgoing-mail-message-desktop-light');
    // axe cannot run inside the sandboxed frame (no scripts there, by design): check the dialog on the Text tab.
    await dialog.getByRole('tab', { name: 'Text' }).click();
    await dialog.locator('pre').waitFor();
    expect(await seriousAxeViolations(staff, '[role="dialog"]')).toEqual([]);
  }, 180_000);

  it.each([
    ['desktop', 1366, 900, 'dark'],
    ['375', 375, 740, 'light'],
    ['375', 375, 740, 'dark'],
  ] as const)('renders at %s (%i × %i px) in %s mode and passes axe', async (name, width, height, colorScheme) => {
    const staff = await open('staff@provider.example', { width, height, colorScheme, path: '/outgoing-mail' });
    const mails = staff.getByRole('grid', { name: 'Outgoing mail' });
    await mails.getByRole('row').nth(1).waitFor();
    await screenshot(staff, `outgoing-mail-${name}-${colorScheme}`);
    expect(await seriousAxeViolations(staff)).toEqual([]);
    // Enter on a focused row opens the message, as double-click does.
    await mails.getByRole('row').filter({ hasText: invitee.email! }).first().getByRole('gridcell').first().click();
    await staff.keyboard.press('Enter');
    await staff.getByRole('dialog').getByText('Links in this message').waitFor();
    await screenshot(staff, `outgoing-mail-message-${name}-${colorScheme}`);
  }, 120_000);
});
