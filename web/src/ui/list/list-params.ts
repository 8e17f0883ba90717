import { PAGING_PARAMS } from '@sc/common';
import type { z } from 'zod';
import { toSearchParams } from '../../api/query-string.ts';

// Reading and writing a list's state in the URL with its API request schema (docs/conventions.md
// 'Lists'): the URL's parameter names are the API's, and the same zod schema parses both.

type Shape = z.ZodRawShape;
export type ListState<S extends z.ZodObject<Shape>> = z.output<S>;

/** The raw values of the schema's keys found in the URL (repeated keys as arrays). */
function rawOf(schema: z.ZodObject<Shape>, params: URLSearchParams): Record<string, unknown> {
  const raw: Record<string, unknown> = {};
  for (const key of Object.keys(schema.shape)) {
    const all = params.getAll(key);
    if (all.length === 1) raw[key] = all[0];
    else if (all.length > 1) raw[key] = all;
  }
  return raw;
}

/**
 * The state in the URL, parsed by the list's schema. A value the schema refuses (an edited or outdated
 * link) is dropped, falling back to its default, instead of an error page. `defaults` overrides the
 * schema's defaults (e.g. the user's preferred page size) for keys absent from the URL.
 */
export function readListParams<S extends z.ZodObject<Shape>>(schema: S, params: URLSearchParams, defaults: Partial<z.input<S>> = {}): z.output<S> {
  const raw: Record<string, unknown> = { ...defaults, ...rawOf(schema, params) };
  for (let i = 0; i < 20; i++) {
    const parsed = schema.safeParse(raw);
    if (parsed.success) return parsed.data;
    const bad = new Set(parsed.error.issues.map((issue) => String(issue.path[0])));
    let changed = false;
    for (const key of bad) {
      if (!(key in raw)) continue;
      // A refused URL value falls back to the caller's default, then to the schema's.
      if (key in defaults && raw[key] !== (defaults as Record<string, unknown>)[key]) raw[key] = (defaults as Record<string, unknown>)[key];
      else delete raw[key];
      changed = true;
    }
    if (!changed) break;
  }
  return schema.parse(defaults);
}

/**
 * The parameters a link names, each read by its field of the list's schema (a value it refuses is left out),
 * without the defaults of those it does not name: a typed request of only what the link says.
 */
export function readLinkParams<S extends z.ZodObject<Shape>>(schema: S, params: URLSearchParams): Partial<z.output<S>> {
  const out: Record<string, unknown> = {};
  for (const [key, raw] of Object.entries(rawOf(schema, params))) {
    const parsed = (schema.shape[key] as z.ZodType).safeParse(raw);
    if (parsed.success) out[key] = parsed.data;
  }
  return out as Partial<z.output<S>>;
}

const same = (a: unknown, b: unknown): boolean => JSON.stringify(a) === JSON.stringify(b);

/**
 * The URL parameters of a state: only what differs from the defaults, so a plain list keeps a plain
 * URL. `keep` holds parameters outside the schema to carry over (e.g. a web-only 'saved').
 */
export function writeListParams<S extends z.ZodObject<Shape>>(
  schema: S,
  state: Partial<z.output<S>>,
  defaults: Partial<z.input<S>> = {},
  keep?: URLSearchParams,
): URLSearchParams {
  const base = readListParams(schema, new URLSearchParams(), defaults) as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  const s = state as Record<string, unknown>;
  // An order other than the default names both its key and its direction, so the link reads as it sorts.
  const ordered = !same(s.sort, base.sort) || !same(s.direction, base.direction);
  for (const [key, value] of Object.entries(state)) {
    if (!(key in schema.shape) || key === 'cursor') continue;
    if (same(value, base[key]) && !(ordered && (key === 'sort' || key === 'direction'))) continue;
    out[key] = typeof value === 'string' ? value.trim() : value;
  }
  const p = toSearchParams(out);
  if (keep) for (const [k, v] of keep) if (!(k in schema.shape)) p.append(k, v);
  return p;
}

/** Whether a change of these keys starts again at page 1: anything but paging and order (a search, a filter). */
export const resetsPage = (keys: readonly string[]): boolean => keys.some((k) => !PAGING_PARAMS.includes(k));
