import { z } from 'zod';

/** How deep and how large a free-form JSON value may be (form answers, every JSON body). */
export interface JsonBounds {
  maxDepth: number;
  maxNodes: number;
}

/**
 * Every JSON request body: deeper than this is not data anyone types (requirements §18.4). 32 is also the
 * depth the NUL check walks (server/src/http/nul-guard.ts), so every string accepted has been checked.
 */
export const BODY_JSON_BOUNDS: JsonBounds = { maxDepth: 32, maxNodes: 100_000 };

/**
 * Where a JSON value goes past the bounds, as a sentence, or null when it is within them. Walks the value
 * with its own stack, not by recursion, so a value nested 1,000,000 levels deep is checked as safely as a
 * flat one.
 */
export function jsonBoundsProblem(value: unknown, b: JsonBounds): string | null {
  const stack: [unknown, number][] = [[value, 1]];
  let nodes = 0;
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (++nodes > b.maxNodes) return `Too many values (at most ${b.maxNodes})`;
    if (v === null || typeof v !== 'object') continue;
    if (depth > b.maxDepth) return `Nested too deeply (at most ${b.maxDepth} levels)`;
    for (const child of Array.isArray(v) ? v : Object.values(v)) stack.push([child, depth + 1]);
  }
  return null;
}

/** A free-form JSON value within `b`: otherwise a 400 naming the field, with the reason. */
export const boundedJson = (b: JsonBounds) =>
  z.unknown().superRefine((v, ctx) => {
    const problem = jsonBoundsProblem(v, b);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });
