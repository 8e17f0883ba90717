import { z } from 'zod';
import { ZNewPasswordSchema, PASSWORD_MESSAGES } from './passwords.ts';
import { ZUserTypeSchema } from './user-types.ts';
import { optionalPhone } from './text-fields.ts';

// The logged-out pages (requirements §12.1–§12.6; issue 13 items 4–8): invitation acceptance,
// self-registration and its verification, pending-contact approval, password retrieve and reset,
// e-mail preferences from a signed link. Routes under /api/v1/public, no session needed.

/** requirements §12.6: the approval page submits after 2000 ms and returns to / 2000 ms after the answer. */
export const PENDING_CONTACT_SUBMIT_MS = 2000;
export const PENDING_CONTACT_RETURN_MS = 2000;
/** How long a reset link works (issue 13: within an hour). */
export const RESET_TOKEN_TTL_MINUTES = 60;
/** How long a registration verification link works. */
export const VERIFY_TOKEN_TTL_HOURS = 48;
/** How long an approver's approve/disapprove link works. */
export const APPROVAL_TOKEN_TTL_HOURS = 168;
/** Password retrieve requests allowed per address and per client address in RETRIEVE_WINDOW_MINUTES. */
export const RETRIEVE_LIMIT_PER_ADDRESS = 3;
export const RETRIEVE_LIMIT_PER_CLIENT = 10;
export const REGISTER_LIMIT_PER_CLIENT = 10;
export const PUBLIC_LIMIT_WINDOW_MINUTES = 15;

export const PUBLIC_MESSAGES = {
  processing: 'Processing...',
  contactApproved: 'Contact has been ::: Approved',
  contactDisapproved: 'Contact has been ::: Disapproved',
  invalidParameters: 'Invalid Parameters...',
  redirectNoMatch: (search: string) => `The URL ${search} has no match to redirect`,
  redirecting: (search: string) => `URL ${search} is being redirected`,
  registered: (email: string) =>
    `Thank you. We sent a message to ${email}: follow its link to verify your e-mail address. An administrator of your organization then reviews your registration.`,
  noCustomerForDomain: 'No organization registered for this e-mail domain. Use the registration link your organization gave you.',
  unknownRegistrationLink: 'This registration link is not valid. Ask your organization for its current registration link.',
  verified: 'Your e-mail address is verified. An administrator of your organization will review your registration; you will receive an e-mail when it is decided.',
  verifyInvalid: 'This verification link is not valid any more (it was used, has expired, or a newer one was sent). Register again to get a new one.',
  approvalInvalid: 'This approval link is not valid any more: it was used, has expired, or the registration was already decided.',
  retrieveSent: (email: string) =>
    `If an account uses ${email}, we sent it a link to choose a new password. The link works once, within one hour.`,
  resetInvalid: 'This password reset link is not valid any more (it was used, has expired, or a newer one was sent). Ask for a new one.',
  passwordChanged: 'Your password has been changed. Sign in with your new password.',
  invitationAccepted: 'Welcome! Your account is active.',
  preferencesSaved: 'E-mail preferences saved',
  preferencesInvalid: 'This preferences link is not valid. Use the link at the bottom of a recent e-mail from us.',
  tooManyRequests: 'Too many requests. Please wait a few minutes and try again.',
} as const;

const token = z.string().trim().min(16, 'The link is incomplete').max(200, 'The link is not valid');
const email = z
  .string({ error: 'Email Address is required' })
  .trim()
  .min(1, 'Email Address is required')
  .max(254, 'Email Address must be at most 254 characters')
  .pipe(z.email('Email Address must be a valid e-mail address'))
  .transform((s) => s.toLowerCase());
const personName = (label: string) => z.string({ error: `${label} is required` }).trim().min(1, `${label} is required`).max(80, `${label} must be at most 80 characters`);

const passwordPair = {
  password: ZNewPasswordSchema,
  confirmPassword: z.string({ error: PASSWORD_MESSAGES.confirmRequired }).min(1, PASSWORD_MESSAGES.confirmRequired),
};
const matching = <T extends { password: string; confirmPassword: string }>(v: T) => v.password === v.confirmPassword;
const mismatch = { path: ['confirmPassword'], message: PASSWORD_MESSAGES.mismatch };

// --- Invitation acceptance (user-registration-invite) ---

const INVITATION_LINK_STATES = ['valid', 'used', 'expired', 'revoked', 'unknown'] as const;
export type InvitationLinkState = (typeof INVITATION_LINK_STATES)[number];

