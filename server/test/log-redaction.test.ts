import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app.ts';
import { testConfig } from '../src/config.ts';
import type { Database } from '../src/db/client.ts';
import { redactUrl } from '../src/http/log-redaction.ts';
import { openTestDatabase } from './helpers.ts';

// Issue 33 item 8: reset, invitation, verification, preference and approval tokens never reach the request log.

const TOKEN = 'Zq7xK1mN9pR2sT4vW6yA8bC0dE3fG5hJ';
let database: Database;
let app: FastifyInstance;
const lines: string[] = [];
beforeAll(async () => {
  database = await openTestDatabase();
  app = await buildApp({ config: testConfig({ logLevel: 'info' }), db: database.db, webDist: '/nonexistent', logStream: { write: (l) => lines.push(l) } });
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await database.close();
});

const URLS = [
  `/app/spa/reset/${TOKEN}`,
  `/app/spa/verify/${TOKEN}`,
  `/app/spa/register/${TOKEN}`,
  `/app/spa/register?IGID=${TOKEN}`,
  `/app/spa/preferences?token=12.${TOKEN}`,
  `/app/spa/pendingcontact?approved=true&approvercontactid=5&ac=${TOKEN}`,
  `/api/v1/public/password/reset/${TOKEN}`,
  `/api/v1/public/invitations/${TOKEN}`,
  `/api/v1/public/registration/${TOKEN}`,
  `/api/v1/mail/unsubscribe?token=12.${TOKEN}`,
  `/api/v1/public/email-preferences?token=12.${encodeURIComponent(TOKEN)}`,
];

describe('the request log keeps no token', () => {
  it.each(URLS)('%s is logged without its token', (url) => {
    const logged = redactUrl(url);
    expect(logged).not.toContain(TOKEN);
    expect(logged).toContain('[redacted]');
  });

  it('leaves ordinary URLs as they are', () => {
    for (const url of ['/api/v1/incidents?page=2&search=printer', '/api/v1/tickets/123', '/app/spa/incident/view/42']) expect(redactUrl(url)).toBe(url);
  });

  it('the server’s own log lines of those requests hold no token', async () => {
    for (const url of URLS) await app.inject({ method: 'GET', url });
    const log = lines.join('');
    expect(log).toContain('incoming request');
    expect(log).not.toContain(TOKEN);
    expect(log).not.toContain(encodeURIComponent(TOKEN));
  });
});
