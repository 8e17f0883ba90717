import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError, api, setCsrfToken, setSessionExpiredHandler, REQUEST_TIMEOUT_MS } from './client.ts';
import { mockFetch } from '../test/fetch-mock.ts';
import { z } from 'zod';

afterEach(() => {
  setCsrfToken(null);
  vi.useRealTimers();
});

describe('api client', () => {
  it('sends the CSRF token on writes only, with the same-origin cookie', async () => {
    const { calls, fetchMock } = mockFetch([
      { path: '/things', body: [] },
      { method: 'POST', path: '/things', body: { id: 1 } },
    ]);
    setCsrfToken('abc');
    await api.get('/things');
    await api.post('/things', { name: 'x' });
    expect(calls[0]?.headers['x-csrf-token']).toBeUndefined();
    expect(calls[1]?.headers['x-csrf-token']).toBe('abc');
    expect(calls[1]?.headers['content-type']).toBe('application/json');
    expect(calls[1]?.body).toEqual({ name: 'x' });
    expect(fetchMock.mock.calls[1]?.[1]?.credentials).toBe('same-origin');
  });

  it('maps an error body to ApiError with status, code, message and field errors', async () => {
    mockFetch([
      {
        method: 'POST',
        path: '/things',
        status: 400,
        body: { code: 'BAD_REQUEST', message: 'Invalid input', fieldErrors: { name: 'Required' } },
      },
    ]);
    const error = await api.post('/things', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 400, code: 'BAD_REQUEST', message: 'Invalid input', fieldErrors: { name: 'Required' } });
  });

  it("answers 'Invalid server response.' when the body does not match the schema", async () => {
    mockFetch([{ path: '/things', body: { id: 'not a number' } }]);
    await expect(api.get('/things', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({
      code: 'BAD_RESPONSE',
      message: 'Invalid server response.',
    });
  });

  it('reports a 401 as an expired session, except on the auth calls', async () => {
    const onExpired = vi.fn();
    const unregister = setSessionExpiredHandler(onExpired);
    mockFetch([
      { path: '/things', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Expired' } },
      { path: '/auth/me', status: 401, body: { code: 'UNAUTHENTICATED', message: 'Expired' } },
    ]);
    await expect(api.get('/auth/me', { isAuthCall: true })).rejects.toBeInstanceOf(ApiError);
    expect(onExpired).not.toHaveBeenCalled();
    await expect(api.get('/things')).rejects.toMatchObject({ status: 401 });
    expect(onExpired).toHaveBeenCalledTimes(1);
    unregister();
  });

  it('gives up after 10 seconds with a TIMEOUT error', async () => {
    vi.useFakeTimers();
    globalThis.fetch = vi.fn(
      (_input: RequestInfo | URL, init?: RequestInit) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
        }),
    );
    const pending = api.get('/slow').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    expect(await pending).toMatchObject({ status: 0, code: 'TIMEOUT' });
  });

  it('turns a network failure into a NETWORK error', async () => {
    globalThis.fetch = vi.fn(() => Promise.reject(new TypeError('Failed to fetch')));
    await expect(api.get('/things')).rejects.toMatchObject({ status: 0, code: 'NETWORK' });
  });
});
