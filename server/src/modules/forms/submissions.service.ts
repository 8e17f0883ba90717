import {
  ANSWER_JSON_BOUNDS,
  canDeleteSubmission,
  canEditSubmission,
  FORM_TEXTS,
  type FormCatalogRequest,
  type FormCatalogResponse,
  type FormDefinition,
  type FormResponse,
  jsonBoundsProblem,
  KAPP_NAMES,
  KAPP_SLUGS,
  type SaveSubmissionRequest,
  seesCustomerSubmissions,
  type Submission,
  type SubmissionListRequest,
  type SubmissionListResponse,
  type SubmissionRow,
  type SubmissionState,
  TICKET_LIMITS,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import { createTicket } from '../ticket-detail/create-ticket.ts';
import { answersSummary, answersText, checkAnswers, keepKnownValues, pageNames } from './definition.ts';
import * as q from './queries.ts';

// requirements §14.1: the catalogue, filling in, drafts, submissions. A User sees its own
// submissions; an Administrator and Operator* those of its customer; nobody another customer's.

const caller = (scope: Scope) => ({ userType: scope.userType, spaceAdmin: scope.spaceAdmin, ccWebUserId: scope.webUserId });

/** An unknown kapp is a 404 (there is one: customer-portal). */
export function requireKapp(kappSlug: string): void {
  if (!(KAPP_SLUGS as readonly string[]).includes(kappSlug)) throw notFound(FORM_TEXTS.kappNotFound);
}

/** The form if the caller's customer may use it (for every customer or for its own); another customer's form is a 404. */
async function requireForm(db: Db, scope: Scope, kappSlug: string, formSlug: string): Promise<q.FormRow> {
  requireKapp(kappSlug);
  const form = await q.findForm(db, kappSlug, formSlug);
  if (!form || (form.cid !== null && form.cid !== scope.cid)) throw notFound(FORM_TEXTS.formNotFound);
  return form;
}

/** The form and the version offered now; a draft or retired form is not offered. */
async function requirePublished(db: Db, scope: Scope, kappSlug: string, formSlug: string) {
  const form = await requireForm(db, scope, kappSlug, formSlug);
  const version = form.status === 'Published' ? await q.findCurrentVersion(db, form.id) : undefined;
  if (!version) throw notFound(FORM_TEXTS.formNotFound);
  return { form, version };
}

export async function listCatalog(db: Db, scope: Scope, kappSlug: string, r: FormCatalogRequest): Promise<FormCatalogResponse> {
  requireKapp(kappSlug);
  return offsetPage(r, (slice) => q.selectCatalogPage(db, scope, kappSlug, { search: r.search || undefined }, r.direction, slice));
}

export async function getForm(db: Db, scope: Scope, kappSlug: string, formSlug: string): Promise<FormResponse> {
  const { form, version } = await requirePublished(db, scope, kappSlug, formSlug);
  return {
    kappSlug,
    kappName: KAPP_NAMES[kappSlug] ?? kappSlug,
    slug: form.slug,
    name: form.name,
    description: form.description,
    createsServiceRequest: form.createsServiceRequest,
    versionId: version.id,
    version: version.version,
    definition: version.definition,
  };
}

const iso = (d: Date | null) => (d ? d.toISOString() : null);

/**
 * The stored answers as readers get them: an answer past ANSWER_JSON_BOUNDS (saved before the bound existed)
 * reads as empty, so one malformed submission degrades to a missing answer instead of failing the list for
 * everyone (issue 33 item 6).
 */
function readableValues(values: Record<string, unknown>): Record<string, unknown> {
  return Object.fromEntries(Object.entries(values).map(([k, v]) => [k, jsonBoundsProblem(v, ANSWER_JSON_BOUNDS) ? null : v]));
}

/** The list's one-line summary; a definition the form library cannot apply to these answers gives none. */
function safeSummary(definition: FormDefinition | null, values: Record<string, unknown>): string {
  try {
    return answersSummary(definition, values);
  } catch {
    return '';
  }
}

function toRow(scope: Scope, r: NonNullable<Awaited<ReturnType<typeof q.findSubmission>>>, definition: FormDefinition | null): SubmissionRow {
  const values = readableValues(r.values);
  const owner = { webUserId: r.webUserId, coreState: r.coreState as SubmissionState };
  return {
    id: r.id,
    coreState: owner.coreState,
    currentPage: r.currentPage,
    submittedByName: r.submittedByName,
    version: r.version,
    createdAt: r.createdAt.toISOString(),
    updatedAt: r.updatedAt.toISOString(),
    submittedAt: iso(r.submittedAt),
    ticketId: r.ticketId,
    ticketNo: r.ticketNo,
    summary: safeSummary(definition, values),
    canEdit: canEditSubmission(caller(scope), owner),
    canDelete: canDeleteSubmission(caller(scope), owner),
  };
}

export async function listSubmissions(db: Db, scope: Scope, kappSlug: string, formSlug: string, r: SubmissionListRequest): Promise<SubmissionListResponse> {
  const form = await requireForm(db, scope, kappSlug, formSlug);
  const page = await offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectSubmissionsPage(
      db,
      scope,
      seesCustomerSubmissions(scope),
      form.id,
      { coreState: r.coreState, search: r.search || undefined, sort: r.sort },
      r.direction,
      slice,
    );
    // The definitions of the versions on the page (usually one), for the summaries in question order.
    const definitions = new Map<number, FormDefinition | null>();
    for (const id of new Set(rows.map((row) => row.formVersionId))) if (id !== null) definitions.set(id, (await q.findVersion(db, id))?.definition ?? null);
    return { rows: rows.map((row) => toRow(scope, row, row.formVersionId === null ? null : (definitions.get(row.formVersionId) ?? null))), total };
  });
  return { ...page, formName: form.name };
}

