import { z } from 'zod';
import { ZBridgedRequestSchema, type BridgedRequest, type BridgedResponse, type SortDirection } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { badRequest, type AppError } from '../../http/errors.ts';

// The bridged-resource machinery (requirements §16.3, docs/decisions/022): reading the form body, the one
// registry entry type (params schema + handler + record mapper), paging from the original's parameters,
// and the record / records / count answers of requirements §3.

/** A record as a resource maps it: the original's attribute names; values are text, numbers, booleans, dates or null. */
export type Attrs = Record<string, unknown>;

export interface BridgedContext {
  db: Db;
  config: Config;
  scope: Scope;
}

/** Where a multiple-record call starts and how many it takes; `page` is 1-based (offset = (page - 1) × pageSize). */
export interface BridgedPaging {
  page: number;
  pageSize: number;
  offset: number;
  /** Our sort key, from SortField through the resource's `sorts`; undefined: the list's default. */
  sort: string | undefined;
  direction: SortDirection | undefined;
}

interface ResourceBase {
  /** The fields answered when the call names no attributes, in this order. */
  fields: readonly string[];
  /** The resource's values (the original's parameter names), validated before the handler runs. */
  params: z.ZodType;
}
interface SingleResource extends ResourceBase {
  kind: 'single';
  get(ctx: BridgedContext, params: unknown): Promise<Attrs>;
}
interface MultipleResource extends ResourceBase {
  kind: 'multiple';
  defaultPageSize: number;
  maxPageSize: number;
  /** SortField (the original's name) → the service's sort key. */
  sorts: Record<string, string>;
  list(ctx: BridgedContext, params: unknown, paging: BridgedPaging): Promise<{ rows: Attrs[]; total: number }>;
}
export type BridgedResource = SingleResource | MultipleResource;

/** One record by its parameters. */
export function single<S extends z.ZodType>(def: { params: S; fields: readonly string[]; get(ctx: BridgedContext, p: z.output<S>): Promise<Attrs> }): SingleResource {
  return { kind: 'single', params: def.params, fields: def.fields, get: (ctx, p) => def.get(ctx, p as z.output<S>) };
}

/** Several records, paged. */
export function multiple<S extends z.ZodType>(def: {
  params: S;
  fields: readonly string[];
  sorts?: Record<string, string>;
  defaultPageSize?: number;
  maxPageSize?: number;
  list(ctx: BridgedContext, p: z.output<S>, paging: BridgedPaging): Promise<{ rows: Attrs[]; total: number }>;
}): MultipleResource {
  return {
    kind: 'multiple',
    params: def.params,
    fields: def.fields,
    sorts: def.sorts ?? {},
    defaultPageSize: def.defaultPageSize ?? 10,
    maxPageSize: def.maxPageSize ?? 100,
    list: (ctx, p, paging) => def.list(ctx, p as z.output<S>, paging),
  };
}

// ---- Reading the request --------------------------------------------------------------------------

const BRACKET = /^(values|metadata)\[(.+)\]$/;

/** A JSON text of an object, or the object itself; anything else is left for the schema to refuse. */
function objectOf(v: unknown): unknown {
  if (typeof v !== 'string') return v;
  try {
    return JSON.parse(v) as unknown;
  } catch {
    return v;
  }
}

/**
 * The §3 request from the path and the body: a form body carries `values[Name]` / `metadata[name]` keys (or
 * `values` as JSON), `attributes` comma-joined; a JSON body the same names as objects. Any failure is a 400
 * with the spec's text ('Property "limit" expected as a number.' …), never a 500.
 */
export function readBridgedRequest(path: { formSlug: string; bridgedResourceName: string; kappSlug?: string; datastore: boolean }, body: unknown): BridgedRequest {
  const raw = body !== null && typeof body === 'object' && !Array.isArray(body) ? (body as Record<string, unknown>) : {};
  const values: Record<string, unknown> = {};
  const metadata: Record<string, unknown> = {};
  const rest: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(raw)) {
    const m = BRACKET.exec(k);
    if (m) (m[1] === 'values' ? values : metadata)[m[2]!] = Array.isArray(v) ? v[0] : v;
    else rest[k] = v;
  }
  const merged = (given: unknown, folded: Record<string, unknown>) => {
    const o = objectOf(given);
    if (o === undefined) return folded;
    return o !== null && typeof o === 'object' && !Array.isArray(o) ? { ...(o as Record<string, unknown>), ...folded } : o;
  };
  const attributes = Array.isArray(rest.attributes) && rest.attributes.every((a) => typeof a === 'string') && rest.attributes.length === 1 ? rest.attributes[0] : rest.attributes;
  const parsed = ZBridgedRequestSchema.safeParse({
    ...path,
    attributes,
    values: merged(rest.values, values),
    metadata: merged(rest.metadata, metadata),
    limit: rest.limit,
    offset: rest.offset,
  });
  if (!parsed.success) throw badValues(parsed.error);
  // requirements §16.1: an X-User sent among the values identifies nobody; it is dropped here.
  delete parsed.data.values['X-User'];
  return parsed.data;
}

