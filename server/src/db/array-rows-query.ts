import pg from 'pg';
import pgUtils from 'pg/lib/utils.js';
import { pgTypes } from './pg-timestamps.ts';

// The hot statements' own query object for node-postgres (docs/decisions/039-array-rows-query.md).
//
// node-postgres's Query asks PostgreSQL to describe every run's result (a Describe message, answered by a
// RowDescription of every column), then builds a parser list and an empty row object from it: ≈ 7 % of the
// API process under the list mix (perf). A named statement's columns are the same on every run, so this
// query describes a named statement once per process, keeps its parsers, and reads its rows straight into
// arrays. It is a "submittable", node-postgres's documented way to run a query of one's own (pg-cursor and
// pg-query-stream are others): the client hands it the connection and the messages of its run.

type Parser = (text: string) => unknown;
type Callback = (err: Error | null, result?: { rows: unknown[][] }) => void;

/** The parsers of named statements' columns, by name: a name stands for one SQL text (shaped-statements.ts). */
const parsersByName = new Map<string, Parser[]>();
const MAX_NAMES = 1000;

interface Connection {
  parsedStatements: Record<string, string>;
  submittedNamedStatements: Record<string, string>;
  stream: { cork?: () => void; uncork?: () => void };
  parse(msg: { text: string; name?: string; types: unknown[] }): void;
  bind(msg: { statement?: string; values: unknown[] }): void;
  describe(msg: { type: 'P'; name: string }): void;
  execute(msg: { portal: string }): void;
  sync(): void;
}

interface FieldDescription {
  dataTypeID: number;
  format: 'text' | 'binary';
}

class ArrayRowsQuery {
  /** Set by node-postgres (pool.query's release) or by the caller; called once, with the rows or the error. */
  callback: Callback | undefined;
  readonly rows: unknown[][] = [];
  #parsers: Parser[] | undefined;
  #done = false;

  constructor(
    readonly name: string | undefined,
    readonly text: string,
    readonly values: unknown[],
  ) {
    this.#parsers = name === undefined ? undefined : parsersByName.get(name);
  }

  submit(connection: Connection): Error | null {
    const previous = this.name === undefined ? undefined : (connection.parsedStatements[this.name] ?? connection.submittedNamedStatements[this.name]);
    if (previous !== undefined && previous !== this.text) return new Error(`Prepared statements must be unique - '${this.name}' was used for a different statement`);
    let values: unknown[];
    try {
      // Mapped before anything is written: a value that cannot be sent fails the query, not the connection.
      values = this.values.map((v) => pgUtils.prepareValue(v));
    } catch (err) {
      return err as Error;
    }
    connection.stream.cork?.();
    try {
      if (previous === undefined) {
        connection.parse({ text: this.text, ...(this.name === undefined ? {} : { name: this.name }), types: [] });
        if (this.name !== undefined) connection.submittedNamedStatements[this.name] = this.text;
      }
      connection.bind({ ...(this.name === undefined ? {} : { statement: this.name }), values });
      if (this.#parsers === undefined) connection.describe({ type: 'P', name: '' });
      connection.execute({ portal: '' });
      connection.sync();
    } finally {
      connection.stream.uncork?.();
    }
    return null;
  }

  handleRowDescription(msg: { fields: FieldDescription[] }): void {
    const parsers = msg.fields.map((f) => pgTypes.getTypeParser(f.dataTypeID, f.format) as Parser);
    this.#parsers = parsers;
    if (this.name !== undefined && parsersByName.size < MAX_NAMES) parsersByName.set(this.name, parsers);
  }

  handleDataRow(msg: { fields: (string | null)[] }): void {
    const parsers = this.#parsers!;
    const fields = msg.fields;
    const row = new Array<unknown>(fields.length);
    for (let i = 0; i < fields.length; i++) {
      const v = fields[i]!;
      row[i] = v === null ? null : parsers[i]!(v);
    }
    this.rows.push(row);
  }

  handleCommandComplete(): void {}
  handleEmptyQuery(): void {}

  handleError(err: Error): void {
    this.#finish(err);
  }

  handleReadyForQuery(): void {
    this.#finish(null);
  }

  #finish(err: Error | null): void {
    if (this.#done) return;
    this.#done = true;
    this.callback?.(err, err ? undefined : { rows: this.rows });
  }
}

/**
 * Runs a statement (named: prepared once per connection) on a node-postgres pool or client, a pooled one
 * included, and answers its rows as arrays in its column order, parsed by pgTypes as every pool of the
 * application parses them (db/client.ts openPostgres).
 */
export function queryArrays(client: pg.Pool | pg.Client, name: string | undefined, text: string, values: unknown[]): Promise<unknown[][]> {
  const query = new ArrayRowsQuery(name, text, values);
  // pool.query runs a submittable and releases its client when the query calls back.
  if (client instanceof pg.Pool) return (client.query(query as unknown as pg.QueryConfig) as unknown as Promise<{ rows: unknown[][] }>).then((res) => res.rows);
  return new Promise((resolve, reject) => {
    query.callback = (err, res) => (err ? reject(err) : resolve(res!.rows));
    client.query(query as unknown as pg.Submittable);
  });
}
