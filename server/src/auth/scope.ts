import type { SignedInUser, UserType } from '@sc/common';

/** The caller as every service sees it: taken from the session, never from the input. */
export interface Scope {
  sessionId: string;
  webUserId: number;
  contactId: number;
  cid: number;
  userType: UserType;
  spaceAdmin: boolean;
  email: string;
  csrfToken: string;
  user: SignedInUser;
  /** The request's client address and browser, for the audit log (set by the auth plugin). */
  ip?: string | null;
  userAgent?: string | null;
}
