import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { pickEncoding } from '../src/http/static-fast.ts';
import { openTestDatabase } from './helpers.ts';

// The SPA's files are answered before Fastify's hook chain (issue 18 item 3): hashed assets immutable
// for a year, precompressed brotli/gzip chosen by Accept-Encoding, none of the API's per-request work
// (no CSP, no session cookie handling); index.html stays a Fastify route with no-cache and the CSP.

let dir: string;
let database: Database;
let app: FastifyInstance;
let base: string;
const js = 'export const hello = "world";\n'.repeat(200);
const svg = '<svg xmlns="http://www.w3.org/2000/svg"><circle r="4"/></svg>';

interface Res {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: Buffer;
}
/** A raw GET (fetch would add its own Accept-Encoding and decode). */
function get(p: string, headers: Record<string, string> = {}, method = 'GET'): Promise<Res> {
  return new Promise((resolve, reject) => {
    const req = http.request(`${base}${p}`, { method, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (c: Buffer) => chunks.push(c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }));
    });
    req.on('error', reject);
    req.end();
  });
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sc-static-'));
  fs.mkdirSync(path.join(dir, 'assets'));
  fs.writeFileSync(path.join(dir, 'index.html'), '<!doctype html><title>Support Center</title>');
  fs.writeFileSync(path.join(dir, 'favicon.svg'), svg);
  const asset = path.join(dir, 'assets', 'app-Ab12Cd34.js');
  fs.writeFileSync(asset, js);
  fs.writeFileSync(`${asset}.br`, zlib.brotliCompressSync(js));
  fs.writeFileSync(`${asset}.gz`, zlib.gzipSync(js));
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig({ loginRateLimit: 1000 }), db: database.db, webDist: dir });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const addr = app.server.address();
  base = `http://127.0.0.1:${typeof addr === 'object' && addr ? addr.port : 0}`;
});

afterAll(async () => {
  await app.close();
  await database.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('static fast path', () => {
  it('serves a hashed asset immutable, brotli when accepted, without the API headers', async () => {
    const r = await get('/app/spa/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip, deflate, br' });
    expect(r.status).toBe(200);
    expect(r.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(r.headers['content-encoding']).toBe('br');
    expect(r.headers['content-type']).toBe('text/javascript; charset=utf-8');
    expect(r.headers.vary).toBe('accept-encoding');
    expect(r.headers['x-content-type-options']).toBe('nosniff');
    expect(zlib.brotliDecompressSync(r.body).toString()).toBe(js);
    expect(Number(r.headers['content-length'])).toBe(r.body.length);
    // Not through Fastify's hooks: helmet's CSP and the request id are not there.
    expect(r.headers['content-security-policy']).toBeUndefined();
    expect(r.headers['set-cookie']).toBeUndefined();
  });

  it('falls back to gzip, then to the plain file', async () => {
    const g = await get('/app/spa/assets/app-Ab12Cd34.js', { 'accept-encoding': 'gzip' });
    expect(g.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(g.body).toString()).toBe(js);
    const plain = await get('/app/spa/assets/app-Ab12Cd34.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(js);
    const refused = await get('/app/spa/assets/app-Ab12Cd34.js', { 'accept-encoding': 'br;q=0, gzip' });
    expect(refused.headers['content-encoding']).toBe('gzip');
  });

  it('answers a matching If-None-Match with 304, and HEAD without a body', async () => {
    const first = await get('/app/spa/favicon.svg');
    expect(first.headers['cache-control']).toBe('public, max-age=3600');
    expect(first.body.toString()).toBe(svg);
    const again = await get('/app/spa/favicon.svg', { 'if-none-match': String(first.headers.etag) });
    expect(again.status).toBe(304);
    expect(again.body.length).toBe(0);
    const head = await get('/app/spa/assets/app-Ab12Cd34.js', {}, 'HEAD');
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it('leaves index.html (no-cache, CSP), unknown assets (404) and the API to Fastify', async () => {
    const index = await get('/app/spa/incidents');
    expect(index.status).toBe(200);
    expect(index.headers['cache-control']).toBe('no-cache');
    expect(index.headers['content-security-policy']).toContain("default-src 'self'");
    expect((await get('/app/spa/assets/missing-Zz99.js')).status).toBe(404);
    expect((await get('/api/v1/incidents')).status).toBe(401);
  });

  it('picks the encoding from Accept-Encoding', () => {
    const both = { br: Buffer.from('b'), gzip: Buffer.from('g') };
    expect(pickEncoding('br', both)).toBe('br');
    expect(pickEncoding('gzip, br;q=0', both)).toBe('gzip');
    expect(pickEncoding('identity', both)).toBeNull();
    expect(pickEncoding('gzip', { br: both.br })).toBeNull();
    expect(pickEncoding(undefined, both)).toBeNull();
  });
});
