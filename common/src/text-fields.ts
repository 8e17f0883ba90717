import { z } from 'zod';

/**
 * An optional free-text form field: trimmed, at most `max` characters (the message names the
 * field), and stored as null when left empty.
 */
export const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, `${label} must be at most ${max} characters`)
    .nullable()
    .optional()
    .transform((v) => (v ? v : null));

/** An optional phone number: digits, spaces and ( ) + - . x, at most 32 characters. */
export const optionalPhone = (label: string) =>
  optionalText(32, label).refine((v) => v === null || /^[0-9 ()+.\-x]+$/i.test(v), `${label} may hold only digits, spaces and ( ) + - . x`);
