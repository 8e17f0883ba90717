import { asc, desc, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import type { KeysetPage, Page, SortDirection } from '@sc/common';
import { badRequest } from './errors.ts';

// The one paging helper of every list (docs/conventions.md 'Lists'): the request's page and pageSize
// become a LIMIT/OFFSET slice, the rows and total become the page envelope of common/src/list.ts
// (pageOf / keysetPageOf). Keyset lists (the ticket lists) add cursors.

export interface PageRequest {
  page: number;
  pageSize: number;
}

/** What a query fetches for a page: `limit` rows from `offset`. */
export interface Slice {
  limit: number;
  offset: number;
}

export const sliceOf = (q: PageRequest): Slice => ({ limit: q.pageSize, offset: (q.page - 1) * q.pageSize });

/** The envelope of an OFFSET page whose total was counted. */
export function pageEnvelope<R>(q: PageRequest, rows: R[], total: number): Page<R> {
  return { rows, total, page: q.page, pageSize: q.pageSize, hasNextPage: (q.page - 1) * q.pageSize + rows.length < total };
}

/** One OFFSET page: `fetch` gets the slice and answers the rows and the filter's total. */
export async function offsetPage<R>(q: PageRequest, fetch: (slice: Slice) => Promise<{ rows: R[]; total: number }>): Promise<Page<R>> {
  const { rows, total } = await fetch(sliceOf(q));
  return pageEnvelope(q, rows, total);
}

const isKeyList = (k: AnyPgColumn | SQL | readonly (AnyPgColumn | SQL)[]): k is readonly (AnyPgColumn | SQL)[] => Array.isArray(k);

/**
 * ORDER BY a list's sort key (a column, an expression, or several for one key such as last then first
 * name) in the asked direction, ties broken by id in the same direction.
 */
export function sortOrder(direction: SortDirection, key: AnyPgColumn | SQL | readonly (AnyPgColumn | SQL)[] | undefined, id: AnyPgColumn): SQL[] {
  const dir = direction === 'asc' ? asc : desc;
  const keys: readonly (AnyPgColumn | SQL)[] = key === undefined ? [] : isKeyList(key) ? key : [key];
  return [...keys.filter((k) => k !== id).map((k) => dir(k)), dir(id)];
}

// --- Keyset paging -----------------------------------------------------------------------------

export interface KeysetOrder {
  sort: string;
  direction: SortDirection;
}
/** Where a keyset page starts: the sort value and id of the previous page's last row. */
export interface Keyset {
  value: string | number;
  id: number;
}
interface CursorBody {
  /** sort and direction the cursor was made for */
  s: string;
  d: string;
  v: string | number;
  i: number;
}

/** An opaque cursor (base64url JSON) bound to its sort and direction. */
export const encodeCursor = (o: KeysetOrder, k: Keyset): string =>
  Buffer.from(JSON.stringify({ s: o.sort, d: o.direction, v: k.value, i: k.id } satisfies CursorBody)).toString('base64url');

/**
 * The keyset of a cursor; a 400 naming `cursor` when the sort cannot page by keyset, the cursor was made
 * for another sort or direction, or it does not parse. `valid` checks the value (e.g. a date).
 */
export function decodeCursor(o: KeysetOrder, cursor: string, keysetSorts: readonly string[], valid: (v: string | number) => boolean = () => true): Keyset {
  const bad = () => badRequest({ cursor: 'invalid for this sort' });
  if (!keysetSorts.includes(o.sort)) throw bad();
  let body: Partial<CursorBody>;
  try {
    body = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as Partial<CursorBody>;
  } catch {
    throw bad();
  }
  const valueOk = typeof body.v === 'number' || (typeof body.v === 'string' && body.v.length <= 300);
  if (body.s !== o.sort || body.d !== o.direction || !valueOk || !Number.isInteger(body.i) || !valid(body.v!)) throw bad();
  return { value: body.v!, id: body.i! };
}

/**
 * The envelope of a keyset list. `records` were fetched with `limit: pageSize + 1` (the extra row tells
 * hasNextPage exactly); `total` is exact, or an estimate (`totalIsEstimate`) never below the rows seen.
 * `keysetOf` gives the last row's keyset when the sort pages by keyset (else no nextCursor).
 */
export function keysetEnvelope<T, R>(
  q: PageRequest & KeysetOrder,
  records: T[],
  counted: { total: number; totalIsEstimate: boolean },
  keysetOf: ((last: T) => Keyset) | null,
  present: (r: T) => R,
): KeysetPage<R> {
  const hasNextPage = records.length > q.pageSize;
  const rows = records.slice(0, q.pageSize);
  const seen = sliceOf(q).offset + rows.length + (hasNextPage ? 1 : 0);
  const last = rows.at(-1);
  return {
    rows: rows.map(present),
    total: counted.totalIsEstimate ? Math.max(counted.total, seen) : counted.total,
    totalIsEstimate: counted.totalIsEstimate,
    page: q.page,
    pageSize: q.pageSize,
    hasNextPage,
    nextCursor: hasNextPage && last && keysetOf ? encodeCursor(q, keysetOf(last)) : null,
  };
}
