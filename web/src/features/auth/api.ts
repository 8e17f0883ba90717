import { queryOptions, type Query } from '@tanstack/react-query';
import { ZCurrentSessionResponseSchema, ZSessionResponseSchema, type LoginRequest, type SessionResponse } from '@sc/common';
import { api, isApiError, setCsrfToken } from '../../api/client.ts';

export const sessionKeys = {
  all: ['session'] as const,
  me: ['session', 'me'] as const,
};

/** Queries holding the signed-in user's data: everything but the session and public settings. */
export const isUserDataQuery = (q: Query): boolean => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'public';

/**
 * The current session, or null when signed out. /auth/session answers 200 either way, so a
 * signed-out page load logs no 401 in the browser's console (issue 14, bug 6).
 */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  const { session } = await api.get('/auth/session', { schema: ZCurrentSessionResponseSchema, signal, isAuthCall: true });
  setCsrfToken(session?.csrfToken ?? null);
  return session;
}

export async function login(body: LoginRequest): Promise<SessionResponse> {
  const session = await api.post('/auth/login', body, { schema: ZSessionResponseSchema, isAuthCall: true });
  setCsrfToken(session.csrfToken);
  return session;
}

export async function logout(): Promise<void> {
  try {
    await api.post('/auth/logout', undefined, { isAuthCall: true });
  } catch (error) {
    // Already signed out on the server: the outcome the user asked for.
    if (!(isApiError(error) && error.status === 401)) throw error;
  }
  setCsrfToken(null);
}

/**
 * Fetched once at start; afterwards login, logout and 401s keep it current, so a background
 * refetch can never swap the screen for the login page behind the user's back.
 */
export const sessionQueryOptions = () =>
  queryOptions({
    queryKey: sessionKeys.me,
    queryFn: ({ signal }) => fetchSession(signal),
    staleTime: Infinity,
    gcTime: Infinity,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    retry: 1,
  });
