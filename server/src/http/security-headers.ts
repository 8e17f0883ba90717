import type { IncomingMessage, ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import helmet, { type HelmetOptions } from 'helmet';

// The security headers of every Fastify response (CSP, frame, referrer, cross-origin policies…),
// computed once at start (docs/decisions/031). @fastify/helmet ran `helmet(options)` on every request:
// it parsed the options, rebuilt each middleware and the CSP string, and added two hooks (one of them
// async) per request, about 2–3 % of a list call's CPU. The options never change while the process
// runs and no route uses nonces, so the headers are the same for every response: helmet writes them
// once into a recorder, and one synchronous onRequest hook copies them onto each reply. A route may
// still set its own value of one of them (it wins, as it did over helmet's).

/** The headers helmet sets for `options`, lower-cased as Fastify keeps them. */
function securityHeadersOf(options: Readonly<HelmetOptions>): Record<string, string> {
  const headers: Record<string, string> = {};
  const recorder = {
    setHeader(name: string, value: string | number | readonly string[]) {
      headers[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : String(value);
    },
    removeHeader(name: string) {
      delete headers[name.toLowerCase()];
    },
  };
  let failed: Error | undefined;
  helmet(options)({} as IncomingMessage, recorder as unknown as ServerResponse, (err?: unknown) => {
    if (err) failed = err instanceof Error ? err : new Error('helmet refused the options');
  });
  if (failed) throw failed;
  return headers;
}

/** The paths whose answers are data of a signed-in person: never kept by a browser or proxy cache. */
const DATA_PATHS = ['/api/', '/app/kapps/'];
const NO_STORE = { 'cache-control': 'no-store' };

/**
 * Sets the headers on every response of `app` (registered on the root instance: 404s and errors get them too),
 * and `Cache-Control: no-store` on every API answer (ASVS 14.3.2: a shared or back-button cache never shows
 * one person's data to another). A route may still set its own (an attachment's 'private, no-store').
 */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (req, reply, done) => {
    reply.headers(headers);
    if (DATA_PATHS.some((p) => req.url.startsWith(p))) reply.headers(NO_STORE);
    done();
  });
}

/** HSTS when the portal is served over https (PUBLIC_URL): a year, for this host only (ASVS 12.1.1). */
export const hstsFor = (publicUrl: string): HelmetOptions['strictTransportSecurity'] =>
  publicUrl.startsWith('https:') ? { maxAge: 31_536_000, includeSubDomains: false } : false;
