import fc from 'fast-check';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { CSRF_HEADER, type SessionResponse } from '@sc/common';
import type { Db } from '../../src/db/client.ts';
import { DEMO_PASSWORD } from '../../src/db/seed/demo-accounts.ts';
import { makeContact, makeCustomer, makeTicket, makeWebUser } from '../../src/db/seed/factories.ts';

/**
 * docs/requirements.md §18.4 (issue 17 item 4): malformed input to every route of the OpenAPI document:
 * path parameters, query strings, bodies and headers generated from each route's schema and mangled,
 * sent by signed-out and signed-in callers of each kind. Every answer must be below 500.
 * `npm run fuzz` runs 10,000 requests per route (server/test/fuzz/run.ts); the server test project a sample
 * (server/test/fuzz.test.ts).
 */

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  items?: JsonSchema;
  enum?: unknown[];
  anyOf?: JsonSchema[];
  required?: string[];
}
interface Param {
  name: string;
  in: string;
  schema?: JsonSchema;
}
interface Operation {
  parameters?: Param[];
  requestBody?: { content?: Record<string, { schema?: JsonSchema }> };
}
export interface Route {
  method: string;
  path: string;
  op: Operation;
}

export interface Caller {
  name: string;
  cookie?: string;
  csrf?: string;
}

export interface FuzzWorld {
  app: FastifyInstance;
  routes: Route[];
  callers: Caller[];
  /** Ids that exist, so that generated requests also reach past the record lookups. */
  ids: number[];
}

export interface RouteResult {
  route: string;
  runs: number;
  byStatus: Record<number, number>;
  errors: number;
  examples: string[];
}

export async function openApiRoutes(app: FastifyInstance): Promise<Route[]> {
  const res = await app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json<{ paths: Record<string, Record<string, Operation>> }>().paths;
  return Object.entries(paths).flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
}

async function signInAs(app: FastifyInstance, email: string, name: string): Promise<Caller> {
  const res = await app.inject({ method: 'POST', url: '/api/v1/auth/login', payload: { email, password: DEMO_PASSWORD } });
  if (res.statusCode !== 200) throw new Error(`fuzz: sign-in of ${email} failed: ${res.statusCode} ${res.body}`);
  const c = res.cookies.find((x) => x.name === 'sc_session')!;
  return { name, cookie: `sc_session=${c.value}`, csrf: res.json<SessionResponse>().csrfToken };
}

