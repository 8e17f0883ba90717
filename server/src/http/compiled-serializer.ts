import type { FastifySerializerCompiler } from 'fastify';
import fastJson from 'fast-json-stringify';
import { z } from 'zod';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';

// Compiled response serialisation for hot routes (docs/decisions/025-performance-and-scale.md).
// The app's default serializer (fastify-type-provider-zod) re-parses every response with zod and
// then calls JSON.stringify: for a 50-row ticket page that is a full walk of our own, already typed
// rows before the real one. A route opting in with `serializerCompiler: compiledSerializerCompiler`
// gets a fast-json-stringify function compiled once from the same zod schema (the one the OpenAPI
// document is generated from): it writes only the declared properties (what zod's strip did) and
// does not validate. Our own services build these rows with the schema's TypeScript type, so the
// validation zod did on the way out was a second check of the compiler's work.

type JsonSchema = Record<string, unknown>;

const SIMPLE = new Set(['string', 'number', 'integer', 'boolean']);

/**
 * fast-json-stringify resolves `anyOf` per value by running ajv; `X | null` of a simple type is far
 * cheaper as `type: [X, 'null']`. Everything else is kept as zod wrote it.
 */
function simplify(s: unknown): unknown {
  if (Array.isArray(s)) return s.map(simplify);
  if (!s || typeof s !== 'object') return s;
  const o: JsonSchema = {};
  for (const [k, v] of Object.entries(s as JsonSchema)) o[k] = simplify(v);
  const any = o.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(any) && any.length === 2) {
    const nul = any.find((x) => x.type === 'null');
    const other = any.find((x) => x !== nul);
    if (nul && other && typeof other.type === 'string' && SIMPLE.has(other.type)) {
      const { anyOf: _a, ...rest } = o;
      // enum/const/pattern do not matter to a serializer: keep only the type.
      return { ...rest, type: [other.type, 'null'] };
    }
  }
  return o;
}

/** The JSON schema fast-json-stringify compiles for a zod response schema. */
export function responseJsonSchema(schema: z.ZodType): JsonSchema {
  const json = z.toJSONSchema(schema, { io: 'output', target: 'draft-7', unrepresentable: 'any' }) as JsonSchema;
  const { $schema: _s, ...rest } = simplify(json) as JsonSchema;
  return rest;
}

/**
 * A route-level serializerCompiler: fast-json-stringify from the zod schema; a schema it cannot
 * express falls back to the app's zod serializer (correct, only slower).
 */
export const compiledSerializerCompiler: FastifySerializerCompiler<unknown> = (route) => {
  const schema = route.schema as z.ZodType;
  if (schema instanceof z.ZodType) {
    try {
      return fastJson(responseJsonSchema(schema) as unknown as Parameters<typeof fastJson>[0]);
    } catch {
      // fall through to zod
    }
  }
  return (zodSerializerCompiler as unknown as FastifySerializerCompiler<unknown>)(route);
};
