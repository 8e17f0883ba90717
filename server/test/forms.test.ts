import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { ErrorResponse, FormCatalogResponse, FormDefinitionDetail, FormDefinitionListResponse, FormResponse, Submission, SubmissionListResponse, TicketDetail } from '@sc/common';
import { customers, formSubmissions, tickets } from '../src/db/schema/index.ts';
import { FORM_CATALOG } from '../src/db/seed/form-catalog.ts';
import { answersSummary, checkDefinition } from '../src/modules/forms/definition.ts';
import { createTestApp, signIn, type Client, type TestApp } from './helpers.ts';

// requirements §14.1: the form engine's API: catalogue, definitions (space admin), versions,
// drafts and submissions, and who sees what.

let t: TestApp;
let staff: Client;
let admin: Client;
let operator: Client;
let user: Client;
let globexAdmin: Client;
let globexUser: Client;
let anon: (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, body?: object) => Promise<{ statusCode: number }>;
let acmeCid: number;

const K = '/api/v1/kapps/customer-portal';
/** A small two-page definition of our own, with a required and a conditional required question. */
const definition = (title = 'Desk move') => ({
  title,
  completedHtml: '<p>Done</p>',
  pages: [
    {
      name: 'where',
      title: 'Where',
      elements: [
        { type: 'text', name: 'room', title: 'New room', isRequired: true },
        { type: 'boolean', name: 'needsNetwork', title: 'Needs a network port?' },
        { type: 'text', name: 'portNumber', title: 'Port number', visibleIf: '{needsNetwork} = true', isRequired: true },
      ],
    },
    { name: 'when', title: 'When', elements: [{ type: 'text', name: 'moveDate', title: 'Move date', inputType: 'date', isRequired: true }] },
  ],
});

async function createForm(slug: string, body: Partial<{ customerId: number | null; createsServiceRequest: boolean; definition: object }> = {}) {
  const res = await staff.post(`${K}/form-definitions`, { slug, name: `Form ${slug}`, description: 'Test form', customerId: null, createsServiceRequest: true, definition: definition(), ...body });
  expect(res.statusCode, res.body).toBe(201);
  const pub = await staff.post(`${K}/form-definitions/${slug}/publish`);
  expect(pub.statusCode, pub.body).toBe(200);
  return pub.json<FormDefinitionDetail>();
}

const submit = (c: Client, slug: string, values: object, coreState: 'Draft' | 'Submitted' = 'Submitted', currentPage: string | null = 'when') =>
  c.post(`${K}/forms/${slug}/submissions`, { coreState, currentPage, values });

beforeAll(async () => {
  t = await createTestApp();
  const [s, a, o, u, ga, gu] = await Promise.all(
    ['staff@provider.example', 'admin@acme.example', 'operator@acme.example', 'user@acme.example', 'admin@globex.example', 'user@globex.example'].map((e) => signIn(t.app, e)),
  );
  [staff, admin, operator, user, globexAdmin, globexUser] = [s!, a!, o!, u!, ga!, gu!];
  anon = (method, url, body) => t.app.inject({ method, url, ...(body ? { payload: body } : {}) });
  acmeCid = (await t.database.db.select().from(customers).where(eq(customers.code, 'ACME')))[0]!.id;
});
afterAll(async () => {
  await t.close();
});