/** The 400 of refused values, one field each. */
function badValues(error: z.ZodError, prefix = ''): AppError {
  const fieldErrors: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = prefix + (issue.path.map(String).join('.') || 'request');
    fieldErrors[name] ??= issue.message;
  }
  const [first] = Object.values(fieldErrors);
  // The §5 texts already name their property: they are the message as they are.
  return badRequest(fieldErrors, first?.startsWith('Property "') ? first : undefined);
}

/** The original's unset value is a single space (requirements §3 'Ticket search criteria'): blank means not given. */
const givenValues = (values: Record<string, string>) => Object.fromEntries(Object.entries(values).filter(([, v]) => v.trim() !== ''));

const zPagingValues = z.object({
  PageNum: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).optional(),
  PageSize: z.coerce.number({ error: 'must be a number' }).int().min(1).max(100_000).optional(),
  SortField: z.string().max(100).optional(),
  AscDesc: z
    .string()
    .transform((v) => v.trim().toLowerCase())
    .pipe(z.enum(['asc', 'desc'], { error: 'must be ASC or DESC' }))
    .optional(),
  PageToken: z.coerce.number({ error: 'must be a number' }).int().min(0).optional(),
});

/** PageNum/PageSize of the values win; else limit/offset; else the metadata's pageToken (an offset we gave out). */
function pagingOf(r: BridgedRequest, values: Record<string, string>, res: MultipleResource): BridgedPaging {
  const p = zPagingValues.safeParse(values);
  if (!p.success) throw badValues(p.error, 'values.');
  const pageSize = p.data.PageSize ?? r.limit ?? res.defaultPageSize;
  if (pageSize < 1 || pageSize > res.maxPageSize) {
    throw badRequest({ limit: `at most ${res.maxPageSize} records a call` });
  }
  let offset: number;
  if (p.data.PageNum !== undefined) offset = (p.data.PageNum - 1) * pageSize;
  else {
    const token = r.metadata.pageToken ?? (p.data.PageToken !== undefined ? String(p.data.PageToken) : undefined);
    offset = r.offset ?? (token !== undefined && /^\d{1,9}$/.test(token) ? Number(token) : 0);
  }
  if (offset % pageSize !== 0) throw badRequest({ offset: 'must be a multiple of limit' });
  return {
    page: offset / pageSize + 1,
    pageSize,
    offset,
    sort: p.data.SortField !== undefined ? res.sorts[p.data.SortField] : undefined,
    direction: p.data.AscDesc,
  };
}

// ---- Answering -----------------------------------------------------------------------------------

class InvalidResponse extends Error {}

/** requirements §3: attribute values are text. Booleans are the original's '-1' (true) and '0'. */
function textOf(v: unknown): string | null {
  if (v === null || v === undefined) return null;
  if (typeof v === 'string') return v;
  if (typeof v === 'number') return Number.isFinite(v) ? String(v) : null;
  if (typeof v === 'boolean') return v ? '-1' : '0';
  if (v instanceof Date) return v.toISOString();
  throw new InvalidResponse();
}

/** A record as text values (the Data API answers these too); throws the 'Invalid server response.' error on a bad value. */
export const textRecord = (fields: readonly string[], attrs: Attrs): Record<string, string | null> => Object.fromEntries(fields.map((f) => [f, textOf(attrs[f])]));

const rowOf = (fields: readonly string[], attrs: Attrs): (string | null)[] => fields.map((f) => textOf(attrs[f]));

/** Whether the answer failed because a resource produced something unusable (the route answers 'Invalid server response.'). */
export const isInvalidResponse = (e: unknown): boolean => e instanceof InvalidResponse;

/** Runs one call: validates the values, pages, calls the resource and shapes the §3 answer. */
export async function runBridged(ctx: BridgedContext, res: BridgedResource, r: BridgedRequest, mode: 'fetch' | 'count'): Promise<BridgedResponse> {
  const values = givenValues(r.values);
  const parsed = res.params.safeParse(values);
  if (!parsed.success) throw badValues(parsed.error, 'values.');
  const fields = r.attributes && r.attributes.length > 0 ? r.attributes : res.fields;
  if (res.kind === 'single') {
    const attrs = await res.get(ctx, parsed.data);
    if (mode === 'count') return { count: { value: 1 } };
    return { record: { attributes: textRecord(fields, attrs) } };
  }
  const paging = pagingOf(r, values, res);
  const { rows, total } = await res.list(ctx, parsed.data, mode === 'count' ? { ...paging, offset: 0, page: 1, pageSize: 1 } : paging);
  if (mode === 'count') return { count: { value: total } };
  const next = paging.offset + rows.length;
  return {
    records: {
      fields: [...fields],
      records: rows.map((row) => rowOf(fields, row)),
      metadata: { count: total, size: total, nextPageToken: next < total && rows.length > 0 ? String(next) : null },
    },
  };
}
