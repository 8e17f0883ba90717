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

/** Sets the headers on every response of `app` (registered on the root instance: 404s and errors get them too). */
export function registerSecurityHeaders(app: FastifyInstance, options: Readonly<HelmetOptions>): void {
  const headers = securityHeadersOf(options);
  app.addHook('onRequest', (_req, reply, done) => {
    reply.headers(headers);
    done();
  });
}
