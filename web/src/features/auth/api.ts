import { queryOptions, type Query } from '@tanstack/react-query';
import { ZSessionResponseSchema, type LoginRequest, type SessionResponse } from '@sc/common';
import { api, isApiError, setCsrfToken } from '../../api/client.ts';

export const sessionKeys = {
  all: ['session'] as const,
  me: ['session', 'me'] as const,
};

/** Queries holding the signed-in user's data: everything but the session and public settings. */
export const isUserDataQuery = (q: Query): boolean => q.queryKey[0] !== 'session' && q.queryKey[0] !== 'public';

/** The current session, or null when signed out (401 is an answer here, not an error). */
export async function fetchSession(signal?: AbortSignal): Promise<SessionResponse | null> {
  try {
    const session = await api.get('/auth/me', { schema: ZSessionResponseSchema, signal, isAuthCall: true });
    setCsrfToken(session.csrfToken);
    return session;
  } catch (error) {
    if (isApiError(error) && error.status === 401) {
      setCsrfToken(null);
      return null;
    }
    throw error;
  }
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
