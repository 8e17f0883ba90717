import type { Fixture, AccessRow, Expect, Principal } from './_fixture.ts';

/** server/src/modules/forms: the catalogue, submissions (requirements §14.1) and the space admin's definitions. */
const base = '/api/v1/kapps/customer-portal';
let n = 0;
const signedIn = (status: number): Expect => ({ anon: 401, User: status, OperatorLimited: status, Operator: status, Administrator: status, spaceAdmin: status, otherAdmin: status, otherUser: status });
/** Only the provider's space admin manages definitions. */
const spaceAdminOnly = (status: number): Expect => ({ anon: 401, User: 403, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: status, otherAdmin: 403, otherUser: 403 });

/** A draft of the home customer's User, made for this request. */
async function userDraft(fx: Fixture): Promise<string> {
  const res = await fx.send('User', 'POST', { url: `${base}/forms/new-laptop/submissions`, payload: { coreState: 'Draft', currentPage: 'recipient', values: { recipientName: 'Matrix' } } });
  if (res.statusCode !== 201) throw new Error(`draft: ${res.statusCode} ${res.body}`);
  return res.json<{ id: string }>().id;
}
const definition = (slug: string) => ({
  slug,
  name: `Matrix ${slug}`,
  description: null,
  customerId: null,
  createsServiceRequest: false,
  definition: { title: 'Matrix', pages: [{ name: 'p1', elements: [{ type: 'text', name: 'q1', title: 'Question' }] }] },
});
/** A definition of the space admin, made (and published when asked) for this request. */
async function freshDefinition(fx: Fixture, publish: boolean): Promise<string> {
  const slug = `matrix-${Date.now().toString(36)}-${n++}`;
  const res = await fx.send('spaceAdmin', 'POST', { url: `${base}/form-definitions`, payload: definition(slug) });
  if (res.statusCode !== 201) throw new Error(`definition: ${res.statusCode} ${res.body}`);
  if (publish) await fx.send('spaceAdmin', 'POST', { url: `${base}/form-definitions/${slug}/publish`, payload: {} });
  return slug;
}
const draftOf = async (fx: Fixture, _who: Principal) => `${base}/forms/new-laptop/submissions/${await userDraft(fx)}`;

export const rows: AccessRow[] = [
  { route: 'GET /api/v1/kapps/{kappSlug}/forms', request: () => ({ url: `${base}/forms` }), expect: signedIn(200) },
  { route: 'GET /api/v1/kapps/{kappSlug}/forms/{formSlug}', request: () => ({ url: `${base}/forms/new-laptop` }), expect: signedIn(200) },
  { route: 'GET /api/v1/kapps/{kappSlug}/forms/{formSlug}/submissions', request: () => ({ url: `${base}/forms/new-laptop/submissions` }), expect: signedIn(200) },
  {
    route: 'POST /api/v1/kapps/{kappSlug}/forms/{formSlug}/submissions',
    request: () => ({ url: `${base}/forms/new-laptop/submissions`, payload: { coreState: 'Draft', currentPage: 'recipient', values: {} } }),
    expect: signedIn(201),
  },
  {
    route: 'GET /api/v1/kapps/{kappSlug}/forms/{formSlug}/submissions/{id}',
    case: "the home User's draft: its customer reads it, no one else",
    request: async (fx, who) => ({ url: await draftOf(fx, who) }),
    expect: { anon: 401, User: 200, OperatorLimited: 200, Operator: 200, Administrator: 200, spaceAdmin: 404, otherAdmin: 404, otherUser: 404 },
  },
  {
    route: 'PUT /api/v1/kapps/{kappSlug}/forms/{formSlug}/submissions/{id}',
    case: "the home User's draft: only its author continues it",
    request: async (fx, who) => ({ url: await draftOf(fx, who), payload: { coreState: 'Draft', currentPage: 'recipient', values: { recipientName: 'Changed' } } }),
    expect: { anon: 401, User: 200, OperatorLimited: 403, Operator: 403, Administrator: 403, spaceAdmin: 404, otherAdmin: 404, otherUser: 404 },
  },
  {
    route: 'DELETE /api/v1/kapps/{kappSlug}/forms/{formSlug}/submissions/{id}',
    case: "the home User's draft: its author or the customer's Administrator",
    request: async (fx, who) => ({ url: await draftOf(fx, who) }),
    expect: { anon: 401, User: 204, OperatorLimited: 403, Operator: 403, Administrator: 204, spaceAdmin: 404, otherAdmin: 404, otherUser: 404 },
  },
  { route: 'GET /api/v1/kapps/{kappSlug}/form-definitions', request: () => ({ url: `${base}/form-definitions` }), expect: spaceAdminOnly(200) },
  { route: 'GET /api/v1/kapps/{kappSlug}/form-definitions/customers', request: () => ({ url: `${base}/form-definitions/customers` }), expect: spaceAdminOnly(200) },
  { route: 'POST /api/v1/kapps/{kappSlug}/form-definitions', request: () => ({ url: `${base}/form-definitions`, payload: definition(`matrix-new-${Date.now().toString(36)}-${n++}`) }), expect: spaceAdminOnly(201) },
  { route: 'GET /api/v1/kapps/{kappSlug}/form-definitions/{formSlug}', request: () => ({ url: `${base}/form-definitions/new-laptop` }), expect: spaceAdminOnly(200) },
  {
    route: 'PUT /api/v1/kapps/{kappSlug}/form-definitions/{formSlug}',
    request: async (fx) => {
      const slug = await freshDefinition(fx, false);
      const { slug: _s, ...editable } = definition(slug);
      return { url: `${base}/form-definitions/${slug}`, payload: editable };
    },
    expect: spaceAdminOnly(200),
  },
  { route: 'POST /api/v1/kapps/{kappSlug}/form-definitions/{formSlug}/publish', request: async (fx) => ({ url: `${base}/form-definitions/${await freshDefinition(fx, false)}/publish`, payload: {} }), expect: spaceAdminOnly(200) },
  { route: 'POST /api/v1/kapps/{kappSlug}/form-definitions/{formSlug}/retire', request: async (fx) => ({ url: `${base}/form-definitions/${await freshDefinition(fx, true)}/retire`, payload: {} }), expect: spaceAdminOnly(200) },
];
