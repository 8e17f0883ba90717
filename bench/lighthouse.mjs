// BENCH_ONLY=lighthouse: Lighthouse 12.8 desktop (its desktop config: simulated throttling, 1350×940) on the
// login page (signed out), home, the incident list and one incident of the demo data, in Debian Chromium, on the
// built server with the demo data on an embedded database of its own (bench/frontend.mjs's startDemoServer).
// Goals (issue 18 item 5): performance ≥ 95, accessibility 100, best practices ≥ 95 on every page. Prints the
// scores per page and, for a category under its goal, the ids of its failing audits.
// Signed-in pages: one POST /api/v1/auth/login; its session cookie goes on every request as an extra header
// (Lighthouse resets the browser's storage before each page, cookies included).
// BENCH_LIGHTHOUSE_DIR: a directory to write each page's full report to (<page>.json, open in the Lighthouse viewer).
import fs from 'node:fs';
import path from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import desktopConfig from 'lighthouse/core/config/desktop-config.js';
import { startDemoServer } from './frontend.mjs';

const CHROME_FLAGS = ['--headless=new', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];
export const LIGHTHOUSE_GOALS = { performance: 95, accessibility: 100, 'best-practices': 95 };
const CATEGORIES = Object.keys(LIGHTHOUSE_GOALS);

async function signIn(baseUrl, email, password) {
  const res = await fetch(`${baseUrl}/api/v1/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!res.ok) throw new Error(`sign-in as ${email} failed: ${res.status} ${await res.text()}`);
  const cookies = res.headers.getSetCookie().map((c) => c.split(';')[0]);
  if (!cookies.length) throw new Error('sign-in set no cookie');
  return cookies.join('; ');
}

/** An incident of the demo data the operator can open. */
async function anIncidentId(baseUrl, cookie) {
  const res = await fetch(`${baseUrl}/api/v1/incidents?limit=1`, { headers: { cookie } });
  if (!res.ok) throw new Error(`GET /api/v1/incidents: ${res.status} ${await res.text()}`);
  const body = await res.json();
  const row = (body.items ?? body.rows ?? body.data ?? [])[0];
  if (!row) throw new Error('the demo data has no incident');
  return row.id ?? row.ticketId;
}

/** Whether the page read anything from the API beyond the session probe and the public config. */
function readData(lhr) {
  const items = lhr.audits['network-requests']?.details?.items ?? [];
  return items.some((r) => r.statusCode === 200 && /\/api\/v1\//.test(r.url) && !/\/api\/v1\/(auth\/session|config)\b/.test(r.url));
}

/** Failing audits of a category: weighted ones scoring under 1 first, then anything else that fails. */
function failingAudits(lhr, category) {
  const ids = [];
  for (const ref of lhr.categories[category].auditRefs) {
    const audit = lhr.audits[ref.id];
    if (!audit || audit.score === null || audit.score >= 1) continue;
    if (audit.scoreDisplayMode === 'informative' || audit.scoreDisplayMode === 'manual' || audit.scoreDisplayMode === 'notApplicable') continue;
    // Performance metrics score on a curve: name them with their value so the cause is visible.
    ids.push(audit.displayValue ? `${ref.id} (${audit.displayValue}, ${Math.round(audit.score * 100)})` : ref.id);
  }
  return ids;
}

export async function benchLighthouse(root, results) {
  const server = await startDemoServer(root);
  const chrome = await chromeLauncher.launch({ chromePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', chromeFlags: CHROME_FLAGS, logLevel: 'silent' });
  try {
    const cookie = await signIn(server.baseUrl, 'operator@acme.example', 'demo-password-1');
    const incidentId = await anIncidentId(server.baseUrl, cookie);
    const spa = (p) => `${server.baseUrl}/app/spa${p}`;
    const pages = [
      { name: 'login', url: spa('/login'), cookie: null },
      { name: 'home', url: spa('/'), cookie },
      { name: 'incidents', url: spa('/incidents'), cookie },
      { name: 'ticket', url: spa(`/incident/view/${incidentId}`), cookie },
    ];
    const rows = [];
    const outDir = process.env.BENCH_LIGHTHOUSE_DIR ? path.resolve(process.env.BENCH_LIGHTHOUSE_DIR) : null;
    if (outDir) fs.mkdirSync(outDir, { recursive: true });
    for (const page of pages) {
      const flags = { port: chrome.port, output: 'json', logLevel: 'error', onlyCategories: CATEGORIES, ...(page.cookie ? { extraHeaders: { Cookie: page.cookie } } : {}) };
      const { lhr } = await lighthouse(page.url, flags, desktopConfig);
      if (lhr.runtimeError) throw new Error(`Lighthouse on ${page.name}: ${lhr.runtimeError.code} ${lhr.runtimeError.message}`);
      if (outDir) fs.writeFileSync(path.join(outDir, `${page.name}.json`), JSON.stringify(lhr));
      if (!rows.length) console.log(`\nLighthouse ${lhr.lighthouseVersion} ${lhr.configSettings.formFactor} (${lhr.configSettings.throttlingMethod} throttling), ${lhr.environment.hostUserAgent.match(/Chrome\/[\d.]+/)?.[0] ?? 'Chromium'}, demo data, operator@acme.example on the signed-in pages`);
      // Signed out, every path shows the login page in place: a signed-in page must have read its own data.
      if (page.cookie && !readData(lhr)) throw new Error(`Lighthouse on ${page.name}: no API data read with the session cookie (the login page was measured?)`);
      const scores = Object.fromEntries(CATEGORIES.map((c) => [c, Math.round((lhr.categories[c].score ?? 0) * 100)]));
      const ok = CATEGORIES.every((c) => scores[c] >= LIGHTHOUSE_GOALS[c]);
      rows.push({ page: page.name, scores, ok });
      console.log(`  ${page.name.padEnd(10)} performance ${String(scores.performance).padStart(3)}  accessibility ${String(scores.accessibility).padStart(3)}  best practices ${String(scores['best-practices']).padStart(3)}   ${ok ? 'met' : 'NOT met'}`);
      for (const c of CATEGORIES) {
        if (scores[c] >= LIGHTHOUSE_GOALS[c]) continue;
        console.log(`    ${c} < ${LIGHTHOUSE_GOALS[c]}: ${failingAudits(lhr, c).join(', ') || '(no single failing audit)'}`);
      }
    }
    results.lighthouse = { rows, ok: rows.every((r) => r.ok) };
  } finally {
    chrome.kill();
    await server.stop();
  }
}
