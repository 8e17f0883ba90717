import { z } from 'zod';

// The one list contract (docs/conventions.md 'Lists', docs/requirements.md §2.9). Every server-paged
// list's request schema is made by `listQuerySchema` and its response by `pageOf`; the server pages
// with server/src/http/paging.ts, the web encodes with api/query-string.ts and keeps the state in the
// URL with ui/list/use-list-url-state.ts. The URL, the API and the SQL layer use the same names.

/** docs/requirements.md §2.9: page-size options and default of the ticket lists. */
export const PAGE_SIZES = [10, 15, 25, 50] as const;
export const DEFAULT_PAGE_SIZE = 10;
/** The largest page any list serves (a dialog's or an export's own limit is its own constant). */
export const MAX_PAGE_SIZE = 100;
export const SORT_DIRECTIONS = ['asc', 'desc'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];
/** Changing one of these keeps the page; any other parameter (search, a filter) starts again at page 1. */
export const PAGING_PARAMS: readonly string[] = ['page', 'pageSize', 'sort', 'direction', 'cursor'];

type SortKeys = readonly [string, ...string[]];

/** What a list declares once; `listQuerySchema` makes its request schema from it. */
export interface ListDefinition<S extends SortKeys, F extends z.ZodRawShape, Srch extends boolean, K extends boolean> {
  /** Allowed page sizes (a closed list), or the default alone with any size from 1 to `maxPageSize`. */
  pageSizes?: readonly number[];
  defaultPageSize: number;
  maxPageSize?: number;
  /** The sort keys the list offers (API names; the server maps each to its column). */
  sorts: S;
  /** The spec's default order, shown in the list's header. */
  defaultSort: S[number];
  defaultDirection: SortDirection;
  /** Whether the list has a contains-search box (`search`), and its longest term. */
  search: Srch;
  searchMaxLength?: number;
  /** Keyset paging: a `cursor` parameter (the previous page's `nextCursor`). */
  keyset?: K;
  /** The list's own filters, with their API names. */
  filters?: F;
}

/**
 * The largest page number: (MAX_PAGE - 1) × the largest page size any list allows (2,000) stays below 2^31, so
 * an OFFSET never overflows a 32-bit parameter (issue 33: page=214748366 answered 500). A million pages of ten
 * is ten million rows, past any list here.
 */
export const MAX_PAGE = 1_000_000;
const zPage = z.coerce.number().int().min(1).max(MAX_PAGE).default(1);

function zPageSize(def: { pageSizes?: readonly number[]; defaultPageSize: number; maxPageSize?: number }) {
  const sizes = def.pageSizes;
  const base = z.coerce.number().int();
  return (
    sizes
      ? base.refine((n) => sizes.includes(n), { message: `must be one of ${sizes.join(', ')}` })
      : base.min(1).max(def.maxPageSize ?? MAX_PAGE_SIZE)
  ).default(def.defaultPageSize);
}

type BaseShape<S extends SortKeys> = {
  page: typeof zPage;
  pageSize: ReturnType<typeof zPageSize>;
  sort: z.ZodDefault<z.ZodEnum<{ [k in S[number]]: k }>>;
  direction: z.ZodDefault<z.ZodEnum<{ asc: 'asc'; desc: 'desc' }>>;
};
type SearchShape<Srch extends boolean> = Srch extends true ? { search: z.ZodOptional<z.ZodString> } : Record<never, never>;
type CursorShape<K extends boolean> = K extends true ? { cursor: z.ZodOptional<z.ZodString> } : Record<never, never>;
export type ListQueryShape<S extends SortKeys, F extends z.ZodRawShape, Srch extends boolean, K extends boolean> = BaseShape<S> &
  SearchShape<Srch> &
  CursorShape<K> &
  F;

/** Facts about a list schema that the web (default state, reset rules, the grid's sorting) and the tests read. */
export interface ListMeta<K extends string = string> {
  sorts: readonly K[];
  defaultSort: K;
  defaultDirection: SortDirection;
  defaultPageSize: number;
  pageSizes: readonly number[] | null;
  search: boolean;
  keyset: boolean;
  filters: readonly string[];
}
const listMetas = new WeakMap<z.ZodType, ListMeta>();

