import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { LOGIN_BUDGET_BYTES, measure, readBuild, routeModulesOf, violations, type Measurement } from '../../../scripts/bundle-budgets.mjs';
import { ROUTES } from '../config/routes.ts';

// Issue 18 item 5, decision 028: the login page's JavaScript ≤ 200 KB gzipped, every lazy route's own chunks
// ≤ 60 KB (how both are counted: scripts/bundle-budgets.mjs). Measured on the real build, rebuilt first when
// a source is newer than it (as test:e2e does).
const root = path.resolve(import.meta.dirname, '../../..');
const routerSource = fs.readFileSync(path.join(root, 'web/src/app/router.tsx'), 'utf8');

/** The route module each ROUTES key loads, read from router.tsx ('login' is the entry itself, no module). */
function moduleOfRoute(key: string): string | null {
  const publicPage = /publicPage\('\w+'\)/.test(routerSource) ? 'src/app/route-modules/public-pages.tsx' : null;
  for (const line of routerSource.split('\n')) {
    const isHome = key === 'home' && /index: true/.test(line);
    if (!isHome && !line.includes(`ROUTES.${key}.path`)) continue;
    const direct = /import\('\.\/(route-modules\/[\w-]+\.tsx)'\)/.exec(line);
    if (direct) return `src/app/${direct[1]}`;
    if (/lazy: publicPage\(/.test(line)) return publicPage;
  }
  return null;
}

let result: Measurement;

beforeAll(() => {
  execFileSync(process.execPath, [path.join(root, 'scripts/build.mjs'), '--if-stale'], {
    cwd: root,
    stdio: 'inherit',
    timeout: 600_000,
    // vitest sets NODE_ENV=test: Vite would build React's development bundle into web/dist.
    env: { ...process.env, NODE_ENV: 'production' },
  });
  result = measure(readBuild(path.join(root, 'web/dist')), routeModulesOf(routerSource));
}, 620_000);

describe('front-end budgets', () => {
  it('finds the login entry and a lazy module for every route of routes.ts', () => {
    const missing = Object.keys(ROUTES).filter((key) => key !== 'login' && !moduleOfRoute(key));
    expect(missing, 'routes of routes.ts without a lazy route module in router.tsx').toEqual([]);
    const measured = new Set(result.routes.map((r) => r.src));
    for (const key of Object.keys(ROUTES)) {
      const src = moduleOfRoute(key);
      if (src) expect(measured.has(src), `${key}: ${src} measured`).toBe(true);
    }
    // Not vacuous: the entry graph holds React and the vendor chunks, and every route module has a chunk of its own.
    expect(result.login.files.length).toBeGreaterThan(2);
    expect(result.login.bytes).toBeGreaterThan(LOGIN_BUDGET_BYTES / 4);
    for (const r of result.routes) expect(r.own.length, `${r.src} has its own chunk`).toBeGreaterThan(0);
  });

  it('keeps the login page and every lazy route within budget', () => {
    expect(violations(result)).toEqual([]);
  });

  it('names the chunk and the budget when one is exceeded', () => {
    const [route] = result.routes;
    const over = { ...result, login: { ...result.login, bytes: 250_000 }, routes: [{ ...route!, bytes: 61_000 }] };
    const lines = violations(over);
    expect(lines[0]).toMatch(/^login page JavaScript 250\.0 KB gzipped > budget 200\.0 KB \(largest: assets\//);
    expect(lines[1]).toContain(`route module ${route!.src}: own chunks 61.0 KB gzipped > budget 60.0 KB (assets/`);
  });
});
