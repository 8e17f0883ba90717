import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryArrays } from '../src/db/array-rows-query.ts';
import { pgTypes } from '../src/db/pg-timestamps.ts';

// The hot statements' query object on a real PostgreSQL server (db/array-rows-query.ts): a named
// statement is described once, later runs read their rows with the remembered parsers; errors fail the
// query and leave the connection usable. DATABASE_URL names the server (CI); else the local one.

const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
const TEXT = "select $1::int + 1 as n, $2::timestamptz as at, $3::text as t, null::int as nothing, $4::boolean as yes, 'x' || $3 as joined";

/** Counts the Describe messages a client sends. */
function countDescribes(client: pg.Client): { n: number } {
  const counter = { n: 0 };
  const connection = (client as unknown as { connection: { describe(msg: unknown): void } }).connection;
  const describe = connection.describe.bind(connection);
  connection.describe = (msg) => {
    counter.n++;
    describe(msg);
  };
  return counter;
}

describe('ArrayRowsQuery on node-postgres', () => {
  const clients: pg.Client[] = [];
  let pool: pg.Pool;
  const client = async () => {
    const c = new pg.Client({ connectionString: url, types: pgTypes });
    await c.connect();
    clients.push(c);
    return c;
  };
  beforeAll(() => {
    pool = new pg.Pool({ connectionString: url, max: 2, types: pgTypes });
  });
  afterAll(async () => {
    await Promise.all([...clients.map((c) => c.end()), pool.end()]);
  });

  it('reads a named statement’s rows as parsed arrays, describing it only on its first run in the process', async () => {
    const name = `arq_${Date.now()}_${Math.random().toString(36).slice(2, 8)}`;
    const [a, b] = [await client(), await client()];
    const [da, db] = [countDescribes(a), countDescribes(b)];
    const at = new Date('2026-11-24T09:30:15.250Z');
    const first = await queryArrays(a, name, TEXT, [41, at, 'bc', true]);
    expect(first).toEqual([[42, at, 'bc', null, true, 'xbc']]);
    expect(da.n).toBe(1);
    // Again on the same connection (prepared there) and on another (parsed there now): no Describe.
    expect(await queryArrays(a, name, TEXT, [1, null, null, false])).toEqual([[2, null, null, null, false, null]]);
    expect(await queryArrays(b, name, TEXT, [-3, at, 'é', true])).toEqual([[-2, at, 'é', null, true, 'xé']]);
    expect(da.n).toBe(1);
    expect(db.n).toBe(0);
  });

  it('describes an unnamed statement on every run', async () => {
    const c = await client();
    const d = countDescribes(c);
    const q = 'select g as n, g::text || $1 as s from generate_series(1, $2::int) g';
    expect(await queryArrays(c, undefined, q, ['!', 3])).toEqual([[1, '1!'], [2, '2!'], [3, '3!']]);
    expect(await queryArrays(c, undefined, q, ['?', 0])).toEqual([]);
    expect(d.n).toBe(2);
  });

  it('fails the query on a server error or a value it cannot send, and the connection goes on', async () => {
    const c = await client();
    const name = `arq_err_${Date.now()}`;
    await expect(queryArrays(c, name, TEXT, ['not a number', null, null, true])).rejects.toMatchObject({ code: '22P02' });
    const circular: Record<string, unknown> = {};
    circular.self = circular;
    await expect(queryArrays(c, name, TEXT, [circular, null, null, true])).rejects.toThrow();
    await expect(queryArrays(c, undefined, 'select * from no_such_table_here', [])).rejects.toMatchObject({ code: '42P01' });
    expect(await queryArrays(c, name, TEXT, [9, null, 'ok', true])).toEqual([[10, null, 'ok', null, true, 'xok']]);
  });

  it('fails, not hangs, when the connection is lost during the query', async () => {
    const [c, killer] = [await client(), await client()];
    c.on('error', () => {}); // the client reports the lost connection as an event too
    const pid = (await queryArrays(c, undefined, 'select pg_backend_pid()', []))[0]![0];
    // The expectation is attached at once: the rejection may come before the killer's own query returns.
    const sleeping = expect(queryArrays(c, undefined, 'select pg_sleep(30)', [])).rejects.toThrow(/terminat|Connection/i);
    await new Promise((r) => setTimeout(r, 200));
    await queryArrays(killer, undefined, 'select pg_terminate_backend($1::int)', [pid]);
    await sleeping;
  });

  it('refuses a name already prepared for another text', async () => {
    const c = await client();
    const name = `arq_dup_${Date.now()}`;
    await queryArrays(c, name, 'select 1', []);
    await expect(queryArrays(c, name, 'select 2', [])).rejects.toThrow(/must be unique/);
    expect(await queryArrays(c, name, 'select 1', [])).toEqual([[1]]);
  });

  it('runs on a pool through pool.query, which releases each client when its query ends', async () => {
    const name = `arq_pool_${Date.now()}`;
    const results = await Promise.all(
      Array.from({ length: 20 }, (_, i) => queryArrays(pool, name, TEXT, [i, null, String(i), i % 2 === 0])),
    );
    expect(results.map((rows) => rows[0]![0])).toEqual(Array.from({ length: 20 }, (_, i) => i + 1));
    await expect(queryArrays(pool, undefined, 'select 1/0', [])).rejects.toMatchObject({ code: '22012' });
    expect(pool.idleCount).toBe(pool.totalCount);
    expect(pool.waitingCount).toBe(0);
  });
});