declare const listSorts: unique symbol;
/**
 * A request schema made by listQuerySchema, marked (in its type only) with its sort keys, so that
 * `listMetaOf` of it is known to be there. `.extend()`, `.omit()`… make another schema, which has none.
 */
export type ListRequestSchema<Shape extends z.ZodRawShape, K extends string> = z.ZodObject<Shape> & { readonly [listSorts]: K };

/** The definition a list's request schema was made from, typed by its sort keys. */
export function listMetaOf<K extends string>(schema: { readonly [listSorts]: K }): ListMeta<K>;
/** The definition a request schema was made from; undefined for a schema not made by listQuerySchema. */
export function listMetaOf(schema: z.ZodType): ListMeta | undefined;
export function listMetaOf(schema: object): ListMeta | undefined {
  return listMetas.get(schema as z.ZodType);
}

/**
 * The request schema of a list: page, pageSize (the list's sizes), sort (its keys, its default),
 * direction, search (when the list has one), cursor (keyset lists) and its own filters.
 */
export function listQuerySchema<const S extends SortKeys, F extends z.ZodRawShape = Record<never, never>, Srch extends boolean = boolean, K extends boolean = false>(
  def: ListDefinition<S, F, Srch, K>,
): ListRequestSchema<ListQueryShape<S, F, Srch, K>, S[number]> {
  const shape: z.ZodRawShape = {
    page: zPage,
    pageSize: zPageSize(def),
    sort: z.enum(def.sorts).default(def.defaultSort as never),
    direction: z.enum(SORT_DIRECTIONS).default(def.defaultDirection),
    ...(def.search ? { search: z.string().trim().max(def.searchMaxLength ?? 200).optional() } : {}),
    ...(def.keyset
      ? {
          /**
           * The `nextCursor` of the previous page (same sort, direction and filters): the server pages from it
           * instead of by OFFSET; `page` is still echoed for 'Displaying {start} - {end}'.
           */
          cursor: z.string().max(500).optional(),
        }
      : {}),
    ...(def.filters ?? {}),
  };
  const schema = z.object(shape) as unknown as ListRequestSchema<ListQueryShape<S, F, Srch, K>, S[number]>;
  listMetas.set(schema, {
    sorts: def.sorts,
    defaultSort: def.defaultSort,
    defaultDirection: def.defaultDirection,
    defaultPageSize: def.defaultPageSize,
    pageSizes: def.pageSizes ?? null,
    search: def.search,
    keyset: def.keyset === true,
    filters: Object.keys(def.filters ?? {}),
  });
  return schema;
}

/** The request of a list whose page and size alone are read (an export): the same schema without them. */
export const withoutPaging = <T extends z.ZodRawShape>(schema: z.ZodObject<T>) =>
  schema.omit(Object.fromEntries(['page', 'pageSize', 'cursor'].filter((k) => k in schema.shape).map((k) => [k, true])) as never) as unknown as z.ZodObject<
    Omit<T, 'page' | 'pageSize' | 'cursor'>
  >;

const pageFields = {
  /** Rows matching the filter (exact unless totalIsEstimate). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Exact: whether a row follows this page (the Next button uses it, not total). */
  hasNextPage: z.boolean(),
};
const keysetFields = {
  /** true when above the exact-count bound: total is then a planner estimate (docs/decisions/003). */
  totalIsEstimate: z.boolean(),
  /** Pass as `cursor` (with page + 1) for the next page; null when there is none or the sort pages by OFFSET. */
  nextCursor: z.string().nullable(),
};

/** The response of a list: rows, total, page, pageSize, hasNextPage. */
export function pageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), ...pageFields });
}
/** The response of a keyset list: pageOf's fields plus totalIsEstimate and nextCursor. */
export function keysetPageOf<T extends z.ZodType>(row: T) {
  return z.object({ rows: z.array(row), ...pageFields, ...keysetFields });
}

export interface Page<T> {
  rows: T[];
  total: number;
  page: number;
  pageSize: number;
  hasNextPage: boolean;
}
export interface KeysetPage<T> extends Page<T> {
  totalIsEstimate: boolean;
  nextCursor: string | null;
}
