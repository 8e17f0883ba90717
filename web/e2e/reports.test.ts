import fs from 'node:fs';
import path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REPORTS, SINGLE_PANE_OF_GLASS_REPORT, SUPPORT_TICKETS_REPORT_ID, type NativeReport } from '@sc/common';
import { exportedChartData, launchBrowser, screenshot, seriousAxeViolations, signInAs, spa } from './support.ts';

// The native reports walked as admin@acme.example (requirements §13.2–§13.5): each of the drawer's four
// and the home card's Single Pane of Glass shows its figures and charts; a filter changes them (the URL
// keeps it); a chart's data export is read back with exceljs and its image is a PNG; a click on a pie
// slice, and Enter on a table-view row, open the filtered ticket list. axe and screenshots at desktop and
// 375 px, light and dark.

let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  browser = await launchBrowser();
  context = await browser.newContext({ viewport: { width: 1366, height: 900 }, colorScheme: 'light', timezoneId: 'America/New_York', acceptDownloads: true });
  page = await context.newPage();
  await signInAs(page, 'admin@acme.example');
});
afterAll(async () => {
  await browser.close();
});

async function apiGet<T>(url: string): Promise<T> {
  const res = await page.request.get(`${new URL(page.url()).origin}/api/v1${url}`);
  expect(res.status(), url).toBe(200);
  return (await res.json()) as T;
}

async function shots(name: string) {
  expect(await seriousAxeViolations(page)).toEqual([]);
  for (const [size, viewport] of [
    ['desktop', { width: 1366, height: 900 }],
    ['mobile', { width: 375, height: 740 }],
  ] as const) {
    await page.setViewportSize(viewport);
    for (const scheme of ['light', 'dark'] as const) {
      await page.emulateMedia({ colorScheme: scheme });
      await page.waitForTimeout(400);
      await screenshot(page, `${name}-${size}-${scheme}`);
    }
  }
  await page.setViewportSize({ width: 1366, height: 900 });
  await page.emulateMedia({ colorScheme: 'light' });
}

/** The drawing of a chart card (role img, named after its title) once ECharts has drawn it. */
const drawing = (title: string) => page.getByRole('img', { name: new RegExp(`^${title.replace(/[/()]/g, '\\$&')}:`) });

async function waitForCharts(report: NativeReport) {
  await page.getByRole('heading', { level: 1, name: report.title }).waitFor();
  for (const c of report.charts) {
    const drawn = c.data.series.some((s) => s.values.some((v) => v !== 0));
    if (drawn) await drawing(c.title).locator('canvas').first().waitFor();
    else await page.getByRole('heading', { name: c.title }).waitFor();
  }
}

