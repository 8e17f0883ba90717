import type { FastifyRequest } from 'fastify';

// Tokens in URLs never reach the log (issue 33 item 8). The API takes them in bodies, but the e-mailed
// links are page URLs (/app/spa/reset/{token}, /app/spa/register?IGID=…), the one-click unsubscribe is a URL
// by its standard (RFC 8058), and an old client may still call a path with one: the request log writes each
// URL with those parts replaced.

/** Path segments that follow these words are tokens or registration keys. */
const TOKEN_PATH = /\/(reset|verify|register|registration|invitations|survey)\/([^/?#]{8,})/gi;
/** Query parameters that carry a token, a registration key or an approver's code. */
const TOKEN_PARAMS = new Set(['token', 'igid', 'gid', 'ac', 'key', 'code', 'state']);

export const REDACTED = '[redacted]';

/** The URL as the log may keep it. */
export function redactUrl(url: string): string {
  const q = url.indexOf('?');
  const path = (q < 0 ? url : url.slice(0, q)).replace(TOKEN_PATH, (_m, word: string) => `/${word}/${REDACTED}`);
  if (q < 0) return path;
  const query = url
    .slice(q + 1)
    .split('&')
    .map((pair) => {
      const eq = pair.indexOf('=');
      const name = decodeURIComponentSafe(eq < 0 ? pair : pair.slice(0, eq)).toLowerCase();
      return TOKEN_PARAMS.has(name) && eq >= 0 ? `${pair.slice(0, eq)}=${REDACTED}` : pair;
    })
    .join('&');
  return `${path}?${query}`;
}

function decodeURIComponentSafe(s: string): string {
  try {
    return decodeURIComponent(s);
  } catch {
    return s;
  }
}

/** Fastify's request serializer for the log, with the URL redacted. */
export const requestLogSerializer = (req: FastifyRequest) => ({
  method: req.method,
  url: redactUrl(req.url),
  host: req.host,
  remoteAddress: req.ip,
  remotePort: req.socket?.remotePort,
});
