import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helpers.ts';

// One guard per plugin group (docs/conventions.md "Server"): every route but the public ones is registered
// in the signed-in group of app.ts, whose hook answers 401 before the route's body is read or validated.
// A route registered outside the group, or a new public route, fails here until this list names it.

/** Every route a signed-out caller may reach: sign-in, settings, the logged-out pages, the e-mailed links. */
const PUBLIC = [
  'GET /',
  'GET /api/v1/auth/session',
  'POST /api/v1/auth/login',
  'GET /api/v1/config',
  'POST /api/v1/public/invitations/lookup',
  'POST /api/v1/public/invitations/accept',
  'GET /api/v1/public/registration/{gid}',
  'POST /api/v1/public/register',
  'POST /api/v1/public/verify',
  'POST /api/v1/public/pending-contact',
  'POST /api/v1/public/password/retrieve',
  'POST /api/v1/public/password/reset/lookup',
  'POST /api/v1/public/password/reset',
  'POST /api/v1/public/email-preferences/lookup',
  'PUT /api/v1/public/email-preferences',
  'POST /api/v1/public/surveys/answer',
  'POST /api/v1/public/surveys/comment',
  'GET /api/v1/mail/unsubscribe',
  'POST /api/v1/mail/unsubscribe',
];

let t: TestApp;
let routes: string[];
beforeAll(async () => {
  t = await createTestApp();
  const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
  const paths = res.json<{ paths: Record<string, Record<string, unknown>> }>().paths;
  routes = Object.entries(paths).flatMap(([p, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${p}`));
});
afterAll(async () => {
  await t.close();
});

/** The route called signed out with every path parameter '1', no query and no body. */
const callSignedOut = (route: string) => {
  const [method, path] = route.split(' ') as [string, string];
  return t.app.inject({ method: method as 'GET', url: path.replace(/\{[^}]+\}/g, '1') });
};

describe('the signed-in guard', () => {
  it('finds the routes, and every public route exists', () => {
    expect(routes.length).toBeGreaterThan(100);
    expect(PUBLIC.filter((r) => !routes.includes(r))).toEqual([]);
  });

  it('every route but the public ones answers 401 signed out, before it validates its input', async () => {
    const wrong: string[] = [];
    for (const route of routes.filter((r) => !PUBLIC.includes(r))) {
      const res = await callSignedOut(route);
      if (res.statusCode !== 401) wrong.push(`${route}: ${res.statusCode}`);
      else expect(res.json(), route).toEqual({ code: 'UNAUTHENTICATED', message: 'Not signed in' });
    }
    expect(wrong, 'routes outside the signed-in group of app.ts (or public routes missing from PUBLIC)').toEqual([]);
  });

  it('no public route asks for a session', async () => {
    const guarded: string[] = [];
    for (const route of PUBLIC) if ((await callSignedOut(route)).statusCode === 401) guarded.push(route);
    expect(guarded).toEqual([]);
  });
});
