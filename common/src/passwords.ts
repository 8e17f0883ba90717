import { z } from 'zod';

// Password rules (OWASP ASVS 5.0 §6.2, docs/requirements: issue 13 item 7): at least 8 characters,
// 12 recommended, at least 64 allowed (we allow 128), no composition rules; common and breached
// passwords are refused by the strength check in ./password-strength.ts, on both sides.

export const PASSWORD_MIN_LENGTH = 8;
const PASSWORD_RECOMMENDED_LENGTH = 12;
export const PASSWORD_MAX_LENGTH = 128;
/** zxcvbn score below which a password is refused: 0–1 fall to fewer than a million guesses. */
export const PASSWORD_MIN_SCORE = 2;

export const PASSWORD_HINT = `At least ${PASSWORD_MIN_LENGTH} characters; ${PASSWORD_RECOMMENDED_LENGTH} or more recommended. A few unrelated words make a strong password that is easy to remember.`;

export const PASSWORD_MESSAGES = {
  tooShort: `Password must be at least ${PASSWORD_MIN_LENGTH} characters`,
  tooLong: `Password must be at most ${PASSWORD_MAX_LENGTH} characters`,
  mismatch: 'The passwords do not match',
  tooWeak: 'This password is too common or too easy to guess; choose another',
  confirmRequired: 'Confirm Password is required',
} as const;

/** Length counted in Unicode code points, as ASVS asks (an emoji is one character). */
const codePoints = (s: string) => [...s].length;

/** A new password: length rules only, no composition rules; never trimmed (spaces are allowed). */
export const ZNewPasswordSchema = z
  .string({ error: 'Password is required' })
  .refine((s) => codePoints(s) >= PASSWORD_MIN_LENGTH, PASSWORD_MESSAGES.tooShort)
  .refine((s) => codePoints(s) <= PASSWORD_MAX_LENGTH, PASSWORD_MESSAGES.tooLong);
