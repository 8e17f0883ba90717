import { createContext, useContext } from 'react';
import type { LoginRequest, SessionResponse, SignedInUser } from '@sc/common';

export type SessionStatus = 'loading' | 'signedOut' | 'signedIn' | 'expired';

export interface SessionContextValue {
  status: SessionStatus;
  /** Kept while 'expired' so the current screen stays visible behind the login dialog. */
  user: SignedInUser | null;
  csrfToken: string | null;
  login: (credentials: LoginRequest) => Promise<SessionResponse>;
  logout: () => Promise<void>;
  /** Re-reads the signed-in user from the server, e.g. after the user changed its preferences. */
  refresh: () => Promise<void>;
}

export const SessionContext = createContext<SessionContextValue | null>(null);

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession must be used inside <SessionProvider>');
  return value;
}

/** For screens of the signed-in shell, which only render with a user. */
export function useSignedInUser(): SignedInUser {
  const { user } = useSession();
  if (!user) throw new Error('useSignedInUser needs a signed-in session');
  return user;
}
