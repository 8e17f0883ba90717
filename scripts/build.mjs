// Builds the server (esbuild bundle) and the web SPA (vite). With --if-stale it only rebuilds
// what is older than its sources, so `npm start` is quick after the first build.
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ifStale = process.argv.includes('--if-stale');

function newestMtime(paths) {
  let newest = 0;
  const walk = (p) => {
    if (!fs.existsSync(p)) return;
    const st = fs.statSync(p);
    if (st.isDirectory()) {
      if (path.basename(p) === 'node_modules' || path.basename(p) === 'dist') return;
      for (const e of fs.readdirSync(p)) walk(path.join(p, e));
    } else newest = Math.max(newest, st.mtimeMs);
  };
  paths.forEach((p) => walk(path.join(root, p)));
  return newest;
}
const stampOf = (f) => (fs.existsSync(path.join(root, f)) ? fs.statSync(path.join(root, f)).mtimeMs : 0);

async function buildServer() {
  const { build } = await import('esbuild');
  const pkg = JSON.parse(fs.readFileSync(path.join(root, 'server/package.json'), 'utf8'));
  // Bundle our own code (server + common); leave npm packages to node_modules.
  const external = Object.keys(pkg.dependencies ?? {}).filter((d) => d !== '@sc/common');
  await build({
    entryPoints: { main: 'server/src/main.ts', seed: 'server/src/seed.ts', 'mail-relay': 'server/src/mail-relay.ts', 'create-admin': 'server/src/create-admin.ts' },
    absWorkingDir: root,
    outdir: 'server/dist',
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    sourcemap: true,
    external: [...external, 'drizzle-orm', 'drizzle-orm/*', '@electric-sql/pglite', '@electric-sql/pglite/*', 'fastify-plugin'],
    banner: { js: "import { createRequire as __cr } from 'node:module'; const require = __cr(import.meta.url);" },
    logLevel: 'warning',
  });
}

function buildWeb() {
  execFileSync(process.execPath, [path.join(root, 'node_modules/vite/bin/vite.js'), 'build', '--logLevel', 'warn'], {
    cwd: path.join(root, 'web'),
    stdio: 'inherit',
  });
}

const serverStale = !ifStale || newestMtime(['server/src', 'common/src', 'server/package.json']) > stampOf('server/dist/main.js');
const webStale =
  !ifStale || newestMtime(['web/src', 'web/index.html', 'web/vite.config.ts', 'common/src', 'web/public']) > stampOf('web/dist/index.html');

/**
 * Brotli (quality 11) and gzip (level 9) copies of every compressible file of web/dist, written once
 * here so the server never compresses per request (server/src/http/static-fast.ts serves them). A copy
 * that is not smaller than the file is not written.
 */
function precompress(dir) {
  let files = 0;
  let raw = 0;
  let br = 0;
  const walk = (d) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) walk(full);
      else if (/\.(js|mjs|css|html|svg|json|txt|webmanifest)$/.test(e.name)) {
        const body = fs.readFileSync(full);
        const b = zlib.brotliCompressSync(body, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
        const g = zlib.gzipSync(body, { level: 9 });
        if (b.length < body.length) fs.writeFileSync(`${full}.br`, b);
        if (g.length < body.length) fs.writeFileSync(`${full}.gz`, g);
        files++;
        raw += body.length;
        br += Math.min(b.length, body.length);
      }
    }
  };
  walk(dir);
  return { files, raw, br };
}

if (serverStale) {
  const t = Date.now();
  await buildServer();
  console.log(`built server in ${Date.now() - t} ms`);
}
if (webStale && fs.existsSync(path.join(root, 'web/vite.config.ts'))) {
  const t = Date.now();
  buildWeb();
  const c = precompress(path.join(root, 'web/dist'));
  console.log(`built web in ${Date.now() - t} ms (${c.files} files precompressed: ${(c.raw / 1024).toFixed(0)} KiB → ${(c.br / 1024).toFixed(0)} KiB brotli)`);
}
