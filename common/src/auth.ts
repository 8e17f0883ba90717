// zod/mini, not zod: these schemas are all the login page validates (the session, the sign-in form), and
// mini's functions tree-shake where classic zod's methods cannot (≈ 7 KB gzipped instead of ≈ 27 KB; decision 028).
// They are zod schemas like the others: the server's type provider, OpenAPI and z.toJSONSchema take them as they are.
import * as z from 'zod/mini';
import { ZUserTypeSchema } from './user-types.ts';

/** The colour themes of User Preferences (requirements §7.1); the signed-in user carries one. */
export const THEMES = ['light', 'dark', 'system'] as const;
export type Theme = (typeof THEMES)[number];

/** requirements §1.3: email and password both required. */
export const ZLoginRequestSchema = z.object({
  email: z.string().check(z.trim(), z.minLength(1, 'Email Address is required'), z.maxLength(254, 'Email Address is too long')),
  password: z.string().check(z.minLength(1, 'Password is required'), z.maxLength(1024, 'Password is too long')),
});
export type LoginRequest = z.infer<typeof ZLoginRequestSchema>;

/** The signed-in user of requirements §1.2, in the API's camelCase. */
export const ZSignedInUserSchema = z.object({
  ccWebUserId: z.int(),
  contactId: z.int(),
  primaryContactId: z.int(),
  isPrimary: z.boolean(),
  userType: ZUserTypeSchema,
  userName: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  middleInitial: z.nullable(z.string()),
  timeZone: z.string(),
  cid: z.int(),
  customerCode: z.string(),
  organizationName: z.string(),
  /** The sign-in before this session's, ISO 8601; null on a first sign-in. */
  lastLoginDate: z.nullable(z.string()),
  spaceAdmin: z.boolean(),
  department: z.nullable(z.string()),
  site: z.nullable(z.string()),
  /** User Preferences: default list page size and colour theme (applied at sign-in). */
  pageSize: z.int(),
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
export const ZCurrentSessionResponseSchema = z.object({ session: z.nullable(ZSessionResponseSchema) });
export type CurrentSessionResponse = z.infer<typeof ZCurrentSessionResponseSchema>;

export const CSRF_HEADER = 'x-csrf-token';