export const INVITATION_STATE_MESSAGES: Record<Exclude<InvitationLinkState, 'valid'>, string> = {
  used: 'This invitation has already been used. Sign in with the password you chose, or use Forgot Password.',
  expired: 'This invitation has expired.',
  revoked: 'This invitation is no longer valid: it was withdrawn or replaced by a newer invitation.',
  unknown: 'This invitation link is not valid.',
};

export const ZInvitationLookupResponseSchema = z.object({
  state: z.enum(INVITATION_LINK_STATES),
  /** Who is invited; only for a valid link. */
  invitee: z.object({ firstName: z.string(), lastName: z.string(), email: z.string(), organizationName: z.string(), userType: ZUserTypeSchema }).nullable(),
  /** Whom to ask for a new invitation (the inviter, else nobody known); for every known link. */
  askFrom: z.object({ name: z.string(), email: z.string() }).nullable(),
});
export type InvitationLookupResponse = z.infer<typeof ZInvitationLookupResponseSchema>;

export const ZInvitationAcceptRequestSchema = z.object({ token, ...passwordPair }).refine(matching, mismatch);
export type InvitationAcceptRequest = z.input<typeof ZInvitationAcceptRequestSchema>;

// --- Self-registration (user-registration, self-register) and verification ---

export const ZRegistrationLinkResponseSchema = z.object({ organizationName: z.string() });
/** GET /invitations/registration-link: the customer's own link, for its Administrator to copy. */
export const ZRegistrationUrlResponseSchema = z.object({ url: z.string() });

/** The registration form; the customer is the registration link's (gid) or the e-mail domain's. */
export const ZRegistrationFormSchema = z
  .object({
    firstName: personName('First Name'),
    lastName: personName('Last Name'),
    email,
    phone: optionalPhone('Phone'),
    ...passwordPair,
  })
  .refine(matching, mismatch);
export type RegistrationForm = z.input<typeof ZRegistrationFormSchema>;

export const ZRegistrationRequestSchema = z
  .object({
    gid: z.string().trim().max(64).optional(),
    firstName: personName('First Name'),
    lastName: personName('Last Name'),
    email,
    phone: optionalPhone('Phone'),
    ...passwordPair,
  })
  .refine(matching, mismatch);
export type RegistrationRequest = z.input<typeof ZRegistrationRequestSchema>;

export const ZPublicMessageResponseSchema = z.object({ message: z.string() });
export type PublicMessageResponse = z.infer<typeof ZPublicMessageResponseSchema>;

export const ZTokenRequestSchema = z.object({ token });

// --- Pending-contact approval (pending-contact-approval) ---

export const ZPendingContactRequestSchema = z.object({
  approved: z.boolean({ error: 'approved must be true or false' }),
  approverContactId: z.coerce.number({ error: 'approvercontactid must be a number' }).int().positive('approvercontactid must be a number'),
  token,
});
export type PendingContactRequest = z.input<typeof ZPendingContactRequestSchema>;
export const ZPendingContactResponseSchema = z.object({ result: z.enum(['Approved', 'Disapproved']), contactName: z.string() });
export type PendingContactResponse = z.infer<typeof ZPendingContactResponseSchema>;

// --- Password retrieve (lost-password) and reset (renew-password) ---

export const ZRetrieveRequestSchema = z.object({ email });
export type RetrieveRequest = z.input<typeof ZRetrieveRequestSchema>;

export const ZResetLookupResponseSchema = z.object({
  valid: z.boolean(),
  email: z.string().nullable(),
  /** The account's organisation, for the strength meter's personal data (as the server checks it). */
  organizationName: z.string().nullable().optional(),
});
export type ResetLookupResponse = z.infer<typeof ZResetLookupResponseSchema>;

export const ZResetRequestSchema = z.object({ token, ...passwordPair }).refine(matching, mismatch);
export type ResetRequest = z.input<typeof ZResetRequestSchema>;

// --- E-mail preferences from a signed link (customer-care-email-preferences) ---

export const ZEmailPreferenceChoicesSchema = z.object({
  emailOnTicketCreated: z.boolean(),
  emailOnTicketUpdated: z.boolean(),
  emailOnTicketClosed: z.boolean(),
  emailOnNewAction: z.boolean(),
});
export type EmailPreferenceChoices = z.infer<typeof ZEmailPreferenceChoicesSchema>;

export const ZPublicPreferencesQuerySchema = z.object({ token });
export const ZPublicPreferencesSaveRequestSchema = ZEmailPreferenceChoicesSchema.extend({ token });
export const ZPublicPreferencesResponseSchema = ZEmailPreferenceChoicesSchema.extend({ firstName: z.string(), email: z.string().nullable() });
export type PublicPreferencesResponse = z.infer<typeof ZPublicPreferencesResponseSchema>;
