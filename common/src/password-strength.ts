import { ZxcvbnFactory, type ZxcvbnResult } from '@zxcvbn-ts/core';
import * as common from '@zxcvbn-ts/language-common';
import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH, PASSWORD_MIN_SCORE } from './passwords.ts';

// The strength meter and the refusal of common and breached passwords, shared by the server and
// the web. A separate entry point (@sc/common/password-strength): its dictionaries weigh ~1 MB, so
// the web loads them only on the pages that set a password.

const zxcvbn = new ZxcvbnFactory({ dictionary: { ...common.dictionary }, graphs: common.adjacencyGraphs });

export const STRENGTH_LABELS = ['Very weak', 'Weak', 'Fair', 'Strong', 'Very strong'] as const;

/** English texts of zxcvbn's warning keys (the library ships keys only without a language pack). */
const WARNINGS: Record<string, string> = {
  straightRow: 'Straight rows of keys are easy to guess.',
  keyPattern: 'Short keyboard patterns are easy to guess.',
  simpleRepeat: 'Repeated characters like "aaa" are easy to guess.',
  extendedRepeat: 'Repeated patterns like "abcabcabc" are easy to guess.',
  sequences: 'Common character sequences like "abc" are easy to guess.',
  recentYears: 'Recent years are easy to guess.',
  dates: 'Dates are easy to guess.',
  topTen: 'This is a heavily used password.',
  topHundred: 'This is a frequently used password.',
  common: 'This is a commonly used password.',
  similarToCommon: 'This is similar to a commonly used password.',
  wordByItself: 'Single words are easy to guess.',
  namesByThemselves: 'Single names or surnames are easy to guess.',
  commonNames: 'Common names and surnames are easy to guess.',
  userInputs: 'There should not be any personal or page-related data.',
  pwned: 'Your password was exposed by a data breach on the Internet.',
};

export interface PasswordStrength {
  /** 0 (very weak) to 4 (very strong). */
  score: 0 | 1 | 2 | 3 | 4;
  label: (typeof STRENGTH_LABELS)[number];
  /** Why it is weak, when zxcvbn knows. */
  warning: string | null;
  /** True when the password may be used (long enough and not too guessable). */
  acceptable: boolean;
}

/**
 * Scores a password against the common-password and breach dictionaries, keyboard patterns,
 * dates and the person's own data (`userInputs`: name, e-mail, organisation).
 */
export function passwordStrength(password: string, userInputs: string[] = []): PasswordStrength {
  const length = [...password].length;
  // zxcvbn's cost grows with length; the tail of a very long password adds nothing to the verdict.
  const result: ZxcvbnResult = zxcvbn.check(password.slice(0, 100), [...userInputs, ...PRODUCT_INPUTS].flatMap(inputWords));
  const score = result.score;
  const warning = result.feedback.warning ? (WARNINGS[result.feedback.warning] ?? null) : null;
  return {
    score,
    label: STRENGTH_LABELS[score],
    warning,
    acceptable: length >= PASSWORD_MIN_LENGTH && length <= PASSWORD_MAX_LENGTH && score >= PASSWORD_MIN_SCORE,
  };
}

/**
 * 'jane.doe@acme.example' → the address, its parts and its letters run together, so "acme2024" and
 * "AcmeCorporation2026" (for 'Acme Corporation') count as personal data.
 */
function inputWords(s: string): string[] {
  const v = s.trim().toLowerCase();
  if (!v) return [];
  const joined = v.replace(/[^a-z0-9]+/g, '');
  return [v, ...(joined !== v && joined.length >= 3 ? [joined] : []), ...v.split(/[^a-z0-9]+/).filter((w) => w.length >= 3)];
}

/** The product's own name: a password made of the page's words is as guessable as one made of the person's. */
const PRODUCT_INPUTS = ['Support Center', 'customer portal'];
