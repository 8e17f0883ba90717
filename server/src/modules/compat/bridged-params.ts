import { z } from 'zod';

// Parameter types of the bridged resources: every value arrives as text (a form body).

export const zId = z.coerce.number({ error: 'must be a number' }).int('must be a whole number').positive('must be positive').max(2_147_483_647);
export const zText = z.string().trim().max(200);
/** The original's flags: true/false, -1 (true)/0, 1/0, yes/no. */
export const zFlag = z
  .string()
  .transform((v) => v.trim().toLowerCase())
  .pipe(z.enum(['true', 'false', '-1', '0', '1', 'yes', 'no'], { error: 'must be true or false' }))
  .transform((v) => v === 'true' || v === '-1' || v === '1' || v === 'yes');
