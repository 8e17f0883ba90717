import { z } from 'zod';
import { ZUserTypeSchema } from './user-types.ts';
import { THEMES } from './preferences.ts';

/** requirements §1.3: email and password both required. */
export const ZLoginRequestSchema = z.object({
  email: z.string().trim().min(1, 'Email Address is required').max(254),
  password: z.string().min(1, 'Password is required').max(1024),
});
export type LoginRequest = z.infer<typeof ZLoginRequestSchema>;

/** The signed-in user of requirements §1.2, in the API's camelCase. */
export const ZSignedInUserSchema = z.object({
  ccWebUserId: z.number().int(),
  contactId: z.number().int(),
  primaryContactId: z.number().int(),
  isPrimary: z.boolean(),
  userType: ZUserTypeSchema,
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  middleInitial: z.string().nullable(),
  timeZone: z.string(),
  cid: z.number().int(),
  customerCode: z.string(),
  organizationName: z.string(),
  /** The sign-in before this session's, ISO 8601; null on a first sign-in. */
  lastLoginDate: z.string().nullable(),
  spaceAdmin: z.boolean(),
  department: z.string().nullable(),
  site: z.string().nullable(),
  /** User Preferences: default list page size and colour theme (applied at sign-in). */
  pageSize: z.number().int(),
  theme: z.enum(THEMES),
});
export type SignedInUser = z.infer<typeof ZSignedInUserSchema>;

export const ZSessionResponseSchema = z.object({
  user: ZSignedInUserSchema,
  /** Sent back in the x-csrf-token header on every cookie-authenticated write. */
  csrfToken: z.string(),
});
export type SessionResponse = z.infer<typeof ZSessionResponseSchema>;

/**
 * GET /auth/session: the session or null, always 200. The SPA asks it on every page load; signed
 * out is an expected answer there, not an error the browser should log (issue 14, bug 6).
 */
export const ZCurrentSessionResponseSchema = z.object({ session: ZSessionResponseSchema.nullable() });
export type CurrentSessionResponse = z.infer<typeof ZCurrentSessionResponseSchema>;

export const CSRF_HEADER = 'x-csrf-token';