/** A customer with one account of each user type, another customer's Administrator, the provider's space admin. */
export async function fuzzWorld(app: FastifyInstance, db: Db): Promise<FuzzWorld> {
  const tag = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e6).toString(36)}`;
  const home = await makeCustomer(db, { name: `Fuzz ${tag}` });
  const other = await makeCustomer(db, { name: `Fuzz other ${tag}` });
  const provider = await makeCustomer(db, { name: `Fuzz provider ${tag}`, isProvider: true });
  const callers: Caller[] = [{ name: 'anon' }];
  const ids: number[] = [home.id];
  const account = async (cid: number, userType: 'User' | 'OperatorLimited' | 'Operator' | 'Administrator', spaceAdmin = false) => {
    const c = await makeContact(db, { cid, isPrimary: userType === 'Administrator', email: `fuzz.${userType.toLowerCase()}.${spaceAdmin}.${cid}.${tag}@fuzz.example` });
    await makeWebUser(db, { contactId: c.id, userType, spaceAdmin });
    ids.push(c.id);
    return c;
  };
  for (const t of ['Administrator', 'Operator', 'OperatorLimited', 'User'] as const) {
    const c = await account(home.id, t);
    callers.push(await signInAs(app, c.email!, t));
    ids.push((await makeTicket(db, { cid: home.id, contactId: c.id, ticketType: 'Incident' })).id);
  }
  callers.push(await signInAs(app, (await account(other.id, 'Administrator')).email!, 'otherAdmin'));
  callers.push(await signInAs(app, (await account(provider.id, 'Administrator', true)).email!, 'spaceAdmin'));
  // Sign-out ends the callers' sessions: fuzz it last so that every other route sees signed-in callers.
  const routes = (await openApiRoutes(app)).sort((a, b) => Number(a.path === '/api/v1/auth/logout') - Number(b.path === '/api/v1/auth/logout'));
  return { app, routes, callers, ids };
}

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

/** A value for a schema: sometimes right-typed (random within the type), often of another type. */
function valueFor(schema: JsonSchema | undefined, ids: number[], depth = 0): fc.Arbitrary<unknown> {
  const wrong = fc.oneof(
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

/** Percent-encodes; a lone surrogate becomes the invalid UTF-8 sequence %ED%A0%80 (malformed on purpose). */
const enc = (v: unknown) => {
  const s = typeof v === 'string' ? v : (JSON.stringify(v) ?? '');
  try {
    return encodeURIComponent(s);
  } catch {
    return encodeURIComponent(s.replace(/[\uD800-\uDFFF]/g, '')) + '%ED%A0%80';
  }
};

export function requestArb(world: FuzzWorld, route: Route): fc.Arbitrary<{ caller: Caller; opts: InjectOptions; url: string }> {
  const params = (route.op.parameters ?? []).filter((p) => p.in === 'path');
  const query = (route.op.parameters ?? []).filter((p) => p.in === 'query');
  const content = route.op.requestBody?.content ?? {};
  const jsonSchema = content['application/json']?.schema;
  const pathArb = fc.record(Object.fromEntries(params.map((p) => [p.name, fc.oneof(valueFor(p.schema, world.ids).map(enc), fc.constantFrom(...world.ids).map(String))])));
  const queryArb = fc.tuple(
    fc.record(Object.fromEntries(query.map((p) => [p.name, fc.oneof(valueFor(p.schema, world.ids).map(enc), fc.array(text.map(enc), { minLength: 2, maxLength: 3 }).map((a) => a))])), {
      requiredKeys: [],
    }),
    fc.option(fc.tuple(fc.string({ maxLength: 6 }), text), { nil: undefined }),
  );
  const bodyArb: fc.Arbitrary<{ payload?: string; contentType?: string }> =
    route.method === 'GET' || route.method === 'DELETE'
      ? fc.constant({})
      : fc.oneof(
          { weight: 4, arbitrary: valueFor(jsonSchema ?? { type: 'object' }, world.ids).map((v) => ({ payload: JSON.stringify(v) ?? 'null', contentType: 'application/json' })) },
          { weight: 1, arbitrary: fc.string({ maxLength: 60 }).map((s) => ({ payload: s, contentType: 'application/json' })) },
          {
            weight: 1,
            arbitrary: fc.tuple(fc.string({ unit: 'binary', maxLength: 200 }), fc.constantFrom('text/plain', 'application/octet-stream', 'image/png', 'multipart/form-data', 'application/x-www-form-urlencoded', ';;;', 'application/json; charset=utf-16'))
              .map(([payload, contentType]) => ({ payload, contentType })),
          },
          { weight: 1, arbitrary: fc.constant({}) },
        );
  const headerArb = fc.record(
    {
      origin: fc.oneof(fc.constantFrom('null', 'http://localhost:80', 'https://evil.example', 'file://', 'http://[::1', '://', 'javascript:alert(1)'), text),
      'x-file-name': text,
      'accept-language': text,
      'x-forwarded-for': fc.oneof(fc.ipV4(), text),
      'if-none-match': text,
    },
    { requiredKeys: [] },
  );
  return fc
    .tuple(
      fc.constantFrom(...world.callers),
      pathArb,
      queryArb,
      bodyArb,
      headerArb,
      fc.constantFrom('session', 'session', 'session', 'garbage-cookie', 'no-csrf', 'bad-csrf'),
    )
    .map(([caller, p, [q, extra], body, h, auth]) => {
      let url = route.path.replace(/\{(\w+)\}/g, (_, name: string) => p[name] || '%20');
      const qs = Object.entries(q).flatMap(([k, v]) => (Array.isArray(v) ? v.map((x) => `${k}=${x}`) : [`${k}=${v}`]));
      if (extra) qs.push(`${enc(extra[0])}=${enc(extra[1])}`);
      if (qs.length) url += `?${qs.join('&')}`;
      const headers: Record<string, string> = {};
      for (const [k, v] of Object.entries(h)) if (typeof v === 'string') headers[k] = v.replace(/[^\t\x20-\x7e]/g, '?');
      if (caller.cookie) {
        headers.cookie = auth === 'garbage-cookie' ? 'sc_session=%%%garbage;;=' : caller.cookie;
        if (auth !== 'no-csrf') headers[CSRF_HEADER] = auth === 'bad-csrf' ? 'x' : caller.csrf!;
      }
      if (body.contentType) headers['content-type'] = body.contentType;
      const opts: InjectOptions = { method: route.method, url, headers };
      if (body.payload !== undefined) opts.payload = body.payload;
      return { caller, opts, url };
    });
}

/** Sends `runs` generated requests to one route; counts statuses and keeps the first answers ≥ 500. */
export async function fuzzRoute(world: FuzzWorld, route: Route, runs: number, seed: number): Promise<RouteResult> {
  const name = `${route.method} ${route.path}`;
  const result: RouteResult = { route: name, runs: 0, byStatus: {}, errors: 0, examples: [] };
  const batch = 500;
  for (let done = 0; done < runs; done += batch) {
    const samples = fc.sample(requestArb(world, route), { numRuns: Math.min(batch, runs - done), seed: seed + done });
    for (const { caller, opts, url } of samples) {
      const res = await world.app.inject(opts);
      result.runs++;
      result.byStatus[res.statusCode] = (result.byStatus[res.statusCode] ?? 0) + 1;
      if (res.statusCode >= 500) {
        result.errors++;
        if (result.examples.length < 3) result.examples.push(`${caller.name} ${route.method} ${url} ${JSON.stringify(opts.headers)} ${(typeof opts.payload === 'string' ? opts.payload : JSON.stringify(opts.payload) ?? '').slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 200)}`);
      }
    }
  }
  return result;
}