describe('catalogue', () => {
  it('seeds only definitions the definition check accepts (expressions parse), and summarises answers as shown', () => {
    for (const f of FORM_CATALOG) expect(() => checkDefinition(f.definition), f.slug).not.toThrow();
    const laptop = FORM_CATALOG.find((f) => f.slug === 'new-laptop')!.definition;
    // Question order and a choice's text, whatever the order the answers were stored in.
    expect(answersSummary(laptop, { model: 'performance-16', recipientName: 'Pat', department: 'Finance' })).toBe('Pat · Finance · Performance 16" laptop');
  });

  it('offers the seeded service-request forms (at least five) to every customer, by name', async () => {
    const res = await user.get(`${K}/forms?pageSize=50`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<FormCatalogResponse>();
    const slugs = body.rows.map((r) => r.slug);
    for (const s of ['new-laptop', 'onboard-employee', 'offboard-employee', 'firewall-rule-change', 'software-access-request']) expect(slugs).toContain(s);
    expect(body.rows.filter((r) => r.createsServiceRequest).length).toBeGreaterThanOrEqual(5);
    expect(body.rows.map((r) => r.name)).toEqual([...body.rows.map((r) => r.name)].sort((a, b) => a.localeCompare(b)));
    const searched = (await user.get(`${K}/forms?search=firewall`)).json<FormCatalogResponse>();
    expect(searched.rows.map((r) => r.slug)).toEqual(['firewall-rule-change']);
  });

  it('gives the published version to fill in; an unknown kapp or form is a 404; signed out is a 401', async () => {
    const form = (await user.get(`${K}/forms/new-laptop`)).json<FormResponse>();
    expect(form.version).toBe(1);
    expect((form.definition.pages as unknown[]).length).toBeGreaterThanOrEqual(3);
    expect((await user.get('/api/v1/kapps/other-kapp/forms')).statusCode).toBe(404);
    expect((await user.get(`${K}/forms/no-such-form`)).statusCode).toBe(404);
    expect((await anon('GET', `${K}/forms`)).statusCode).toBe(401);
    expect((await anon('GET', `${K}/forms/new-laptop`)).statusCode).toBe(401);
  });
});

describe('definitions (space admin)', () => {
  it('refuses every other caller with 403 and signed-out callers with 401', async () => {
    for (const c of [admin, operator, user, globexAdmin]) {
      expect((await c.get(`${K}/form-definitions`)).statusCode).toBe(403);
      expect((await c.get(`${K}/form-definitions/new-laptop`)).statusCode).toBe(403);
      expect((await c.post(`${K}/form-definitions`, { slug: 'x-form', name: 'X', customerId: null, createsServiceRequest: false, definition: definition() })).statusCode).toBe(403);
      expect((await c.put(`${K}/form-definitions/new-laptop`, { name: 'X', customerId: null, createsServiceRequest: false, definition: definition() })).statusCode).toBe(403);
      expect((await c.post(`${K}/form-definitions/new-laptop/publish`)).statusCode).toBe(403);
      expect((await c.post(`${K}/form-definitions/new-laptop/retire`)).statusCode).toBe(403);
      expect((await c.get(`${K}/form-definitions/customers`)).statusCode).toBe(403);
    }
    expect((await anon('GET', `${K}/form-definitions`)).statusCode).toBe(401);
    expect((await anon('POST', `${K}/form-definitions/new-laptop/publish`)).statusCode).toBe(401);
  });

  it('lists every form with its status, and the customers a form may be limited to', async () => {
    const list = (await staff.get(`${K}/form-definitions?pageSize=50`)).json<FormDefinitionListResponse>();
    expect(list.rows.find((r) => r.slug === 'new-laptop')).toMatchObject({ status: 'Published', version: 1, customerId: null });
    const customersRes = (await staff.get(`${K}/form-definitions/customers`)).json<{ rows: { name: string }[] }>();
    expect(customersRes.rows.map((r) => r.name)).toContain('Acme Corporation');
  });

  it('stores authored HTML sanitised: no script, event handler or javascript: link survives; placeholders and formatting stay (issue 33 item 4)', async () => {
    const evil = '<p onclick="steal()">Hi <b>{room}</b></p><img src=x onerror=alert(1)><script>alert(2)</script><iframe src="https://x.example"></iframe><a href="javascript:alert(3)">a</a><a href="https://ok.example">ok</a>';
    const def = { ...definition(), completedHtml: { default: evil, de: evil } };
    def.pages[0]!.elements.push({ type: 'html', name: 'echo', html: evil } as never);
    const res = await staff.post(`${K}/form-definitions`, { slug: 'html-clean', name: 'HTML', description: null, customerId: null, createsServiceRequest: false, definition: def });
    expect(res.statusCode, res.body).toBe(201);
    const saved = res.json<FormDefinitionDetail>();
    const stored = JSON.stringify(saved.definition);
    for (const bad of ['onclick', 'onerror', '<script', 'alert(2)', '<iframe', 'javascript:', '<img']) expect(stored, bad).not.toContain(bad);
    expect(stored).toContain('<p>Hi <b>{room}</b></p>');
    expect(stored).toContain('href=\\"https://ok.example\\"');
  });

  it('answers a 400 naming the problem of a bad definition', async () => {
    const bad = async (def: object, expected: RegExp) => {
      const res = await staff.post(`${K}/form-definitions`, { slug: 'bad-form', name: 'Bad', customerId: null, createsServiceRequest: false, definition: def });
      expect(res.statusCode, res.body).toBe(400);
      const body = res.json<ErrorResponse>();
      expect(body.message).toMatch(expected);
      expect(body.message.startsWith('definition:')).toBe(true);
    };
    await bad({ title: 'No pages' }, /needs "pages"/);
    await bad({ pages: [{ name: 'p', elements: [{ type: 'signaturepad-x', name: 'a' }] }] }, /Unsupported question type "signaturepad-x"/);
    await bad({ pages: [{ name: 'p', elements: [{ type: 'text', name: 'a' }, { type: 'text', name: 'a' }] }] }, /"a" is used twice/);
    await bad({ pages: [{ name: 'p', elements: [{ type: 'text', name: 'a', visibleIf: '{b} = ' }] }] }, /visibleIf expression of "a" does not parse/);
    await bad({ pages: [{ name: 'p', elements: [{ type: 'text' }] }] }, /has no "name"/);
    const badSlug = await staff.post(`${K}/form-definitions`, { slug: 'Bad Slug', name: 'Bad', customerId: null, createsServiceRequest: false, definition: definition() });
    expect(badSlug.statusCode).toBe(400);
    expect(badSlug.json<ErrorResponse>().message).toMatch(/slug/);
    const dup = await staff.post(`${K}/form-definitions`, { slug: 'new-laptop', name: 'Dup', customerId: null, createsServiceRequest: false, definition: definition() });
    expect(dup.statusCode).toBe(409);
    const noCustomer = await staff.post(`${K}/form-definitions`, { slug: 'no-customer', name: 'N', customerId: 999999, createsServiceRequest: false, definition: definition() });
    expect(noCustomer.statusCode).toBe(400);
    expect(noCustomer.json<ErrorResponse>().message).toMatch(/customerId/);
  });

  it('a Draft form is not offered until published; a form for one customer is offered to it alone', async () => {
    const res = await staff.post(`${K}/form-definitions`, { slug: 'acme-only', name: 'Acme only', customerId: acmeCid, createsServiceRequest: false, definition: definition() });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<FormDefinitionDetail>()).toMatchObject({ status: 'Draft', version: null, hasUnpublishedChanges: true });
    expect((await admin.get(`${K}/forms/acme-only`)).statusCode).toBe(404);
    await staff.post(`${K}/form-definitions/acme-only/publish`);
    expect((await admin.get(`${K}/forms/acme-only`)).statusCode).toBe(200);
    expect((await admin.get(`${K}/forms?search=acme`)).json<FormCatalogResponse>().rows.map((r) => r.slug)).toContain('acme-only');
    expect((await globexAdmin.get(`${K}/forms/acme-only`)).statusCode).toBe(404);
    expect((await globexAdmin.get(`${K}/forms?search=acme`)).json<FormCatalogResponse>().rows).toEqual([]);
    expect((await globexAdmin.get(`${K}/forms/acme-only/submissions`)).statusCode).toBe(404);
  });

  it('retiring takes a form out of the catalogue; its submissions stay readable', async () => {
    await createForm('to-retire', { createsServiceRequest: false });
    const sub = (await submit(user, 'to-retire', { room: 'B2', moveDate: '2026-12-01' })).json<Submission>();
    const retired = (await staff.post(`${K}/form-definitions/to-retire/retire`)).json<FormDefinitionDetail>();
    expect(retired.status).toBe('Retired');
    expect((await user.get(`${K}/forms/to-retire`)).statusCode).toBe(404);
    expect((await user.get(`${K}/forms/to-retire/submissions/${sub.id}`)).statusCode).toBe(200);
    expect((await submit(user, 'to-retire', { room: 'B3', moveDate: '2026-12-01' })).statusCode).toBe(404);
  });
});