describe('reports as admin@acme.example', () => {
  it('opens each of the four drawer reports with its figures and charts', async () => {
    for (const r of REPORTS) {
      await page.goto(spa('/'));
      await page.getByTestId(`drawer-item-report-${r.id}`).click();
      await page.waitForURL(new RegExp(`/reports/${r.id}$`));
      const report = await apiGet<NativeReport>(`/reports/${r.id}`);
      expect(report.kind).toBe('native');
      expect(report.charts.length).toBeGreaterThan(1);
      await waitForCharts(report);
      for (const f of report.figures) await page.getByText(f.label, { exact: true }).first().waitFor();
      await shots(`report-${r.label.replace(/[^A-Za-z]+/g, '-').toLowerCase()}`);
    }
  });

  it('opens the Single Pane of Glass from the home card, with the agreements balance and hours this month', async () => {
    await page.goto(spa('/'));
    await page.getByRole('link', { name: /Single Pane of Glass Report/ }).click();
    await page.waitForURL(new RegExp(`/reports/${SINGLE_PANE_OF_GLASS_REPORT.id}$`));
    const report = await apiGet<NativeReport>(`/reports/${SINGLE_PANE_OF_GLASS_REPORT.id}`);
    await waitForCharts(report);
    await page.getByText("Agreements' balance", { exact: true }).waitFor();
    await page.getByText('Hours this month', { exact: true }).waitFor();
    expect(await page.locator('[data-figure="balance"]').innerText()).toMatch(/^-?\$[\d,]+\.\d{2}$/);
    await shots('report-single-pane');
  });

  it('a site filter changes the figures and stays in the URL', async () => {
    await page.goto(spa(`/reports/${SUPPORT_TICKETS_REPORT_ID}`));
    const all = await apiGet<NativeReport>(`/reports/${SUPPORT_TICKETS_REPORT_ID}`);
    await waitForCharts(all);
    const created = page.locator('[data-figure="created"]');
    expect(await created.innerText()).toBe(Number(all.figures.find((f) => f.id === 'created')!.value).toLocaleString('en-US'));
    const site = all.sites[0]!;
    const one = await apiGet<NativeReport>(`/reports/${SUPPORT_TICKETS_REPORT_ID}?siteId=${site.id}`);
    expect(one.figures.find((f) => f.id === 'created')!.value).not.toBe(all.figures.find((f) => f.id === 'created')!.value);
    await page.getByRole('combobox', { name: 'Site' }).click();
    await page.getByRole('option', { name: site.name }).click();
    await page.waitForURL(new RegExp(`siteId=${site.id}`));
    await expect.poll(() => created.innerText()).toBe(Number(one.figures.find((f) => f.id === 'created')!.value).toLocaleString('en-US'));
    // A shorter period: the From date in the URL, fewer tickets.
    await page.getByLabel('From').fill(one.to);
    await page.waitForURL(new RegExp(`from=${one.to}`));
    const day = await apiGet<NativeReport>(`/reports/${SUPPORT_TICKETS_REPORT_ID}?siteId=${site.id}&from=${one.to}`);
    await expect.poll(() => created.innerText()).toBe(Number(day.figures.find((f) => f.id === 'created')!.value).toLocaleString('en-US'));
    await page.goBack();
    await page.goBack();
    await expect.poll(() => created.innerText()).toBe(Number(all.figures.find((f) => f.id === 'created')!.value).toLocaleString('en-US'));
  });

  it("exports a chart's data (.xlsx read back) and its image (PNG)", async () => {
    await page.goto(spa(`/reports/${SUPPORT_TICKETS_REPORT_ID}`));
    const report = await apiGet<NativeReport>(`/reports/${SUPPORT_TICKETS_REPORT_ID}`);
    await waitForCharts(report);
    const chart = report.charts.find((c) => c.id === 'priority')!;
    const { fileName, file, rows: values } = await exportedChartData(page, chart.title);
    expect(fileName).toBe('Created_by_priority.xlsx');
    expect(values).toEqual([['Priority', 'Tickets'], ...chart.data.categories.map((c, i) => [c, chart.data.series[0]!.values[i]])]);

    const [png] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: `Export image: ${chart.title}` }).click()]);
    expect(png.suggestedFilename()).toBe('Created_by_priority.png');
    const pngFile = path.join(path.dirname(file), png.suggestedFilename());
    await png.saveAs(pngFile);
    expect([...fs.readFileSync(pngFile).subarray(0, 8)]).toEqual([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  });

  it('a click on a pie slice opens the incidents list filtered by that priority and period', async () => {
    await page.goto(spa(`/reports/${SUPPORT_TICKETS_REPORT_ID}`));
    const report = await apiGet<NativeReport>(`/reports/${SUPPORT_TICKETS_REPORT_ID}`);
    await waitForCharts(report);
    const chart = report.charts.find((c) => c.id === 'priority')!;
    const values = chart.data.series[0]!.values;
    const total = values.reduce((a, b) => a + b, 0);
    // ECharts draws the first slice clockwise from 12 o'clock: click the middle of its ring.
    await drawing(chart.title).scrollIntoViewIfNeeded();
    const box = (await drawing(chart.title).boundingBox())!;
    const cx = box.x + box.width / 2;
    const cy = box.y + box.height * 0.55;
    const r = (Math.min(box.width, box.height) / 2) * 0.52;
    const angle = Math.PI / 2 - (values[0]! / total) * Math.PI;
    await page.mouse.click(cx + r * Math.cos(angle), cy - r * Math.sin(angle));
    await page.waitForURL(/\/incidents\?/);
    const url = new URL(page.url());
    expect(Object.fromEntries(url.searchParams)).toEqual(chart.links[0]!.query);
    await page.getByRole('grid').first().waitFor();
  });

  it('the table view lists the data and Enter on a row opens the filtered list', async () => {
    await page.goto(spa(`/reports/${SUPPORT_TICKETS_REPORT_ID}`));
    const report = await apiGet<NativeReport>(`/reports/${SUPPORT_TICKETS_REPORT_ID}`);
    await waitForCharts(report);
    const chart = report.charts.find((c) => c.id === 'class')!;
    const card = page.getByRole('region', { name: chart.title });
    await card.getByRole('button', { name: 'Table view' }).click();
    const table = card.getByRole('table', { name: chart.title });
    expect(await table.getByRole('row').count()).toBe(chart.data.categories.length + 1);
    await shots('report-table-view');
    await table.getByRole('button', { name: chart.data.categories[0]! }).focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/incidents\?/);
    expect(new URL(page.url()).searchParams.get('classId')).toBe(chart.links[0]!.query.classId);
  });

  it('an Operator is refused: the page shows Not Authorized and the API answers 403', async () => {
    const ctx = await browser.newContext({ viewport: { width: 1366, height: 900 } });
    const p = await ctx.newPage();
    await signInAs(p, 'operator@acme.example');
    await p.goto(spa(`/reports/${SUPPORT_TICKETS_REPORT_ID}`));
    await p.getByText('Not Authorized').waitFor();
    const res = await p.request.get(`${new URL(p.url()).origin}/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}`);
    expect(res.status()).toBe(403);
    await ctx.close();
  });
});
