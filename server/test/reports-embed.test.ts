import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CYBER_SECURITY_REPORT_ID, REPORT_TEXTS, SUPPORT_TICKETS_REPORT_ID, type ErrorResponse, type ReportEmbedToken, type ReportResponse } from '@sc/common';
import { makeCustomerWithUser } from '../src/db/seed/factories.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §13.6: a report configured as an external BI embed; the server fetches its token with a secret that
// never reaches the browser (a real HTTP server stands in for the BI provider, which is outside the product).

describe('Optional external BI (requirements §13.6): the embed token comes from the provider through the server', () => {
  let bi: Server;
  let biUrl: string;
  const seen: { url: string; headers: IncomingHttpHeaders }[] = [];
  let answer: { status: number; body: string } = { status: 200, body: '{"token":"tok-123","expiration":"2030-01-01T00:00:00Z"}' };
  let e: TestApp;
  let eAdmin: Client;
  let eEmail: string;

  beforeAll(async () => {
    bi = createServer((req, res) => {
      seen.push({ url: req.url ?? '', headers: req.headers });
      res.writeHead(answer.status, { 'content-type': 'application/json' }).end(answer.body);
    });
    await new Promise<void>((r) => bi.listen(0, '127.0.0.1', r));
    biUrl = `http://127.0.0.1:${(bi.address() as AddressInfo).port}`;
    e = await createTestApp({
      reportEmbeds: { [CYBER_SECURITY_REPORT_ID]: { embedUrl: 'https://bi.example.com/embed/cyber', reportKey: 'rep-42', dataset: 'ds-7' } },
      reportEmbedTokenUrl: `${biUrl}/api/embed-token`,
      reportEmbedSecret: 'top-secret-value',
    });
    const made = await makeCustomerWithUser(e.database.db, 'Administrator');
    eEmail = made.user.email;
    eAdmin = await signIn(e.app, eEmail);
  });
  afterAll(async () => {
    await e.close();
    await new Promise((r) => bi.close(r));
  });

  it('the report says it is embedded; the token endpoint returns the token and the page, never the secret', async () => {
    const rep = await eAdmin.get(`/api/v1/reports/${CYBER_SECURITY_REPORT_ID}`);
    expect(rep.json()).toEqual({ kind: 'embed', reportId: CYBER_SECURITY_REPORT_ID, title: 'Cyber Security' });
    // The other reports stay native.
    expect((await eAdmin.get(`/api/v1/reports/${SUPPORT_TICKETS_REPORT_ID}`)).json<ReportResponse>().kind).toBe('native');
    const res = await eAdmin.get(`/api/v1/reports/${CYBER_SECURITY_REPORT_ID}/embed-token`);
    expect(res.statusCode).toBe(200);
    expect(res.json<ReportEmbedToken>()).toEqual({ embedUrl: 'https://bi.example.com/embed/cyber', token: 'tok-123', expiresAt: '2030-01-01T00:00:00Z' });
    expect(res.body).not.toContain('top-secret-value');
    expect(res.headers['cache-control']).toBe('no-store');
    const call = seen.at(-1)!;
    expect(call.url).toBe('/api/embed-token/rep-42');
    expect(call.headers.authorization).toBe('Bearer top-secret-value');
    expect(call.headers['x-dataset']).toBe('ds-7');
    expect(call.headers['x-username']).toBe(eEmail);
    // The embed origin may be framed (CSP frame-src).
    expect(String(res.headers['content-security-policy'] ?? '')).toContain('https://bi.example.com');
  });

  it("the provider's failure is a 502 with the spec's text", async () => {
    answer = { status: 500, body: '{"error":"boom"}' };
    const res = await eAdmin.get(`/api/v1/reports/${CYBER_SECURITY_REPORT_ID}/embed-token`);
    expect(res.statusCode).toBe(502);
    expect(res.json<ErrorResponse>().message).toBe(REPORT_TEXTS.tokenApiFailed('status 500'));
    answer = { status: 200, body: '{"nothing":1}' };
    expect((await eAdmin.get(`/api/v1/reports/${CYBER_SECURITY_REPORT_ID}/embed-token`)).json<ErrorResponse>().message).toBe(REPORT_TEXTS.tokenApiFailed('an answer without a token'));
  });
});
