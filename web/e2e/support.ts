import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import ExcelJS from 'exceljs';
import { chromium, type Browser, type BrowserContext, type Locator, type Page } from 'playwright-core';
import { afterAll, beforeAll, inject } from 'vitest';

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

export interface OpenOptions {
  width?: number;
  /** Default 740 below 600 px wide, else 900. */
  height?: number;
  colorScheme?: 'light' | 'dark';
  /** Where the page opens (a SPA path; default '/'). */
  path?: string;
  /** A session of its own, signed in through the form (default: the account's first session in this file, reused). */
  fresh?: boolean;
}

/**
 * A test file's browser and its signed-in pages: each account signs in through the form once, later pages reuse
 * that session (its storage state) unless `fresh` asks for a sign-in of their own. Registers the file's
 * beforeAll/afterAll that launch and close the browser.
 */
export function signedInPages(): { open: (email: string, opts?: OpenOptions) => Promise<Page>; browser: () => Browser } {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const states = new Map<string, Awaited<ReturnType<BrowserContext['storageState']>>>();
  beforeAll(async () => {
    browser = await launchBrowser();
  });
  afterAll(async () => {
    for (const c of contexts) await c.close();
    await browser?.close();
  });
  const theBrowser = () => {
    if (!browser) throw new Error('signedInPages: the browser starts in beforeAll');
    return browser;
  };
  async function open(email: string, opts: OpenOptions = {}): Promise<Page> {
    const width = opts.width ?? 1366;
    const state = opts.fresh ? undefined : states.get(email);
    const context = await theBrowser().newContext({
      viewport: { width, height: opts.height ?? (width < 600 ? 740 : 900) },
      colorScheme: opts.colorScheme ?? 'light',
      timezoneId: 'America/New_York',
      ...(state ? { storageState: state } : {}),
    });
    contexts.push(context);
    const page = await context.newPage();
    if (state) {
      await page.goto(spa(opts.path ?? '/'));
      await page.getByRole('button', { name: 'Account menu' }).waitFor();
    } else {
      await signInAs(page, email, opts.path ?? '/');
      if (!states.has(email)) states.set(email, await context.storageState());
    }
    return page;
  }
  return { open, browser: theBrowser };
}

/** axe's serious and critical violations on the page (or within `include`, a CSS selector), as readable lines. */
export async function seriousAxeViolations(page: Page, include?: string): Promise<string[]> {
  // A dialog or popover still fading in has every colour at part opacity: axe would report the
  // contrast of a frame of the transition. Wait until no finite transition or animation is running
  // (endless ones, such as a skeleton's pulse, never end).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().endTime === Infinity), undefined, { timeout: 5_000 }).catch(() => undefined);
  const scan = async () => {
    const builder = new AxeBuilder({ page });
    if (include) builder.include(include);
    const result = await builder.analyze();
    return result.violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.help} (${v.nodes.map((n) => n.target.join(' ')).join(', ')})`);
  };
  // A violation must still be there a moment later: under a loaded CI machine axe once caught a single
  // frame with an ARIA attribute on :root (not ours: nothing in web/ sets one) that a second scan, and the
  // same test alone, never saw. A real violation persists and is reported.
  const first = await scan();
  if (!first.length) return first;
  await page.waitForTimeout(500);
  const again = new Set(await scan());
  return first.filter((v) => again.has(v));
}

/**
 * Clicks a chart card's 'Export data: {title}' button (web/src/ui/charts) and reads the .xlsx it saves
 * back with exceljs: the file name and the sheet's rows (header first), as cell values. `within` narrows
 * the button to a region when titles repeat. The context needs acceptDownloads (Playwright's default).
 */
export async function exportedChartData(page: Page, title: string, within: Page | Locator = page): Promise<{ fileName: string; file: string; rows: unknown[][] }> {
  const [download] = await Promise.all([page.waitForEvent('download'), within.getByRole('button', { name: `Export data: ${title}` }).click()]);
  const fileName = download.suggestedFilename();
  const file = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'sc-chart-')), fileName);
  await download.saveAs(file);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile(file);
  const rows = wb.worksheets[0]!.getSheetValues().slice(1).map((r) => (r as unknown[]).slice(1));
  return { fileName, file, rows };
}
