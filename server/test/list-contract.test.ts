import * as common from '@sc/common';
import { listMetaOf } from '@sc/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createTestApp, type TestApp } from './helpers.ts';

// docs/requirements.md §2.9: one list contract. Every list route (a GET whose answer has rows and total)
// takes the factory's parameters and answers the one page envelope; every list schema in common/ is
// made by listQuerySchema / pageOf.

interface Param {
  name: string;
  in: string;
  required?: boolean;
  schema?: { type?: string; enum?: string[]; default?: unknown };
}
interface Operation {
  parameters?: Param[];
  responses?: Record<string, { content?: Record<string, { schema?: { properties?: Record<string, unknown>; required?: string[] } }> }>;
}

let t: TestApp;
let paths: Record<string, Record<string, Operation>>;
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  paths = res.json<{ paths: typeof paths }>().paths;
});
afterAll(async () => {
  await t.close();
});

const listRoutes = () =>
  Object.entries(paths)
    .filter(([, ops]) => {
      const props = ops.get?.responses?.['200']?.content?.['application/json']?.schema?.properties;
      return props !== undefined && 'rows' in props && 'total' in props;
    })
    .map(([path, ops]) => [path, ops.get!] as const);

describe('list routes in the OpenAPI document', () => {
  it('finds the lists (tickets, contacts, devices, invitations, picker, notes, saved filters, contact sub-lists)', () => {
    const found = listRoutes().map(([p]) => p);
    for (const p of [
      '/api/v1/incidents',
      '/api/v1/service-requests',
      '/api/v1/contacts',
      '/api/v1/contacts/{id}/tickets',
      '/api/v1/contacts/{id}/surveys',
      '/api/v1/surveys',
      '/api/v1/devices',
      '/api/v1/invitations',
      '/api/v1/invitations/candidates',
      '/api/v1/ticket-picker/contacts',
      '/api/v1/ticket-picker/devices',
      '/api/v1/tickets/{id}/actions',
      '/api/v1/ticket-filters',
    ]) {
      expect(found, p).toContain(p);
    }
  });

  it('every list takes page, pageSize, sort (with its default) and direction in the query, and answers the page envelope', () => {
    for (const [path, op] of listRoutes()) {
      const query = new Map((op.parameters ?? []).filter((p) => p.in === 'query').map((p) => [p.name, p]));
      for (const name of ['page', 'pageSize', 'sort', 'direction']) expect(query.has(name), `${path} ${name}`).toBe(true);
      expect(query.get('sort')!.schema?.enum?.length, `${path} sort keys`).toBeGreaterThan(0);
      expect(query.get('sort')!.schema?.default, `${path} default sort`).toBeDefined();
      expect(query.get('direction')!.schema?.enum, path).toEqual(['asc', 'desc']);
      const body = op.responses!['200']!.content!['application/json']!.schema!;
      for (const name of ['rows', 'total', 'page', 'pageSize', 'hasNextPage']) expect(body.required, `${path} ${name}`).toContain(name);
      if (query.has('cursor')) for (const name of ['totalIsEstimate', 'nextCursor']) expect(body.required, `${path} ${name}`).toContain(name);
    }
  });
});

describe('list schemas in common/', () => {
  const schemas = Object.entries(common as Record<string, unknown>).filter((e): e is [string, z.ZodObject] => e[1] instanceof z.ZodObject);

  it('every request schema with a page is made by listQuerySchema', () => {
    const paged = schemas.filter(([name, s]) => /(Request|Query)Schema$/.test(name) && 'page' in s.shape && 'pageSize' in s.shape);
    expect(paged.length).toBeGreaterThanOrEqual(10);
    for (const [name, s] of paged) expect(listMetaOf(s), name).toBeDefined();
  });

  it('every response schema with rows and total is the page envelope', () => {
    const pages = schemas.filter(([name, s]) => /ResponseSchema$/.test(name) && 'rows' in s.shape && 'total' in s.shape);
    expect(pages.length).toBeGreaterThanOrEqual(10);
    for (const [name, s] of pages) expect(Object.keys(s.shape).sort(), name).toEqual(expect.arrayContaining(['rows', 'total', 'page', 'pageSize', 'hasNextPage']));
  });
});
