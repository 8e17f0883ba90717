import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, signedInPages, spa } from './support.ts';

// requirements §19.3 (Signed-in devices) and §19.4 (the audit log), in Chromium.


const { open } = signedInPages();


async function openPreferences(page: Page) {
  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'User Preferences' }).click();
  return page.getByRole('dialog', { name: 'User Preferences' });
}

describe('Signed-in devices (User Preferences)', () => {
  it('lists this device and another, ends the other, which then gets the session-expiry dialog', async () => {
    const other = await open('user@globex.example');
    const me = await open('user@globex.example', { fresh: true });
    const dialog = await openPreferences(me);
    const section = dialog.getByRole('region', { name: 'Signed-in devices' });
    await section.getByText('This device').waitFor();
    const signOutButtons = section.getByRole('button', { name: /^Sign out Chrome/ });
    expect(await signOutButtons.count()).toBeGreaterThanOrEqual(1);
    expect(await section.getByText(/last seen [A-Z][a-z]{2} \d{1,2}, \d{4} \d{1,2}:\d{2} [AP]M E[SD]T/).count()).toBeGreaterThanOrEqual(2);
    expect(await seriousAxeViolations(me, '[role="dialog"]')).toEqual([]);
    await screenshot(me, 'signed-in-devices-desktop-light');

    await section.getByRole('button', { name: 'Sign out all other devices' }).click();
    await me.getByText('Signed out everywhere else').waitFor();
    await expect.poll(() => signOutButtons.count()).toBe(0);

    // The other browser's next request finds its session gone.
    await openPreferences(other).catch(() => undefined);
    await other.getByRole('dialog', { name: 'Session Expired' }).waitFor();
    await screenshot(other, 'signed-in-devices-other-expired');
  });

  it('reads well at 375 px in the dark theme', async () => {
    const me = await open('user@acme.example', { width: 375, colorScheme: 'dark' });
    const dialog = await openPreferences(me);
    await dialog.getByRole('region', { name: 'Signed-in devices' }).getByText('This device').waitFor();
    await dialog.getByRole('region', { name: 'Signed-in devices' }).scrollIntoViewIfNeeded();
    expect(await seriousAxeViolations(me, '[role="dialog"]')).toEqual([]);
    await screenshot(me, 'signed-in-devices-375-dark');
  });
});

describe('Audit Log', () => {
  it('an Administrator reads its own log, sees the sign-in it just made, and never another customer’s', async () => {
    // Another customer's Administrator signs in first: its row must not show.
    await open('admin@globex.example');
    const admin = await open('admin@acme.example');
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'Audit Log' }).click();
    await admin.waitForURL(/\/audit-log/);
    const grid = admin.getByRole('grid', { name: 'Audit log' });
    const mine = grid.getByRole('row').filter({ hasText: 'admin@acme.example' }).filter({ hasText: 'Sign-in' });
    await mine.first().waitFor();
    expect(await grid.getByText('admin@globex.example').count()).toBe(0);
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await screenshot(admin, 'audit-log-desktop-light');

    // Filtered to failed sign-ins: none of Globex's either.
    await admin.getByLabel('Action').click();
    await admin.getByRole('option', { name: 'Sign-in', exact: true }).click();
    await admin.waitForURL(/action=sign-in.success/);
    await mine.first().waitFor();
    const api = await admin.request.get(`${new URL(admin.url()).origin}/api/v1/audit-log?pageSize=100`);
    const rows = ((await api.json()) as { rows: { actorEmail: string | null; organizationName: string | null }[] }).rows;
    expect(rows.every((r) => r.organizationName === 'Acme Corporation')).toBe(true);
  });

  it('at 375 px and dark; a User has no menu item and is refused the screen', async () => {
    const admin = await open('admin@acme.example', { width: 375, colorScheme: 'dark', path: '/audit-log' });
    await admin.getByRole('grid', { name: 'Audit log' }).getByRole('row').nth(1).waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await screenshot(admin, 'audit-log-375-dark');

    const user = await open('user@acme.example');
    await user.getByRole('button', { name: 'Account menu' }).click();
    expect(await user.getByRole('menuitem', { name: 'Audit Log' }).count()).toBe(0);
    await user.keyboard.press('Escape');
    await user.goto(spa('/audit-log'));
    await user.getByText(/not authorized|Not Authorized/i).first().waitFor();
  });
});