describe('versions', () => {
  it('a submission keeps the version it was made with after a new publish, and a draft continues on it', async () => {
    await createForm('versioned', { createsServiceRequest: false });
    const first = (await submit(user, 'versioned', { room: 'A1', moveDate: '2026-12-01' })).json<Submission>();
    const draft = (await submit(user, 'versioned', { room: 'A2' }, 'Draft', 'where')).json<Submission>();
    expect(first.version).toBe(1);

    const v2 = definition('Desk move v2');
    (v2.pages[1]!.elements as object[]).push({ type: 'comment', name: 'extra', title: 'Anything else', isRequired: true });
    const saved = await staff.put(`${K}/form-definitions/versioned`, { name: 'Versioned', description: null, customerId: null, createsServiceRequest: false, definition: v2 });
    expect(saved.json<FormDefinitionDetail>().hasUnpublishedChanges).toBe(true);
    // Saving the working copy changes nothing for people filling in the form.
    expect((await user.get(`${K}/forms/versioned`)).json<FormResponse>().version).toBe(1);
    const published = (await staff.post(`${K}/form-definitions/versioned/publish`)).json<FormDefinitionDetail>();
    expect(published.version).toBe(2);
    expect(published.versions.map((v) => [v.version, v.retiredAt === null])).toEqual([
      [2, true],
      [1, false],
    ]);

    const again = (await user.get(`${K}/forms/versioned/submissions/${first.id}`)).json<Submission>();
    expect(again.version).toBe(1);
    expect(JSON.stringify(again.definition)).not.toContain('Anything else');
    // The draft started on version 1 is submitted against version 1: 'extra' is not required there.
    const done = await user.put(`${K}/forms/versioned/submissions/${draft.id}`, { coreState: 'Submitted', currentPage: 'when', values: { room: 'A2', moveDate: '2026-12-02' } });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json<Submission>()).toMatchObject({ version: 1, coreState: 'Submitted' });
    const fresh = (await submit(user, 'versioned', { room: 'A3', moveDate: '2026-12-01' })).json<ErrorResponse>();
    expect(fresh.message).toMatch(/^extra:/);
  });
});

