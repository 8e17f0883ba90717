// zod/mini: the SPA parses every error answer with it, on the login page too (see auth.ts, decision 028).
import * as z from 'zod/mini';

/** One error model for every route: the code decides the HTTP status (see server/src/http/errors.ts). */
const ERROR_CODES = [
  'BAD_REQUEST',
  'UNAUTHENTICATED',
  'FORBIDDEN',
  'NOT_FOUND',
  'CONFLICT',
  'RATE_LIMITED',
  'PAYLOAD_TOO_LARGE',
  'INTERNAL',
  /** An outside service the server called failed (e.g. a report provider's embed-token API). */
  'BAD_GATEWAY',
  /** 503: the database did not answer within the statement timeout (docs/requirements.md §18.3). */
  'UNAVAILABLE',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];

export const ZErrorResponseSchema = z.object({
  code: z.enum(ERROR_CODES),
  message: z.string(),
  /** Field path → message, for 400s from validation. */
  fieldErrors: z.optional(z.record(z.string(), z.string())),
});
export type ErrorResponse = z.infer<typeof ZErrorResponseSchema>;

/** Texts of the spec's error catalogue that both sides use. */
export const MESSAGES = {
  notAuthorized: 'Not Authorized',
  sessionExpired: 'Your login has expired. Please, enter your credentials.',
  invalidCredentials: 'Invalid email or password',
  noMatchForPath: 'No match found for path',
  tableLoadError: 'There was a problem loading information from the server!',
} as const;
