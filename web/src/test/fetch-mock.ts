import { vi, type Mock } from 'vitest';

export interface MockRoute {
  method?: string;
  /** Path after /api/v1, e.g. '/auth/me'. */
  path: string;
  status?: number;
  body?: unknown;
}

interface FetchCall {
  method: string;
  path: string;
  headers: Record<string, string>;
  body: unknown;
}

const json = (status: number, body: unknown) =>
  new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
  });

/**
 * Replaces globalThis.fetch with a small router over /api/v1. Routes are matched in order;
 * later `respond` calls take precedence, so a test can change an answer mid-way.
 */
export function mockFetch(initial: MockRoute[] = []) {
  const routes = [...initial];
  const calls: FetchCall[] = [];
  const fetchMock: Mock<typeof fetch> = vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const path = url.replace(/^.*\/api\/v1/, '');
    const method = (init?.method ?? 'GET').toUpperCase();
    const headers = Object.fromEntries(new Headers(init?.headers).entries());
    const body = typeof init?.body === 'string' ? (JSON.parse(init.body) as unknown) : undefined;
    calls.push({ method, path, headers, body });
    const route = [...routes].reverse().find((r) => r.path === path && (r.method ?? 'GET') === method);
    if (!route && path === '/auth/session' && method === 'GET') {
      // The SPA reads its session from /auth/session (200 with the session or null); tests describe /auth/me.
      const me = [...routes].reverse().find((r) => r.path === '/auth/me' && (r.method ?? 'GET') === 'GET');
      const signedIn = me !== undefined && (me.status ?? 200) === 200;
      if (me && !signedIn && me.status !== 401) return Promise.resolve(json(me.status!, me.body));
      return Promise.resolve(json(200, { session: signedIn ? me.body : null }));
    }
    if (!route) return Promise.resolve(json(404, { code: 'NOT_FOUND', message: `No mock for ${method} ${path}` }));
    return Promise.resolve(json(route.status ?? 200, route.body));
  });
  globalThis.fetch = fetchMock;
  return {
    fetchMock,
    calls,
    respond: (route: MockRoute) => routes.push(route),
    callsTo: (method: string, path: string) => calls.filter((c) => c.method === method && c.path === path),
  };
}

export const PUBLIC_CONFIG = {
  providerName: 'Example MSP',
  providerWebsite: 'https://msp.example.com/',
  chatEnabled: false,
};