describe('drafts and submissions', () => {
  it('saves a draft with its page, resumes it, then submits it, which creates a service request with the answers', async () => {
    await createForm('desk-move');
    const draftRes = await submit(user, 'desk-move', { room: 'C-301', needsNetwork: true, unknownField: 'dropped' }, 'Draft', 'where');
    expect(draftRes.statusCode, draftRes.body).toBe(201);
    const draft = draftRes.json<Submission>();
    expect(draft).toMatchObject({ coreState: 'Draft', currentPage: 'where', ticketId: null, canEdit: true, canDelete: true, submittedAt: null });
    expect(draft.values).toEqual({ room: 'C-301', needsNetwork: true });

    // Submitting without the conditional required answer: a 400 naming it.
    const missing = await user.put(`${K}/forms/desk-move/submissions/${draft.id}`, { coreState: 'Submitted', currentPage: 'when', values: { room: 'C-301', needsNetwork: true, moveDate: '2026-12-01' } });
    expect(missing.statusCode).toBe(400);
    expect(missing.json<ErrorResponse>().message).toMatch(/^portNumber:/);
    const badPage = await user.put(`${K}/forms/desk-move/submissions/${draft.id}`, { coreState: 'Draft', currentPage: 'nowhere', values: {} });
    expect(badPage.statusCode).toBe(400);
    expect(badPage.json<ErrorResponse>().message).toMatch(/^currentPage:/);

    const res = await user.put(`${K}/forms/desk-move/submissions/${draft.id}`, {
      coreState: 'Submitted',
      currentPage: 'when',
      values: { room: 'C-301', needsNetwork: true, portNumber: 'P-17', moveDate: '2026-12-01' },
    });
    expect(res.statusCode, res.body).toBe(200);
    const sub = res.json<Submission>();
    expect(sub).toMatchObject({ coreState: 'Submitted', canEdit: false });
    expect(sub.ticketNo).toMatch(/^SR-/);
    const ticket = (await user.get(`/api/v1/tickets/${sub.ticketId}`)).json<TicketDetail>();
    expect(ticket).toMatchObject({ ticketType: 'ServiceRequest', status: 'Open', shortDescription: 'Form desk-move', contactId: user.session.user.contactId });
    expect(ticket.description).toContain('New room: C-301');
    expect(ticket.description).toContain('Needs a network port?: Yes');
    expect(ticket.description).toContain('Port number: P-17');
    expect(ticket.description).toContain('When');

    // A submitted submission is read-only.
    const again = await user.put(`${K}/forms/desk-move/submissions/${draft.id}`, { coreState: 'Draft', currentPage: 'where', values: {} });
    expect(again.statusCode).toBe(409);
  });

  it('a form that is not a service-request form creates no ticket', async () => {
    const before = (await t.database.db.select().from(tickets)).length;
    const res = await submit(user, 'new-contact-request', { firstName: 'Ada', lastName: 'Byron', email: 'ada@acme.example' }, 'Submitted', 'contact');
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<Submission>().ticketId).toBeNull();
    expect((await t.database.db.select().from(tickets)).length).toBe(before);
  });

  it('rejects bad input with a 400 naming the field', async () => {
    const res = await user.post(`${K}/forms/desk-move/submissions`, { coreState: 'Closed', values: {} });
    expect(res.statusCode).toBe(400);
    expect(res.json<ErrorResponse>().message).toMatch(/coreState/);
    expect((await user.get(`${K}/forms/desk-move/submissions/not-a-uuid`)).statusCode).toBe(400);
    expect((await user.get(`${K}/forms/desk-move/submissions?coreState=Nope`)).statusCode).toBe(400);
  });
});

