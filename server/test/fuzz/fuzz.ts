import fc from 'fast-check';
import type { InjectOptions } from 'fastify';
import { CSRF_HEADER } from '@sc/common';
import { keepCallersAble, type Caller, type FuzzWorld, type JsonSchema, type Route, type RouteResult } from './world.ts';

export { fuzzWorld, openApiRoutes, type FuzzWorld, type Route, type RouteResult } from './world.ts';

/**
 * docs/requirements.md §18.4 (issue 17 item 4): malformed input to every route of the OpenAPI document:
 * path parameters, query strings, bodies and headers generated from each route's schema and mangled,
 * sent by signed-out and signed-in callers of each kind. Every answer must be below 500.
 * `npm run fuzz` runs 10,000 requests per route (server/test/fuzz/run.ts); the server test project a sample
 * (server/test/fuzz.test.ts).
 */


// ---- generators ------------------------------------------------------------------------------

const nasty = fc.constantFrom(
  '',
  ' ',
  '0',
  '-1',
  '2147483648',
  '-2147483649',
  '9223372036854775808',
  '99999999999999999999999',
  '1e309',
  'NaN',
  'Infinity',
  '0x10',
  '1.5',
  'null',
  'undefined',
  'true',
  '[]',
  '{}',
  '%00',
  '\u0000',
  '..%2F..%2Fetc%2Fpasswd',
  '<script>alert(1)</script>',
  "' or 1=1 --",
  '%',
  '%E0%A4%A',
  '\uD800',
  '😀'.repeat(50),
  'a'.repeat(5000),
  '2026-02-30',
  '2026-13-01T00:00:00Z',
  '9999-12-31T23:59:59Z',
  '0000-01-01',
);
const text = fc.oneof(nasty, fc.string({ maxLength: 40 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.integer().map(String), fc.bigInt().map(String));

/** Wrong-typed values of any kind: the chaos part of every generator. */
const wrongValue = fc.oneof(
  { depthSize: 'small' },
  fc.constant(null),
  fc.boolean(),
  fc.integer(),
  fc.double(),
  text,
  fc.constantFrom(2147483648, -1, 0, 1e308, Number.MAX_SAFE_INTEGER + 2),
  fc.array(fc.jsonValue({ maxDepth: 1 }), { maxLength: 3 }),
  fc.jsonValue({ maxDepth: 2 }),
);

/** A value for a schema: sometimes right-typed (random within the type), often of another type. */
function valueFor(schema: JsonSchema | undefined, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  const wrong = wrongValue;
  if (!schema || depth > 3) return wrong;
  const typed: fc.Arbitrary<unknown>[] = [];
  if (schema.enum) typed.push(fc.constantFrom(...schema.enum));
  if (schema.anyOf) typed.push(...schema.anyOf.map((s) => valueFor(s, ids, depth + 1)));
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : [];
  for (const t of types) {
    if (t === 'integer' || t === 'number') typed.push(fc.oneof(fc.constantFrom(...ids), fc.integer(), fc.double()));
    if (t === 'string') typed.push(text);
    if (t === 'boolean') typed.push(fc.boolean());
    if (t === 'array') typed.push(fc.array(valueFor(schema.items, ids, depth + 1), { maxLength: 4 }));
    if (t === 'object' || schema.properties) typed.push(objectFor(schema, ids, depth + 1));
  }
  return typed.length ? fc.oneof(...typed, wrong) : wrong;
}

function objectFor(schema: JsonSchema, ids: number[], depth: number): fc.Arbitrary<Record<string, unknown>> {
  const props = schema.properties ?? {};
  const record: Record<string, fc.Arbitrary<unknown>> = {};
  for (const [k, s] of Object.entries(props)) record[k] = valueFor(s, ids, depth);
  return fc
    .tuple(fc.record(record, { requiredKeys: [] }), fc.dictionary(fc.string({ maxLength: 8 }), fc.jsonValue({ maxDepth: 1 }), { maxKeys: 2 }))
    .map(([known, extra]) => ({ ...extra, ...known }));
}

/** Now and then (1 in 12) a wrong value in place of a well-formed one: requests that fail on a field or two only. */
const slip = (valid: fc.Arbitrary<unknown>, slipping: boolean) => (slipping ? fc.oneof({ weight: 11, arbitrary: valid }, { weight: 1, arbitrary: wrongValue }) : valid);

const INT_LO = -(2 ** 31);
const INT_HI = 2 ** 31 - 1;

function stringFor(schema: JsonSchema, world: FuzzWorld): fc.Arbitrary<string> {
  const min = schema.minLength ?? 0;
  const max = Math.min(schema.maxLength ?? 60, 60);
  if (schema.format === 'date-time') return fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString());
  if (schema.format === 'date') return fc.date({ min: new Date('2000-01-01'), max: new Date('2035-12-31'), noInvalidDate: true }).map((d) => d.toISOString().slice(0, 10));
  if (schema.format === 'uuid') return fc.uuid();
  if (schema.pattern) {
    const words = world.words.filter((w) => new RegExp(schema.pattern!).test(w));
    const matching = fc.stringMatching(new RegExp(schema.pattern)).filter((x) => x.length >= min && x.length <= (schema.maxLength ?? Infinity));
    return words.length ? fc.oneof(fc.constantFrom(...words), matching) : matching;
  }
  const words = world.words.filter((w) => w.length >= min && w.length <= max);
  const plain = fc.string({ minLength: Math.min(min, max), maxLength: Math.max(max, Math.min(min, max)) });
  return words.length ? fc.oneof(fc.constantFrom(...words), plain) : plain;
}

/** A well-formed value for a schema: the type, range, enum, format or pattern it asks for (fields slip now and then). */
function validFor(schema: JsonSchema | undefined, world: FuzzWorld, slipping: boolean, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 4) return fc.jsonValue({ maxDepth: 1 });
  if ('const' in schema) return fc.constant(schema.const);
  // The documented default passes whatever refinement the schema adds past what OpenAPI can say.
  if (schema.default !== undefined) return fc.oneof(fc.constant(schema.default), validFor({ ...schema, default: undefined }, world, slipping, depth));
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const alts = schema.anyOf ?? schema.oneOf;
  if (alts?.length) return fc.oneof(...alts.map((s) => validFor(s, world, slipping, depth + 1)));
  if (schema.allOf?.length) return validFor(Object.assign({}, ...schema.allOf) as JsonSchema, world, slipping, depth + 1);
  const types = Array.isArray(schema.type) ? schema.type : schema.type ? [schema.type] : schema.properties ? ['object'] : [];
  const out: fc.Arbitrary<unknown>[] = [];
  if (schema.nullable || types.includes('null')) out.push(fc.constant(null));
  for (const t of types) {
    if (t === 'integer' || t === 'number') {
      const lo = Math.max(INT_LO, schema.minimum ?? INT_LO, schema.exclusiveMinimum !== undefined ? schema.exclusiveMinimum + 1 : INT_LO);
      const hi = Math.min(INT_HI, schema.maximum ?? INT_HI, schema.exclusiveMaximum !== undefined ? schema.exclusiveMaximum - 1 : INT_HI);
      const ids = world.ids.filter((i) => i >= lo && i <= hi);
      if (lo <= hi) out.push(fc.oneof(...(ids.length ? [fc.constantFrom(...ids)] : []), fc.integer({ min: lo, max: Math.min(hi, Math.max(lo, 0) + 50) }), fc.integer({ min: lo, max: hi }), fc.constantFrom(lo, hi)));
    }
    if (t === 'string') out.push(stringFor(schema, world));
    if (t === 'boolean') out.push(fc.boolean());
    if (t === 'array') {
      const maxLength = Math.max(schema.minItems ?? 0, Math.min(schema.maxItems ?? 3, 3));
      out.push(fc.array(validFor(schema.items, world, slipping, depth + 1), { minLength: Math.min(schema.minItems ?? 0, maxLength), maxLength }));
    }
    if (t === 'object') {
      const record: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) record[k] = slip(validFor(s, world, slipping, depth + 1), slipping);
      const required = (schema.required ?? []).filter((k) => k in record);
      out.push(fc.record(record, { requiredKeys: required }));
    }
  }
  return out.length ? fc.oneof(...out) : fc.jsonValue({ maxDepth: 1 });
}

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 sequence %ED%A0%80 (malformed on purpose). */
const enc = (v: unknown) => {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
};

