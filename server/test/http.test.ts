import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signIn, type TestApp } from './helpers.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('HTTP basics', () => {
  it('answers unknown API routes with a JSON 404', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
  });

  it('sends security headers', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.headers['x-content-type-options']).toBe('nosniff');
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("default-src 'self'");
  });

  it('sends the same full set of security headers on every kind of response (computed once, not per request)', async () => {
    // What @fastify/helmet 13 set per request with these options (helmet 8 defaults, no HSTS, no COEP).
    const expected = {
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'origin-agent-cluster': '?1',
      'referrer-policy': 'no-referrer',
      'x-content-type-options': 'nosniff',
      'x-dns-prefetch-control': 'off',
      'x-download-options': 'noopen',
      'x-frame-options': 'SAMEORIGIN',
      'x-permitted-cross-domain-policies': 'none',
      'x-xss-protection': '0',
    };
    const responses = await Promise.all(
      ['/api/v1/config', '/api/v1/nothing-here', '/api/v1/incidents', '/api/v1/incidents?pageSize=7'].map((url) => t.app.inject({ method: 'GET', url })),
    );
    expect(responses.map((r) => r.statusCode)).toEqual([200, 404, 401, 401]);
    const csp = responses[0]!.headers['content-security-policy'];
    expect(csp).toBe(
      "default-src 'self';base-uri 'self';font-src 'self' data:;form-action 'self';frame-ancestors 'none';img-src 'self' data:;object-src 'none';script-src 'self';script-src-attr 'none';style-src 'self' 'unsafe-inline';connect-src 'self';frame-src 'none'",
    );
    for (const r of responses) {
      expect(r.headers).toMatchObject({ ...expected, 'content-security-policy': csp });
      expect(r.headers['strict-transport-security']).toBeUndefined();
      expect(r.headers['cross-origin-embedder-policy']).toBeUndefined();
    }
  });

  it('sends HSTS only when PUBLIC_URL is https (issue 33: the docs said it was sent; it never was)', async () => {
    const https = await createTestApp({ publicUrl: 'https://support.example.com' });
    try {
      for (const url of ['/api/v1/config', '/app/spa/', '/api/v1/nothing-here']) {
        const res = await https.app.inject({ method: 'GET', url });
        expect(res.headers['strict-transport-security'], url).toBe('max-age=31536000');
      }
    } finally {
      await https.close();
    }
    expect((await t.app.inject({ method: 'GET', url: '/api/v1/config' })).headers['strict-transport-security']).toBeUndefined();
  });

  it('every API answer says Cache-Control: no-store (signed in, signed out, errors, the compatibility APIs)', async () => {
    const c = await signIn(t.app, 'admin@acme.example');
    const answers = [
      await c.get('/api/v1/incidents'),
      await c.get('/api/v1/auth/me'),
      await t.app.inject({ method: 'GET', url: '/api/v1/incidents' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/config' }),
      await t.app.inject({ method: 'GET', url: '/api/v1/nothing-here' }),
      await t.app.inject({ method: 'GET', url: '/app/kapps/customer-portal/webApis/nothing' }),
    ];
    for (const r of answers) expect(r.headers['cache-control'], `${r.statusCode} ${r.body.slice(0, 60)}`).toBe('no-store');
  });

  it('redirects / to the SPA', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/' });
    expect(res.statusCode).toBe(302);
    expect(res.headers.location).toBe('/app/spa/');
  });

  it('serves the public config', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/v1/config' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ providerName: t.config.provider.name, chatEnabled: false });
  });

  it('serves OpenAPI generated from the zod schemas', async () => {
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    const doc = res.json<{ openapi: string; paths: Record<string, Record<string, { requestBody?: unknown }>> }>();
    expect(doc.openapi).toMatch(/^3\./);
    expect(doc.paths['/api/v1/auth/login']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/api/v1/auth/me']).toBeDefined();
    const ui = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect([200, 302]).toContain(ui.statusCode);
  });
});