describe('answers of any shape (issue 33 item 6)', () => {
  const nested = (depth: number, kind: 'array' | 'object' = 'array'): unknown => {
    let v: unknown = 'leaf';
    for (let i = 0; i < depth; i++) v = kind === 'array' ? [v] : { a: v };
    return v;
  };
  // Built as text: JSON.stringify of a deeply nested value would itself overflow the stack.
  const nestedJson = (depth: number) => `${'['.repeat(depth)}"leaf"${']'.repeat(depth)}`;
  const postRaw = (c: Client, slug: string, valuesJson: string) =>
    t.app.inject({
      method: 'POST',
      url: `${K}/forms/${slug}/submissions`,
      headers: { cookie: c.cookie, 'x-csrf-token': c.csrfToken, 'content-type': 'application/json' },
      payload: `{"coreState":"Draft","currentPage":"where","values":{"room":${valuesJson}}}`,
    });

  it('answers nested deeper than the schema allows are a 400 naming the field; 3,000 and 10,000 levels are refused as a body', async () => {
    await createForm('nesting');
    const tooDeepAnswer = await postRaw(user, 'nesting', nestedJson(12));
    expect(tooDeepAnswer.statusCode).toBe(400);
    expect(Object.keys(tooDeepAnswer.json<ErrorResponse>().fieldErrors ?? {}).join()).toMatch(/values/);
    for (const depth of [3_000, 10_000]) {
      const res = await postRaw(user, 'nesting', nestedJson(depth));
      expect(res.statusCode, `${depth} levels`).toBe(400);
      expect(Object.keys(res.json<ErrorResponse>().fieldErrors ?? {}), `${depth} levels`).toEqual(['body']);
    }
    // Ordinary nesting (a matrix, a dynamic panel) still saves.
    const ok = await submit(user, 'nesting', { room: { row1: { col1: ['a', 'b'] } } }, 'Draft', 'where');
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('an old submission stored with malformed answers degrades in the list and on its page instead of failing every reader', async () => {
    await createForm('old-malformed');
    for (const kind of ['array', 'object'] as const) {
      for (const state of ['Draft', 'Submitted'] as const) {
        const saved = (await submit(user, 'old-malformed', { room: 'R1', moveDate: '2026-12-01' }, state, 'where')).json<Submission>();
        // As an earlier version let it be saved: 3,000 levels deep, in a known question and an unknown one.
        await t.database.db.update(formSubmissions).set({ values: { room: nested(3_000, kind), extra: nested(3_000, kind) } }).where(eq(formSubmissions.id, saved.id));
        for (const c of [user, admin, operator]) {
          const list = await c.get(`${K}/forms/old-malformed/submissions`);
          expect(list.statusCode, `${kind} ${state}: ${list.body.slice(0, 200)}`).toBe(200);
          expect(list.json<SubmissionListResponse>().rows.map((r) => r.id)).toContain(saved.id);
          const all = await c.get(`${K}/submissions`);
          expect(all.statusCode, `${kind} ${state} all: ${all.body.slice(0, 200)}`).toBeLessThan(500);
        }
        expect((await user.get(`${K}/forms/old-malformed/submissions/${saved.id}`)).statusCode, `${kind} ${state}`).toBe(200);
      }
    }
  });
});

describe('who sees and deletes submissions', () => {
  let userSub: Submission;
  let adminSub: Submission;
  let userDraft: Submission;
  beforeAll(async () => {
    await createForm('scope-form', { createsServiceRequest: false });
    userSub = (await submit(user, 'scope-form', { room: 'U1', moveDate: '2026-12-01' })).json<Submission>();
    userDraft = (await submit(user, 'scope-form', { room: 'U2' }, 'Draft', 'where')).json<Submission>();
    adminSub = (await submit(admin, 'scope-form', { room: 'M1', moveDate: '2026-12-01' })).json<Submission>();
    await submit(globexUser, 'scope-form', { room: 'G1', moveDate: '2026-12-01' });
  });
  const ids = async (c: Client, query = '') => (await c.get(`${K}/forms/scope-form/submissions${query}`)).json<SubmissionListResponse>().rows.map((r) => r.id);

  it('a User sees its own; an Administrator and an Operator their customer’s; never another customer’s', async () => {
    expect((await ids(user)).sort()).toEqual([userSub.id, userDraft.id].sort());
    expect((await ids(admin)).sort()).toEqual([userSub.id, userDraft.id, adminSub.id].sort());
    expect((await ids(operator)).sort()).toEqual([userSub.id, userDraft.id, adminSub.id].sort());
    expect(await ids(globexAdmin)).toHaveLength(1);
    expect(await ids(admin, '?coreState=Draft')).toEqual([userDraft.id]);
    expect(await ids(admin, '?search=M1')).toEqual([adminSub.id]);
    expect((await user.get(`${K}/forms/scope-form/submissions/${adminSub.id}`)).statusCode).toBe(404);
    expect((await globexAdmin.get(`${K}/forms/scope-form/submissions/${userSub.id}`)).statusCode).toBe(404);
    expect((await globexAdmin.delete(`${K}/forms/scope-form/submissions/${userSub.id}`)).statusCode).toBe(404);
    expect((await globexUser.put(`${K}/forms/scope-form/submissions/${userDraft.id}`, { coreState: 'Draft', values: {} })).statusCode).toBe(404);
    expect((await anon('GET', `${K}/forms/scope-form/submissions`)).statusCode).toBe(401);
    expect((await anon('GET', `${K}/forms/scope-form/submissions/${userSub.id}`)).statusCode).toBe(401);
    expect((await anon('POST', `${K}/forms/scope-form/submissions`, { coreState: 'Draft', values: {} })).statusCode).toBe(401);
    expect((await anon('DELETE', `${K}/forms/scope-form/submissions/${userSub.id}`)).statusCode).toBe(401);
  });

  it('only the author continues a draft; an Operator deletes only its own; an Administrator any of its customer’s', async () => {
    expect((await admin.put(`${K}/forms/scope-form/submissions/${userDraft.id}`, { coreState: 'Draft', values: { room: 'X' } })).statusCode).toBe(403);
    const asAdmin = (await admin.get(`${K}/forms/scope-form/submissions/${userDraft.id}`)).json<Submission>();
    expect(asAdmin).toMatchObject({ canEdit: false, canDelete: true });
    expect((await operator.delete(`${K}/forms/scope-form/submissions/${userSub.id}`)).statusCode).toBe(403);
    expect((await user.delete(`${K}/forms/scope-form/submissions/${adminSub.id}`)).statusCode).toBe(404);
    expect((await admin.delete(`${K}/forms/scope-form/submissions/${userSub.id}`)).statusCode).toBe(204);
    expect((await user.delete(`${K}/forms/scope-form/submissions/${userDraft.id}`)).statusCode).toBe(204);
    const left = await t.database.db.select({ id: formSubmissions.id }).from(formSubmissions).where(eq(formSubmissions.id, userSub.id));
    expect(left).toEqual([]);
  });
});
