import fs from 'node:fs';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { chromium, type Browser, type Page } from 'playwright-core';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'demo-password-1';
export const baseUrl = (): string => inject('baseUrl');
export const spa = (p = '/'): string => `${baseUrl()}/app/spa${p}`;

const ARTIFACTS = path.resolve(import.meta.dirname, '../../test-results/screenshots');

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

/** Screenshots are kept as test artefacts under test-results/screenshots. */
export async function screenshot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(ARTIFACTS, { recursive: true });
  // Dialogs, menus and drawers fade or slide in: wait until they have settled, so the image shows the screen as seen.
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running'));
  await page.screenshot({ path: path.join(ARTIFACTS, `${name}.png`), fullPage: true, animations: 'disabled' });
}

export async function signInAs(page: Page, email: string, atPath = '/'): Promise<void> {
  await page.goto(spa(atPath));
  await page.getByLabel('Email Address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(DEMO_PASSWORD);
  await page.getByRole('button', { name: 'Login', exact: true }).click();
  await page.getByRole('button', { name: 'Account menu' }).waitFor();
}

/** axe's serious and critical violations on the page (or within `include`, a CSS selector), as readable lines. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  // A dialog or popover still fading in has every colour at part opacity: axe would report the
  // contrast of a frame of the transition. Wait until no finite transition or animation is running
  // (endless ones, such as a skeleton's pulse, never end).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);
  const builder = new AxeBuilder({ page });
  if (include) builder.include(include);
  const result = await builder.analyze();
  return result.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
}
