import { createHash } from 'node:crypto';
import { Placeholder, sql } from 'drizzle-orm';
import pg from 'pg';
import { queryArrays } from './array-rows-query.ts';
import type { Db } from './client.ts';

// Statements built once per shape (docs/decisions/031-list-path-per-request-work.md).
//
// A hot query whose SQL text depends only on its shape (which conditions are present, the order,
// how the page starts) is built by drizzle once, with a named placeholder for every value, and run
// afterwards with the values alone: no query builder and no ORM row mapping per request. Rows come
// back as arrays in the statement's column order, typed by the driver's own parsers (node-postgres
// and PGlite both give numbers, booleans, strings and Date for timestamptz); the caller maps them.

/** The value or the placeholder of a parameter, by name: what a shape's query builder is given. */
export type ParamOf = (name: string) => unknown;
export type Params = Record<string, unknown>;

/** Builds with placeholders: the text every request of the shape shares. */
export const placeholderOf: ParamOf = (name) => sql.placeholder(name);
/** Builds with the values themselves (a query for this request only, e.g. a calendar's WHERE). */
export const valueOf =
  (params: Params): ParamOf =>
  (name) => {
    if (!(name in params)) throw new Error(`no value for parameter ${name}`);
    return params[name];
  };

export interface ShapedStatement {
  /** A prepared statement's name (node-postgres parses it once per connection), or undefined: unnamed. */
  readonly name: string | undefined;
  readonly text: string;
  /** Where each $n comes from: a placeholder's name, or a constant drizzle bound while building. */
  readonly slots: readonly ({ name: string } | { constant: unknown })[];
}

/**
 * The name a shape's statement is prepared under: `prefix` and a hash of the shape key (names are at
 * most 63 bytes; keys can be longer). One name per text: the key decides the text.
 */
export const preparedName = (prefix: string, key: string): string => `${prefix}_${createHash('sha1').update(key).digest('hex').slice(0, 20)}`;

/** The statement of a drizzle query built with placeholderOf. */
export function shapedStatement(query: { toSQL(): { sql: string; params: unknown[] } }, name?: string): ShapedStatement {
  const { sql: text, params } = query.toSQL();
  return { name, text, slots: params.map((p) => (p instanceof Placeholder ? { name: String(p.name) } : { constant: p })) };
}

/** The statement's parameters in $n order; a placeholder without a value is a programming error. */
export function paramsFor(st: ShapedStatement, values: Params): unknown[] {
  return st.slots.map((s) => {
    if (!('name' in s)) return s.constant;
    if (!(s.name in values)) throw new Error(`no value for placeholder ${s.name}`);
    return values[s.name];
  });
}

/**
 * Statements remembered per database and shape key. Bounded: past `max` shapes the oldest is dropped
 * (rebuilding it costs one drizzle build, as every request did before).
 */
export class ShapedStatements {
  readonly #byDb = new WeakMap<Db, Map<string, ShapedStatement>>();
  constructor(private readonly max = 1000) {}

  get(db: Db, key: string, build: () => ShapedStatement): ShapedStatement {
    let m = this.#byDb.get(db);
    if (!m) this.#byDb.set(db, (m = new Map<string, ShapedStatement>()));
    let st = m.get(key);
    if (!st) {
      st = build();
      if (m.size >= this.max) m.delete(m.keys().next().value!);
      m.set(key, st);
    }
    return st;
  }
}

interface PgliteLikeClient {
  query(text: string, params: unknown[], options: { rowMode: 'array' }): Promise<{ rows: unknown[][] }>;
}

/** The driver behind a drizzle database or transaction (its session's client: a pool, a pooled client or PGlite). */
function driverOf(db: Db): pg.Pool | pg.Client | PgliteLikeClient {
  const client = (db as unknown as { session?: { client?: unknown } }).session?.client;
  if (!client || typeof (client as { query?: unknown }).query !== 'function') throw new Error('shaped statements: no driver client behind this database');
  return client as pg.Pool | pg.Client | PgliteLikeClient;
}

/** Runs the statement with `values` and answers its rows as arrays, in its column order. */
export async function queryRowArrays(db: Db, st: ShapedStatement, values: Params): Promise<unknown[][]> {
  const client = driverOf(db);
  const params = paramsFor(st, values);
  // node-postgres: its own query object (db/array-rows-query.ts, decision 039); PGlite: its own path.
  if (client instanceof pg.Pool || client instanceof pg.Client) return queryArrays(client, st.name, st.text, params);
  return (await client.query(st.text, params, { rowMode: 'array' })).rows;
}
