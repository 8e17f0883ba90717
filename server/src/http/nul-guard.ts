import { Stream } from 'node:stream';
import type { FastifyInstance } from 'fastify';
import { BODY_JSON_BOUNDS, jsonBoundsProblem } from '@sc/common';
import { badRequest } from './errors.ts';

/**
 * docs/requirements.md §18.4: PostgreSQL text and jsonb cannot hold U+0000, so a NUL in any string of a
 * request (path parameter, query value, JSON or form body, object key) would end as a database error, a
 * 500, wherever the string is stored or searched for. `npm run fuzz` found it on every write and search.
 * One check for every route, before its schema: a 400 naming the field. Uploads (a Buffer or the request's
 * stream) are files, not text, and are left alone. The same hook refuses a JSON body nested deeper than
 * BODY_JSON_BOUNDS (common/src/json-bounds.ts), which no schema or service then has to survive.
 */
export const NUL_MESSAGE = 'must not contain the NUL character';

/** The path ('note', 'criteria.site', 'items.0') of the first string or key holding U+0000, or null. */
export function fieldWithNul(value: unknown, path = '', depth = 0): string | null {
  if (typeof value === 'string') return value.includes('\u0000') ? path || 'request' : null;
  // A streamed upload's body is the request's stream, whose object graph (socket, server, …) is huge and
  // circular: a file, not text, and never walked.
  if (value === null || typeof value !== 'object' || Buffer.isBuffer(value) || value instanceof Stream || depth > 32) return null;
  for (const [key, v] of Object.entries(value)) {
    const at = path ? `${path}.${key}` : key;
    if (key.includes('\u0000')) return at;
    const found = fieldWithNul(v, at, depth + 1);
    if (found !== null) return found;
  }
  return null;
}

export const BODY_TOO_DEEP = 'body';

export function registerNulGuard(app: FastifyInstance): void {
  app.addHook('preValidation', async (req) => {
    // A JSON body nested past BODY_JSON_BOUNDS is refused before any schema or service recurses into it.
    const body = req.body;
    if (body !== null && typeof body === 'object' && !Buffer.isBuffer(body) && !(body instanceof Stream)) {
      const problem = jsonBoundsProblem(body, BODY_JSON_BOUNDS);
      if (problem) throw badRequest({ [BODY_TOO_DEEP]: problem });
    }
    const field = fieldWithNul(req.params) ?? fieldWithNul(req.query) ?? fieldWithNul(req.body);
    if (field !== null) throw badRequest({ [field]: NUL_MESSAGE });
  });
}