async function requireSubmission(db: Db, scope: Scope, form: q.FormRow, id: string) {
  const row = await q.findSubmission(db, scope, seesCustomerSubmissions(scope), form.id, id);
  if (!row) throw notFound(FORM_TEXTS.submissionNotFound);
  return row;
}

export async function getSubmission(db: Db, scope: Scope, kappSlug: string, formSlug: string, id: string): Promise<Submission> {
  const form = await requireForm(db, scope, kappSlug, formSlug);
  const row = await requireSubmission(db, scope, form, id);
  const version = row.formVersionId ? await q.findVersion(db, row.formVersionId) : undefined;
  return { ...toRow(scope, row, version?.definition ?? null), formSlug: form.slug, formName: form.name, versionId: version?.id ?? null, definition: version?.definition ?? null, values: readableValues(row.values) };
}

/** The page a draft stops on must be one of the definition's pages. */
function checkedPage(definition: Record<string, unknown>, page: string | null | undefined): string | null {
  if (!page) return null;
  if (!pageNames(definition).includes(page)) throw badRequest({ currentPage: `No page named "${page}"` });
  return page;
}

/**
 * Saves what was typed: a Draft as it is; a Submitted one only when every visible required question
 * is answered. Submitting a service-request form creates the service request (through the ticket
 * service: numbering, audit, lists) with the answers as its description, in the same transaction.
 */
async function save(
  db: Db,
  scope: Scope,
  form: q.FormRow,
  definition: Record<string, unknown>,
  body: SaveSubmissionRequest,
  write: (tx: Db, v: { coreState: SubmissionState; currentPage: string | null; values: Record<string, unknown> }) => Promise<string>,
): Promise<string> {
  const values = keepKnownValues(definition, body.values);
  const currentPage = checkedPage(definition, body.currentPage);
  if (body.coreState === 'Submitted') checkAnswers(definition, values);
  return db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    const id = await write(tx, { coreState: body.coreState, currentPage, values });
    if (body.coreState === 'Submitted' && form.createsServiceRequest) {
      const description = answersText(definition, values).slice(0, TICKET_LIMITS.description);
      const ticket = await createTicket(tx, scope, 'contact', { ticketType: 'ServiceRequest', shortDescription: form.name.slice(0, TICKET_LIMITS.shortDescription), description }, { ip: null });
      await q.linkTicket(tx, scope, id, ticket.id);
    }
    return id;
  });
}

export async function createSubmission(db: Db, scope: Scope, kappSlug: string, formSlug: string, body: SaveSubmissionRequest): Promise<Submission> {
  const { form, version } = await requirePublished(db, scope, kappSlug, formSlug);
  const id = await save(db, scope, form, version.definition, body, (tx, v) => q.insertSubmission(tx, scope, { formId: form.id, formVersionId: version.id, ...v }));
  return getSubmission(db, scope, kappSlug, formSlug, id);
}

/** A draft continued by its author, with the version it was started on; a submitted one answers 409. */
export async function updateSubmission(db: Db, scope: Scope, kappSlug: string, formSlug: string, id: string, body: SaveSubmissionRequest): Promise<Submission> {
  const form = await requireForm(db, scope, kappSlug, formSlug);
  const row = await requireSubmission(db, scope, form, id);
  if (row.coreState !== 'Draft') throw new AppError('CONFLICT', FORM_TEXTS.onlyDraftChanges);
  if (!canEditSubmission(caller(scope), { webUserId: row.webUserId, coreState: 'Draft' })) throw forbidden();
  const version = row.formVersionId ? await q.findVersion(db, row.formVersionId) : await q.findCurrentVersion(db, form.id);
  if (!version) throw notFound(FORM_TEXTS.formNotFound);
  await save(db, scope, form, version.definition, body, async (tx, v) => {
    if (!(await q.updateDraft(tx, scope, id, v))) throw new AppError('CONFLICT', FORM_TEXTS.onlyDraftChanges);
    return id;
  });
  return getSubmission(db, scope, kappSlug, formSlug, id);
}

/** Its author deletes its own; an Administrator any of its customer's. The service request it created stays. */
export async function deleteSubmission(db: Db, scope: Scope, kappSlug: string, formSlug: string, id: string): Promise<void> {
  const form = await requireForm(db, scope, kappSlug, formSlug);
  const row = await requireSubmission(db, scope, form, id);
  if (!canDeleteSubmission(caller(scope), { webUserId: row.webUserId, coreState: row.coreState as SubmissionState })) throw forbidden();
  if (!(await q.deleteSubmission(db, scope, id))) throw notFound(FORM_TEXTS.submissionNotFound);
}
