import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors, isResponseSerializationError } from 'fastify-type-provider-zod';
import { ZErrorResponseSchema, type ErrorCode, type ErrorResponse } from '@sc/common';

const STATUS: Record<ErrorCode, number> = {
  BAD_REQUEST: 400,
  UNAUTHENTICATED: 401,
  FORBIDDEN: 403,
  NOT_FOUND: 404,
  CONFLICT: 409,
  PAYLOAD_TOO_LARGE: 413,
  RATE_LIMITED: 429,
  INTERNAL: 500,
  BAD_GATEWAY: 502,
  UNAVAILABLE: 503,
};

/**
 * The one table of error answers for route schemas (fastify/demo; docs/conventions.md "Server"): every status
 * the error handler gives, all in the one error shape. Routes spread a set of it into `schema.response`.
 */
export const errorResponses = {
  400: ZErrorResponseSchema,
  401: ZErrorResponseSchema,
  403: ZErrorResponseSchema,
  404: ZErrorResponseSchema,
  409: ZErrorResponseSchema,
  413: ZErrorResponseSchema,
  429: ZErrorResponseSchema,
  502: ZErrorResponseSchema,
  503: ZErrorResponseSchema,
} as const;

const { 400: badInput, 401: signedOut, 403: refused, 404: missing, 409: stale, 429: tooMany } = errorResponses;

/** A signed-in route's refusals: bad input, signed out, not allowed (or no CSRF token), not found, a stale version. */
export const signedInErrors = { 400: badInput, 401: signedOut, 403: refused, 404: missing, 409: stale } as const;

/** A public route's: bad input, a cookie write without its CSRF token, a link that does not work or was used, too many tries. */
export const publicErrors = { 400: badInput, 403: refused, 404: missing, 409: stale, 429: tooMany } as const;

/** The one error type services throw; the code decides the status. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
    this.name = 'AppError';
  }
  get status(): number {
    return STATUS[this.code];
  }
}

/** A 429 that says when to come back: the error handler sets Retry-After. */
export class TooManyRequests extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super('RATE_LIMITED', message);
  }
}

/**
 * The one 400 naming fields, in the shape the validation errors have: the message is 'field: text' of the
 * first field, unless the spec gives the refusal a sentence of its own (`message`).
 */
export function badRequest(fieldErrors: Record<string, string>, message?: string): AppError {
  const [first] = Object.entries(fieldErrors);
  return new AppError('BAD_REQUEST', message ?? (first ? `${first[0]}: ${first[1]}` : 'Invalid request'), fieldErrors);
}

export const forbidden = (message = 'Not Authorized') => new AppError('FORBIDDEN', message);
export const notFound = (message = 'Not found') => new AppError('NOT_FOUND', message);
export const unauthenticated = (message = 'Not signed in') => new AppError('UNAUTHENTICATED', message);

const codeForStatus = (status: number): ErrorCode =>
  (Object.entries(STATUS).find(([, s]) => s === status)?.[0] as ErrorCode | undefined) ?? (status >= 500 ? 'INTERNAL' : 'BAD_REQUEST');

/** Turns a zod issue path into 'body.email' style names a person can read. */
function fieldName(context: string | undefined, instancePath: string, params: Record<string, unknown>): string {
  const parts = instancePath.split('/').filter(Boolean);
  const missing = typeof params.missingProperty === 'string' ? [params.missingProperty] : [];
  return [...parts, ...missing].join('.') || context || 'request';
}

/** The PostgreSQL error code somewhere in the cause chain (drizzle wraps the driver's error). */
export function pgCodeOf(err: unknown): string | undefined {
  for (let e: unknown = err, i = 0; e && typeof e === 'object' && i < 5; e = (e as { cause?: unknown }).cause, i++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code)) return code;
  }
  return undefined;
}

export const STATEMENT_TIMEOUT_MESSAGE = 'The database took too long to answer. Please try again, or narrow the search.';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    let body: ErrorResponse;
    let status: number;
    if (err instanceof AppError) {
      status = err.status;
      if (err instanceof TooManyRequests) void reply.header('retry-after', String(err.retryAfterSeconds));
      body = { code: err.code, message: err.message, ...(err.fieldErrors ? { fieldErrors: err.fieldErrors } : {}) };
    } else if (hasZodFastifySchemaValidationErrors(err)) {
      const fieldErrors: Record<string, string> = {};
      for (const issue of err.validation) {
        const name = fieldName(err.validationContext, issue.instancePath, issue.params);
        fieldErrors[name] ??= issue.message ?? 'Invalid value';
      }
      const [first] = Object.entries(fieldErrors);
      status = 400;
      body = { code: 'BAD_REQUEST', message: first ? `${first[0]}: ${first[1]}` : 'Invalid request', fieldErrors };
    } else if (isResponseSerializationError(err)) {
      req.log.error({ err, issues: err.cause.issues }, 'response did not match its schema');
      status = 500;
      body = { code: 'INTERNAL', message: 'Internal server error' };
    } else if (err.statusCode && err.statusCode < 500) {
      // Fastify's own 4xx: malformed JSON, body too large, rate limit, unsupported media type.
      status = err.statusCode;
      body = { code: codeForStatus(status), message: err.message };
    } else if (pgCodeOf(err) === '57014') {
      // query_canceled: the statement timeout ended a slow query (docs/requirements.md §18.3).
      req.log.warn({ err }, 'statement timeout');
      status = 503;
      body = { code: 'UNAVAILABLE', message: STATEMENT_TIMEOUT_MESSAGE };
      void reply.header('retry-after', '5');
    } else {
      req.log.error({ err }, 'unhandled error');
      status = 500;
      body = { code: 'INTERNAL', message: 'Internal server error' };
    }
    return reply.status(status).send(body);
  });

  app.setNotFoundHandler((req, reply) => {
    const body: ErrorResponse = { code: 'NOT_FOUND', message: `Route ${req.method} ${req.url.split('?')[0]} not found` };
    return reply.status(404).send(body);
  });
}
