import { describe, expect, it } from 'vitest';
import { screenshot, seriousAxeViolations, signedInPages, spa } from './support.ts';

// requirements §16.1: the API Keys screen (Administrator, from the account menu): a new key is shown once and
// works on the Data API; revoking it stops it at once.


const { open } = signedInPages();


describe('API Keys screen', () => {
  it('admin@acme.example creates a key (shown once), the key reads the Data API, revoking refuses it', async () => {
    const admin = await open('admin@acme.example');
    await admin.getByRole('button', { name: 'Account menu' }).click();
    await admin.getByRole('menuitem', { name: 'API Keys' }).click();
    await admin.getByRole('heading', { name: 'API Keys' }).waitFor();

    await admin.getByRole('button', { name: 'New API Key' }).click();
    const create = admin.getByRole('dialog', { name: 'New API Key' });
    await create.getByRole('button', { name: 'Create' }).click();
    await create.getByText('Name is required').waitFor();
    await create.getByLabel('Name').fill('E2E integration');
    await screenshot(admin, 'api-keys-new-desktop-light');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await create.getByRole('button', { name: 'Create' }).click();

    const shown = admin.getByRole('dialog', { name: /API key created: E2E integration/ });
    await shown.getByText('Copy the key now: it is shown only once.').waitFor();
    const key = await shown.getByTestId('new-api-key').inputValue();
    expect(key).toMatch(/^sck_[A-Za-z0-9_-]{43}$/);
    await screenshot(admin, 'api-keys-shown-once-desktop-light');
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await shown.getByRole('button', { name: 'Done' }).click();
    await shown.waitFor({ state: 'detached' });

    const table = admin.getByRole('table', { name: 'API keys' });
    const row = table.getByRole('row').filter({ hasText: 'E2E integration' });
    await row.getByText('Active').waitFor();
    // The key is never shown again: only its prefix.
    expect(await admin.content()).not.toContain(key);
    expect(await row.textContent()).toContain(key.slice(0, 10));

    const origin = new URL(admin.url()).origin;
    const viaKey = await admin.request.get(`${origin}/api/data/contact?pageSize=5`, { headers: { CmsApiKey: key, cookie: '' } });
    expect(viaKey.status()).toBe(200);
    await screenshot(admin, 'api-keys-desktop-light');
    expect(await seriousAxeViolations(admin)).toEqual([]);

    // Keyboard: the Revoke button is reachable and the confirmation answers Enter.
    await row.getByRole('button', { name: 'Revoke E2E integration' }).focus();
    await admin.keyboard.press('Enter');
    const confirm = admin.getByRole('dialog', { name: 'Revoke API key?' });
    await confirm.getByText('Integrations using "E2E integration" will stop working at once.').waitFor();
    expect(await seriousAxeViolations(admin)).toEqual([]);
    await confirm.getByRole('button', { name: 'Revoke' }).click();
    await admin.getByText('API key revoked').waitFor();
    await row.getByText('Revoked').waitFor();
    const refused = await admin.request.get(`${origin}/api/data/contact`, { headers: { CmsApiKey: key } });
    expect(refused.status()).toBe(401);
  });

  it('375 px and dark theme; refused for a User', async () => {
    for (const [width, scheme] of [
      [375, 'light'],
      [375, 'dark'],
      [1366, 'dark'],
    ] as const) {
      const page = await open('admin@acme.example', { width, colorScheme: scheme, path: '/api-keys' });
      await page.getByRole('heading', { name: 'API Keys' }).waitFor();
      await page.getByRole('table', { name: 'API keys' }).waitFor();
      await screenshot(page, `api-keys-${width === 375 ? 'mobile' : 'desktop'}-${scheme}`);
      expect(await seriousAxeViolations(page)).toEqual([]);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow, `${width} ${scheme}`).toBeLessThanOrEqual(0);
    }
    const user = await open('user@acme.example');
    await user.getByRole('button', { name: 'Account menu' }).click();
    expect(await user.getByRole('menuitem', { name: 'API Keys' }).count()).toBe(0);
    await user.keyboard.press('Escape');
    await user.goto(spa('/api-keys'));
    await user.getByText('Not Authorized').waitFor();
  });
});
