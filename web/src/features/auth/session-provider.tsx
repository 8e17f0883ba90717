import { useCallback, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { LoginRequest, SessionResponse } from '@sc/common';
import { setSessionExpiredHandler } from '../../api/client.ts';
import { fetchSession, isUserDataQuery, login, logout, sessionKeys, sessionQueryOptions } from './api.ts';
import { SessionContext, type SessionContextValue, type SessionStatus } from './session-context.ts';

export function SessionProvider({ children }: { children: ReactNode }) {
  const queryClient = useQueryClient();
  const session = useQuery(sessionQueryOptions());
  const [isExpired, setIsExpired] = useState(false);

  // Any 401 while signed in means the server dropped the session: keep the screen, ask to sign in.
  useEffect(
    () =>
      setSessionExpiredHandler(() => {
        if (queryClient.getQueryData<SessionResponse | null>(sessionKeys.me)) setIsExpired(true);
      }),
    [queryClient],
  );

  // The server may end a session at any time (idle timeout, logout elsewhere). A screen without
  // queries would never notice, so coming back to the tab re-checks /auth/me.
  useEffect(() => {
    let isChecking = false;
    const recheck = async () => {
      const current = queryClient.getQueryData<SessionResponse | null>(sessionKeys.me);
      if (isChecking || !current || document.visibilityState === 'hidden') return;
      isChecking = true;
      try {
        const fresh = await fetchSession();
        if (!fresh) setIsExpired(true);
        else if (fresh.user.ccWebUserId !== current.user.ccWebUserId) {
          // Another account signed in from another tab: show that one, none of the old data.
          queryClient.setQueryData(sessionKeys.me, fresh);
          void queryClient.resetQueries({ predicate: isUserDataQuery });
        }
      } catch {
        // Offline or server down: the next real request will tell.
      } finally {
        isChecking = false;
      }
    };
    const onWake = () => void recheck();
    window.addEventListener('focus', onWake);
    document.addEventListener('visibilitychange', onWake);
    return () => {
      window.removeEventListener('focus', onWake);
      document.removeEventListener('visibilitychange', onWake);
    };
  }, [queryClient]);

  const loginMutation = useMutation({
    mutationFn: (credentials: LoginRequest) => login(credentials),
    onSuccess: (next) => {
      const previous = queryClient.getQueryData<SessionResponse | null>(sessionKeys.me);
      queryClient.setQueryData(sessionKeys.me, next);
      setIsExpired(false);
      if (previous && previous.user.ccWebUserId !== next.user.ccWebUserId) {
        // Someone else signed in from the expiry dialog: nothing of the previous user may show.
        void queryClient.resetQueries({ predicate: isUserDataQuery });
      } else {
        void queryClient.invalidateQueries({ predicate: isUserDataQuery });
      }
    },
  });

  const logoutMutation = useMutation({
    mutationFn: logout,
    onSuccess: () => {
      queryClient.setQueryData(sessionKeys.me, null);
      queryClient.removeQueries({ predicate: isUserDataQuery });
      setIsExpired(false);
    },
  });

  const refresh = useCallback(async () => {
    const fresh = await fetchSession();
    queryClient.setQueryData(sessionKeys.me, fresh);
  }, [queryClient]);

  const data = session.data ?? null;
  let status: SessionStatus;
  if (session.isPending) status = 'loading';
  else if (!data) status = 'signedOut';
  else status = isExpired ? 'expired' : 'signedIn';

  const { mutateAsync: loginAsync } = loginMutation;
  const { mutateAsync: logoutAsync } = logoutMutation;
  const value = useMemo<SessionContextValue>(
    () => ({
      status,
      user: data?.user ?? null,
      csrfToken: data?.csrfToken ?? null,
      login: loginAsync,
      logout: logoutAsync,
      refresh,
    }),
    [status, data, loginAsync, logoutAsync, refresh],
  );

  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}
