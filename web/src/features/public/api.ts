import {
  ZInvitationLookupResponseSchema,
  ZPendingContactResponseSchema,
  ZPublicMessageResponseSchema,
  ZPublicPreferencesResponseSchema,
  ZRegistrationLinkResponseSchema,
  ZResetLookupResponseSchema,
  ZSessionResponseSchema,
  type EmailPreferenceChoices,
  type InvitationAcceptRequest,
  type PendingContactRequest,
  type RegistrationRequest,
  type ResetRequest,
} from '@sc/common';
import { api, setCsrfToken } from '../../api/client.ts';

// The logged-out pages' calls (/api/v1/public). Query keys start with 'public' so signing out keeps them.

export const publicKeys = {
  invitation: (token: string) => ['public', 'invitation', token] as const,
  registrationLink: (gid: string) => ['public', 'registration-link', gid] as const,
  reset: (token: string) => ['public', 'reset', token] as const,
  preferences: (token: string) => ['public', 'email-preferences', token] as const,
};

const enc = encodeURIComponent;

export const lookupInvitation = (token: string) => api.post('/public/invitations/lookup', { token }, { schema: ZInvitationLookupResponseSchema, isAuthCall: true });

export async function acceptInvitation(body: InvitationAcceptRequest) {
  const session = await api.post('/public/invitations/accept', body, { schema: ZSessionResponseSchema, isAuthCall: true });
  setCsrfToken(session.csrfToken);
  return session;
}

export const lookupRegistrationLink = (gid: string) => api.get(`/public/registration/${enc(gid)}`, { schema: ZRegistrationLinkResponseSchema, isAuthCall: true });
export const register = (body: RegistrationRequest) => api.post('/public/register', body, { schema: ZPublicMessageResponseSchema, isAuthCall: true });
export const verifyRegistration = (token: string) => api.post('/public/verify', { token }, { schema: ZPublicMessageResponseSchema, isAuthCall: true });
export const decidePendingContact = (body: PendingContactRequest) => api.post('/public/pending-contact', body, { schema: ZPendingContactResponseSchema, isAuthCall: true });
export const retrievePassword = (email: string) => api.post('/public/password/retrieve', { email }, { schema: ZPublicMessageResponseSchema, isAuthCall: true });
export const lookupReset = (token: string) => api.post('/public/password/reset/lookup', { token }, { schema: ZResetLookupResponseSchema, isAuthCall: true });
export const resetPassword = (body: ResetRequest) => api.post('/public/password/reset', body, { schema: ZPublicMessageResponseSchema, isAuthCall: true });
export const loadEmailPreferences = (token: string) => api.post('/public/email-preferences/lookup', { token }, { schema: ZPublicPreferencesResponseSchema, isAuthCall: true });
export const saveEmailPreferences = (token: string, choices: EmailPreferenceChoices) =>
  api.put('/public/email-preferences', { token, ...choices }, { schema: ZPublicPreferencesResponseSchema, isAuthCall: true });
