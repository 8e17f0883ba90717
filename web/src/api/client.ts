import { CSRF_HEADER, ZErrorResponseSchema, type ErrorCode } from '@sc/common';
// The mini parse function and core's schema type: the client runs on the login page, which never loads
// classic zod (decision 028); classic schemas are core schemas too, so every screen's schema fits.
import { safeParse } from 'zod/mini';
import type { $ZodType } from 'zod/v4/core';
import { withQuery } from './query-string.ts';

export const API_BASE = '/api/v1';
/** requirements §1.6: requests time out at 10 s. */
export const REQUEST_TIMEOUT_MS = 10_000;

/** Server codes plus the ones only the client can observe. */
type ApiErrorCode = ErrorCode | 'NETWORK' | 'TIMEOUT' | 'BAD_RESPONSE';

export class ApiError extends Error {
  override readonly name = 'ApiError';

  constructor(
    readonly status: number,
    readonly code: ApiErrorCode,
    message: string,
    readonly fieldErrors?: Record<string, string>,
  ) {
    super(message);
  }
}

export const isApiError = (e: unknown): e is ApiError => e instanceof ApiError;

// The session layer owns these; the client only reads them, so features never pass tokens around.
let csrfToken: string | null = null;
let sessionExpiredHandler: (() => void) | null = null;

export function setCsrfToken(token: string | null): void {
  csrfToken = token;
}

/** Registers what to do when a call answers 401; returns the unregister function. */
export function setSessionExpiredHandler(handler: () => void): () => void {
  sessionExpiredHandler = handler;
  return () => {
    if (sessionExpiredHandler === handler) sessionExpiredHandler = null;
  };
}

type Method = 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';

interface RequestOptions<T> {
  method?: Method;
  body?: unknown;
  /** The query string as an object (a list request): encoded by api/query-string.ts. */
  query?: object;
  /** Validates (and strips) the success body; a mismatch is 'Invalid server response.'. */
  schema?: $ZodType<T>;
  signal?: AbortSignal;
  /** Login, me and logout answer 401 as part of their contract: never a sign of an expired session. */
  isAuthCall?: boolean;
}

const FALLBACK_MESSAGES: Record<number, string> = {
  401: 'Your login has expired. Please, enter your credentials.',
  403: 'Not Authorized',
  404: 'Not Found',
  429: 'Too many attempts. Please wait a moment and try again.',
};

function codeForStatus(status: number): ErrorCode {
  if (status === 400) return 'BAD_REQUEST';
  if (status === 401) return 'UNAUTHENTICATED';
  if (status === 403) return 'FORBIDDEN';
  if (status === 404) return 'NOT_FOUND';
  if (status === 409) return 'CONFLICT';
  if (status === 413) return 'PAYLOAD_TOO_LARGE';
  if (status === 429) return 'RATE_LIMITED';
  if (status === 503) return 'UNAVAILABLE';
  return 'INTERNAL';
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return undefined;
  const text = await res.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function toApiError(status: number, body: unknown): ApiError {
  const parsed = safeParse(ZErrorResponseSchema, body);
  if (parsed.success) {
    return new ApiError(status, parsed.data.code, parsed.data.message, parsed.data.fieldErrors);
  }
  // e.g. a proxy's HTML page or the rate limiter's own body
  const message =
    body && typeof body === 'object' && 'message' in body && typeof body.message === 'string'
      ? body.message
      : (FALLBACK_MESSAGES[status] ?? 'An Error Occurred');
  return new ApiError(status, codeForStatus(status), message);
}

/** The one fetch wrapper: JSON, same-origin cookie, CSRF header on writes, 10 s timeout. */
async function apiRequest<T = unknown>(path: string, options: RequestOptions<T> = {}): Promise<T> {
  const method = options.method ?? 'GET';
  const headers: Record<string, string> = { Accept: 'application/json' };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method !== 'GET' && csrfToken) headers[CSRF_HEADER] = csrfToken;

  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, REQUEST_TIMEOUT_MS);
  const forwardAbort = () => controller.abort(options.signal?.reason);
  if (options.signal?.aborted) controller.abort(options.signal.reason);
  options.signal?.addEventListener('abort', forwardAbort, { once: true });

  let res: Response;
  let body: unknown;
  try {
    res = await fetch(`${API_BASE}${withQuery(path, options.query)}`, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      credentials: 'same-origin',
      signal: controller.signal,
    });
    body = await readBody(res);
  } catch (error) {
    if (timedOut) throw new ApiError(0, 'TIMEOUT', 'The server did not answer in time. Please try again.');
    // A caller's cancellation (e.g. TanStack Query) propagates unchanged.
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.');
  } finally {
    clearTimeout(timer);
    options.signal?.removeEventListener('abort', forwardAbort);
  }

  if (!res.ok) {
    if (res.status === 401 && !options.isAuthCall) sessionExpiredHandler?.();
    throw toApiError(res.status, body);
  }
  if (!options.schema) return body as T;
  const parsed = safeParse(options.schema, body);
  if (!parsed.success) throw new ApiError(res.status, 'BAD_RESPONSE', 'Invalid server response.');
  return parsed.data;
}

export const api = {
  get: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'GET' }),
  post: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'POST', body }),
  put: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PUT', body }),
  patch: <T = unknown>(path: string, body?: unknown, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'PATCH', body }),
  delete: <T = unknown>(path: string, options?: Omit<RequestOptions<T>, 'method' | 'body'>) =>
    apiRequest<T>(path, { ...options, method: 'DELETE' }),
};

/** Retry transient failures once, never a 4xx (the answer would not change). */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (isApiError(error) && error.status >= 400 && error.status < 500) return false;
  return failureCount < 1;
}

/** Sends a file as the raw request body (no multipart) with the CSRF header; no timeout, as a large upload may take longer than 10 s. */
export async function apiUpload<T>(path: string, file: Blob, headers: Record<string, string>, schema?: $ZodType<T>): Promise<T> {
  const all: Record<string, string> = { Accept: 'application/json', 'Content-Type': file.type || 'application/octet-stream', ...headers };
  if (csrfToken) all[CSRF_HEADER] = csrfToken;
  let res: Response;
  let body: unknown;
  try {
    res = await fetch(`${API_BASE}${path}`, { method: 'POST', headers: all, body: file, credentials: 'same-origin' });
    body = await readBody(res);
  } catch {
    throw new ApiError(0, 'NETWORK', 'Could not reach the server. Please check your connection and try again.');
  }
  if (!res.ok) {
    if (res.status === 401) sessionExpiredHandler?.();
    throw toApiError(res.status, body);
  }
  if (!schema) return body as T;
  const parsed = safeParse(schema, body);
  if (!parsed.success) throw new ApiError(res.status, 'BAD_RESPONSE', 'Invalid server response.');
  return parsed.data;
}
