// The front end's size budgets (issue 18 item 5, decision 028), measured on the built SPA: web/dist's Vite
// manifest (.vite/manifest.json) and the chunk-libraries map the build writes beside it (web/vite.config.ts).
// Used by web/src/app/bundle-budgets.test.ts (fails on a budget exceeded) and `npm run bench` (prints).
//
// How it counts (gzip level 9, what the server sends precompressed; 1 KB = 1,000 bytes, as Vite prints):
// - login: the entry (index.html's script) and every chunk it imports statically, recursively, plus their CSS.
//   That is all the JavaScript the login page loads until someone interacts with it.
// - a lazy route: the chunks its route module imports statically (itself included) that the login page has not
//   already loaded, less library chunks (every module from node_modules). A library chunk is shared by the
//   routes that need it and cached across releases, so it is counted once, in the library list, not per route.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';

export const LOGIN_BUDGET_BYTES = 200_000;
export const ROUTE_BUDGET_BYTES = 60_000;

/** Reads the manifest and chunk map of a built web/dist, or throws saying what is missing. */
export function readBuild(distDir) {
  const manifestPath = path.join(distDir, '.vite/manifest.json');
  const librariesPath = path.join(distDir, '.vite/chunk-libraries.json');
  for (const p of [manifestPath, librariesPath]) if (!fs.existsSync(p)) throw new Error(`${p} is missing: build the web app (node scripts/build.mjs)`);
  return { distDir, manifest: JSON.parse(fs.readFileSync(manifestPath, 'utf8')), libraries: JSON.parse(fs.readFileSync(librariesPath, 'utf8')) };
}

const gzCache = new Map();
function gzipBytes(distDir, file) {
  const full = path.join(distDir, file);
  if (!gzCache.has(full)) gzCache.set(full, zlib.gzipSync(fs.readFileSync(full), { level: 9 }).length);
  return gzCache.get(full);
}

/** Manifest keys statically reachable from `key` (itself included). */
function staticClosure(manifest, key, seen = new Set()) {
  if (seen.has(key)) return seen;
  const entry = manifest[key];
  if (!entry) throw new Error(`manifest has no entry ${key}`);
  seen.add(key);
  for (const k of entry.imports ?? []) staticClosure(manifest, k, seen);
  return seen;
}

/** Files (JS and CSS) of a set of manifest keys, each once. */
function filesOf(manifest, keys) {
  const files = new Set();
  for (const k of keys) {
    files.add(manifest[k].file);
    for (const css of manifest[k].css ?? []) files.add(css);
  }
  return files;
}

/**
 * The login page's files and size, and for every given route module (source path relative to web/, e.g.
 * 'src/app/route-modules/home.tsx') its own files and size and the library files it adds.
 */
export function measure(build, routeModules) {
  const { manifest, libraries, distDir } = build;
  const entryKey = Object.keys(manifest).find((k) => manifest[k].isEntry && k.endsWith('index.html'));
  if (!entryKey) throw new Error('manifest has no index.html entry');
  const loginFiles = filesOf(manifest, staticClosure(manifest, entryKey));
  const size = (files) => [...files].reduce((sum, f) => sum + gzipBytes(distDir, f), 0);
  const login = { files: [...loginFiles].map((file) => ({ file, bytes: gzipBytes(distDir, file) })), bytes: size(loginFiles) };
  const routes = [];
  for (const src of routeModules) {
    const entry = manifest[src];
    if (!entry) throw new Error(`manifest has no chunk for ${src}: is it still a lazy route module?`);
    const added = [...filesOf(manifest, staticClosure(manifest, src))].filter((f) => !loginFiles.has(f));
    const own = added.filter((f) => !libraries[f]);
    const libs = added.filter((f) => libraries[f]);
    routes.push({ src, own: own.map((file) => ({ file, bytes: gzipBytes(distDir, file) })), bytes: size(own), libraryFiles: libs, libraryBytes: size(libs) });
  }
  const libraryFiles = Object.keys(libraries).filter((f) => libraries[f] && !loginFiles.has(f));
  return { login, routes, libraries: libraryFiles.map((file) => ({ file, bytes: gzipBytes(distDir, file) })) };
}

/** Every budget exceeded, as readable lines naming the chunk(s) and the budget. */
export function violations(result) {
  const out = [];
  const kb = (b) => `${(b / 1000).toFixed(1)} KB`;
  if (result.login.bytes > LOGIN_BUDGET_BYTES) {
    const biggest = [...result.login.files].sort((a, b) => b.bytes - a.bytes).slice(0, 5).map((f) => `${f.file} ${kb(f.bytes)}`);
    out.push(`login page JavaScript ${kb(result.login.bytes)} gzipped > budget ${kb(LOGIN_BUDGET_BYTES)} (largest: ${biggest.join(', ')})`);
  }
  for (const r of result.routes) {
    if (r.bytes > ROUTE_BUDGET_BYTES) {
      out.push(`route module ${r.src}: own chunks ${kb(r.bytes)} gzipped > budget ${kb(ROUTE_BUDGET_BYTES)} (${r.own.map((f) => `${f.file} ${kb(f.bytes)}`).join(', ')})`);
    }
  }
  return out;
}

/** Route module sources (relative to web/) that web/src/app/router.tsx lazy-loads, from its text. */
export function routeModulesOf(routerSource) {
  return [...new Set([...routerSource.matchAll(/import\('\.\/(route-modules\/[\w-]+\.tsx)'\)/g)].map((m) => `src/app/${m[1]}`))];
}
