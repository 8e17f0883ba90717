import { z } from 'zod';

/**
 * docs/requirements.md §18.4: every id is checked against its column's range before a query sees it,
 * so an id past the range is a 400 naming the field, never a database error (a 500).
 */

/** The largest value of an `integer`/`serial` column. */
export const ID_MAX = 2_147_483_647;
/** The largest id of a `bigserial` column the API accepts (JavaScript's safe integer range). */
const BIG_ID_MAX = Number.MAX_SAFE_INTEGER;

/** An id in a path or query string (text coerced to a number): 1 … ID_MAX. */
export const zId = z.coerce.number().int().positive().max(ID_MAX);
/** An id in a JSON body: 1 … ID_MAX. */
export const zIdValue = z.number().int().positive().max(ID_MAX);
/** A bigserial id in a path or query string. */
export const zBigId = z.coerce.number().int().positive().max(BIG_ID_MAX);

/**
 * An id written as a string of digits (the compatibility bodies' bare ids, the add routes' {id}): 1 … ID_MAX.
 * Ten digits alone would let 2147483648 … 9999999999 through to an `integer` column (a database error).
 */
export const zIdDigits = (message: string) =>
  z
    .string()
    .regex(/^\d{1,10}$/, message)
    .transform(Number)
    .pipe(z.number().int().positive(message).max(ID_MAX, message));