/** A query value as it goes into the URL: arrays repeat the key, objects go as JSON. */
const queryPairs = (k: string, v: unknown): string[] => (Array.isArray(v) ? v.flatMap((x) => queryPairs(k, x)) : [`${k}=${enc(v)}`]);

/** An object as an HTML form posts it (the compatibility calls); non-strings go as JSON. */
const formEncode = (v: unknown): string =>
  v && typeof v === 'object' && !Array.isArray(v)
    ? new URLSearchParams(Object.entries(v as Record<string, unknown>).map(([k, x]): [string, string] => [k, typeof x === 'string' ? x : (JSON.stringify(x) ?? '')])).toString()
    : (JSON.stringify(v) ?? '');

interface Body {
  payload?: string;
  contentType?: string;
}

type Generated = { caller: Caller; opts: InjectOptions; url: string };

/**
 * One request to a route, of three kinds: chaos (every part mangled: wrong types, repeated and unknown
 * query keys, odd content types, garbage cookies and Origin headers), well-formed (every part what the
 * schema asks, the existing ids and known slugs, a valid session: these reach the handlers and the
 * database) and well-formed with a field slipped to a wrong value here and there.
 */
export function requestArb(world: FuzzWorld, route: Route): fc.Arbitrary<Generated> {
  const params = (route.op.parameters ?? []).filter((p) => p.in === 'path');
  const query = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const content = route.op.requestBody?.content ?? {};
  const bodySchema = content['application/json']?.schema ?? content['application/x-www-form-urlencoded']?.schema;
  const hasBody = route.method !== 'GET' && route.method !== 'DELETE';

  const chaosPath = fc.record(Object.fromEntries(params.map((p) => [p.name, fc.oneof(valueFor(p.schema, world.ids).map(enc), fc.constantFrom(...world.ids).map(String))])));
  const chaosQuery = fc
    .tuple(
      fc.record(Object.fromEntries(query.map((p) => [p.name, fc.oneof(valueFor(p.schema, world.ids).map(enc), fc.array(text.map(enc), { minLength: 2, maxLength: 3 }))])), {
        requiredKeys: [],
      }),
      fc.option(fc.tuple(fc.string({ maxLength: 6 }), text), { nil: undefined }),
    )
    .map(([q, extra]) => {
      const qs = Object.entries(q).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}=${x}`) : [`${k}=${v}`]));
      if (extra) qs.push(`${enc(extra[0])}=${enc(extra[1])}`);
      return qs;
    });
  const chaosBody: fc.Arbitrary<Body> = !hasBody
    ? fc.constant({})
    : fc.oneof(
        { weight: 4, arbitrary: valueFor(bodySchema ?? { type: 'object' }, world.ids).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
        { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => ({ payload: s, contentType: 'application/json' })) },
        {
          weight: 1,
          arbitrary: fc
            .tuple(
              fc.string({ unit: 'binary', maxLength: 200 }),
              fc.constantFrom('text/plain', 'application/octet-stream', 'image/png', 'multipart/form-data', 'application/x-www-form-urlencoded', ';;;', 'application/json; charset=utf-16'),
            )
            .map(([payload, contentType]) => ({ payload, contentType })),
        },
        { weight: 1, arbitrary: fc.constant({}) },
      );
  const chaosHeaders = fc.record(
    {
      origin: fc.oneof(fc.constantFrom('null', 'http://localhost:80', 'https://evil.example', 'file://', 'http://[::1', '://', 'javascript:alert(1)'), text),
      'x-file-name': text,
      'accept-language': text,
      'x-forwarded-for': fc.oneof(fc.ipV4(), text),
      'if-none-match': text,
    },
    { requiredKeys: [] },
  );
  const chaos = fc.record({
    path: chaosPath,
    query: chaosQuery,
    body: chaosBody,
    headers: chaosHeaders,
    auth: fc.constantFrom('session', 'session', 'session', 'garbage-cookie', 'no-csrf', 'bad-csrf'),
  });

  const wellBody = (slipping: boolean): fc.Arbitrary<Body> =>
    !hasBody
      ? fc.constant({})
      : content['application/json'] || !content['application/x-www-form-urlencoded']
        ? validFor(bodySchema ?? { type: 'object' }, world, slipping).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' }))
        : validFor(bodySchema, world, slipping).map((v) => ({ payload: formEncode(v), contentType: 'application/x-www-form-urlencoded' }));
  const wellFormed = (slipping: boolean) =>
    fc.record({
      path: fc.record(Object.fromEntries(params.map((p) => [p.name, slip(validFor(p.schema, world, slipping), slipping).map(enc)]))),
      query: fc
        .record(Object.fromEntries(query.map((p) => [p.name, slip(validFor(p.schema, world, slipping), slipping)])), { requiredKeys: [] })
        .map((q) => Object.entries(q).flatMap(([k, v]) => queryPairs(k, v))),
      body: wellBody(slipping),
      headers: fc.record({ 'x-file-name': fc.constantFrom('notes.txt', 'a.png', 'report.pdf') }, { requiredKeys: [] }),
      auth: fc.constant('session'),
    });

  return fc
    .tuple(
      fc.constantFrom(...world.callers),
      fc.oneof({ weight: 2, arbitrary: chaos }, { weight: 1, arbitrary: wellFormed(false) }, { weight: 1, arbitrary: wellFormed(true) }),
      // Mostly another client address each time, so the per-address limits (sign-in, public pages) do not
      // turn a whole route into 429s; sometimes the usual one, so the limits are fuzzed too.
      fc.oneof(fc.ipV4(), fc.constant('127.0.0.1')),
    )
    .map(([caller, { path: p, query: qs, body, headers: h, auth }, remoteAddress]) => {
      let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => (p as Record<string, string>)[name] || '%20');
      if (qs.length) url += `?${qs.join('&')}`;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(h)) if (typeof v === 'string') headers[k] = v.replace(/[^\t\x20-\x7e]/g, '?');
      if (caller.cookie) {
        headers.cookie = auth === 'garbage-cookie' ? 'sc_session=%%%garbage;;=' : caller.cookie;
        if (auth !== 'no-csrf') headers[CSRF_HEADER] = auth === 'bad-csrf' ? 'x' : caller.csrf!;
      }
      if (body.contentType) headers['content-type'] = body.contentType;
      const opts: InjectOptions = { method: route.method, url, headers, remoteAddress };
      if (body.payload !== undefined) opts.payload = body.payload;
      return { caller, opts, url };
    });
}

/** The seed of one route: from the base seed and the route's name, so it does not depend on which routes run. */
export function routeSeed(base: number, route: Route): number {
  let h = base | 0;
  for (const ch of `${route.method} ${route.path}`) h = (Math.imul(h, 31) + ch.charCodeAt(0)) | 0;
  return h;
}

/** Requests generated per batch; callers are checked (and restored) between batches. */
export const FUZZ_BATCH = 250;

export interface FuzzOptions {
  runs: number;
  seed: number;
  /** Requests in flight at once (app.inject is in-process; the database does the waiting). */
  concurrency?: number;
  /** Send only these request numbers (replay of a failure); the rest are still generated, not sent. */
  only?: Set<number>;
}

/**
 * Sends `runs` generated requests to one route, `concurrency` at a time; counts statuses, keeps the first
 * answers ≥ 500 with the request and the replay knobs (FUZZ_SEED and FUZZ_ONLY: the same seed regenerates
 * the same requests; the database state may differ, writes having run before).
 */
export async function fuzzRoute(world: FuzzWorld, route: Route, opts: FuzzOptions): Promise<RouteResult> {
  const name = `${route.method} ${route.path}`;
  const result: RouteResult = { route: name, runs: 0, byStatus: {}, errors: 0, maxMs: 0, restored: 0, examples: [] };
  const concurrency = opts.concurrency ?? 1;
  const seed = routeSeed(opts.seed, route);
  const arb = requestArb(world, route);
  for (let done = 0; done < opts.runs; done += FUZZ_BATCH) {
    const samples: Generated[] = fc.sample(arb, { numRuns: Math.min(FUZZ_BATCH, opts.runs - done), seed: seed + done });
    let next = 0;
    const worker = async () => {
      while (next < samples.length) {
        const i = next++;
        const n = done + i;
        if (opts.only && !opts.only.has(n)) continue;
        const { caller, opts: req, url } = samples[i]!;
        const t0 = performance.now();
        const res = await world.app.inject(req);
        const ms = performance.now() - t0;
        if (ms > result.maxMs) result.maxMs = ms;
        result.runs++;
        result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
        if (res.statusCode >= 500) {
          result.errors++;
          if (result.examples.length < 3) {
            const body = (typeof req.payload === 'string' ? req.payload : JSON.stringify(req.payload) ?? '').slice(0, 300);
            result.examples.push(
              `#${n} ${caller.name} ${route.method} ${url} ${JSON.stringify(req.headers)} ${body} → ${res.statusCode} ${res.body.slice(0, 200)}\n` +
                `   replay: FUZZ_ROUTES='^${route.method} ${route.path.replace(/[{}]/g, '\\$&')}$' FUZZ_SEED=${opts.seed} FUZZ_RUNS=${n + 1} FUZZ_ONLY=${n} npm run fuzz`,
            );
          }
        }
      }
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, samples.length) }, worker));
    result.restored += await keepCallersAble(world);
  }
  return result;
}
