import crypto from 'node:crypto';
import fs from 'node:fs';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';

// The SPA's built files, served before Fastify sees the request (docs/decisions/025-performance-and-scale.md).
// Through the full hook chain a 299-byte favicon cost 0.5–1.2 ms of CPU: request logging, the session
// lookup, helmet's headers and CSP, routing. These files are public and the same for everyone, so
// server/src/app.ts puts this handler in front of Fastify's (serverFactory): it answers GET/HEAD of a
// known file from memory, in the encoding the client accepts, and hands everything else to Fastify.
// index.html is not served here: it stays a Fastify route with `no-cache` and the app's headers.
// Files are read once at start-up; scripts/build.mjs writes the .br and .gz variants at build time.

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.json': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.webmanifest': 'application/manifest+json',
};

/** Hashed build output (Vite's assets/): its name changes with its content, so it never changes. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Unhashed files next to index.html (favicon): cached for an hour, then revalidated by ETag. */
const REVALIDATE = 'public, max-age=3600';

interface StaticFile {
  type: string;
  cacheControl: string;
  etag: string;
  body: Buffer;
  br?: Buffer;
  gzip?: Buffer;
}

/** The files of `dir` (recursively) keyed by their URL under `prefix`, without index.html and the .br/.gz siblings. */
function loadStaticFiles(dir: string, prefix: string): Map<string, StaticFile> {
  const files = new Map<string, StaticFile>();
  if (!fs.existsSync(dir)) return files;
  const walk = (d: string) => {
    for (const e of fs.readdirSync(d, { withFileTypes: true })) {
      const full = path.join(d, e.name);
      if (e.isDirectory()) {
        walk(full);
        continue;
      }
      const ext = path.extname(e.name);
      if (ext === '.br' || ext === '.gz' || ext === '.map' || e.name === 'index.html') continue;
      const rel = path.relative(dir, full).split(path.sep).join('/');
      const body = fs.readFileSync(full);
      const sibling = (suffix: string) => (fs.existsSync(full + suffix) ? fs.readFileSync(full + suffix) : undefined);
      const br = sibling('.br');
      const gzip = sibling('.gz');
      files.set(`${prefix}${rel}`, {
        type: TYPES[ext] ?? 'application/octet-stream',
        cacheControl: rel.startsWith('assets/') ? IMMUTABLE : REVALIDATE,
        etag: `"${crypto.createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`,
        body,
        ...(br ? { br } : {}),
        ...(gzip ? { gzip } : {}),
      });
    }
  };
  walk(dir);
  return files;
}

/** Which precompressed body the client takes: brotli first, then gzip (a q=0 refuses one). */
export function pickEncoding(accept: string | undefined, f: { br?: Buffer; gzip?: Buffer }): 'br' | 'gzip' | null {
  if (!accept) return null;
  const allowed = (name: string) => {
    const m = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q\\s*=\\s*([0-9.]+))?\\s*(?:,|$)`, 'i').exec(accept);
    return !!m && (m[1] === undefined || Number(m[1]) > 0);
  };
  if (f.br && allowed('br')) return 'br';
  if (f.gzip && allowed('gzip')) return 'gzip';
  return null;
}

/**
 * A request handler for the files of `dir` under `prefix`: true when it answered, false to let the
 * next handler (Fastify) take the request.
 */
export function staticFastPath(dir: string, prefix: string): (req: IncomingMessage, res: ServerResponse) => boolean {
  const files = loadStaticFiles(dir, prefix);
  return (req, res) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return false;
    const url = req.url ?? '';
    if (!url.startsWith(prefix)) return false;
    const q = url.indexOf('?');
    const f = files.get(q === -1 ? url : url.slice(0, q));
    if (!f) return false;
    const headers: Record<string, string | number> = {
      'content-type': f.type,
      'cache-control': f.cacheControl,
      etag: f.etag,
      vary: 'accept-encoding',
      'x-content-type-options': 'nosniff',
    };
    if (req.headers['if-none-match'] === f.etag) {
      res.writeHead(304, headers);
      res.end();
      return true;
    }
    const enc = pickEncoding(req.headers['accept-encoding'], f);
    const body = enc === 'br' ? f.br! : enc === 'gzip' ? f.gzip! : f.body;
    if (enc) headers['content-encoding'] = enc;
    headers['content-length'] = body.length;
    res.writeHead(200, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
    return true;
  };
}
