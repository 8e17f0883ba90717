import {
  canManageForms,
  type CreateFormDefinitionRequest,
  type CustomerOption,
  type FormDefinitionDetail,
  type FormDefinitionListRequest,
  type FormDefinitionListResponse,
  type FormDefinitionRow,
  type UpdateFormDefinitionRequest,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError, badRequest, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import { checkDefinition, sanitizedDefinition } from './definition.ts';
import * as q from './queries.ts';
import { requireKapp } from './submissions.service.ts';

// requirements §14.1 'Managing forms': the provider's space admin creates a form (Draft), edits its
// working copy, publishes it as the next version, retires it, and chooses who may use it.

function requireFormManager(scope: Scope, kappSlug: string) {
  if (!canManageForms(scope)) throw forbidden();
  requireKapp(kappSlug);
}

type DefinitionDbRow = NonNullable<Awaited<ReturnType<typeof q.findDefinition>>>;
const toRow = (r: DefinitionDbRow): FormDefinitionRow => ({
  slug: r.slug,
  name: r.name,
  description: r.description,
  status: r.status,
  customerId: r.customerId,
  customerName: r.customerName,
  createsServiceRequest: r.createsServiceRequest,
  version: r.version,
  submissions: Number(r.submissions),
  updatedAt: r.updatedAt.toISOString(),
});

export async function listDefinitions(db: Db, scope: Scope, kappSlug: string, r: FormDefinitionListRequest): Promise<FormDefinitionListResponse> {
  requireFormManager(scope, kappSlug);
  return offsetPage(r, async (slice) => {
    const { rows, total } = await q.selectDefinitionsPage(db, kappSlug, { status: r.status, search: r.search || undefined, sort: r.sort }, r.direction, slice);
    return { rows: rows.map(toRow), total };
  });
}

async function requireDefinition(db: Db, kappSlug: string, slug: string): Promise<DefinitionDbRow> {
  const row = await q.findDefinition(db, kappSlug, slug);
  if (!row) throw notFound('Form not found');
  return row;
}

export async function getDefinition(db: Db, scope: Scope, kappSlug: string, slug: string): Promise<FormDefinitionDetail> {
  requireFormManager(scope, kappSlug);
  const row = await requireDefinition(db, kappSlug, slug);
  const versions = await q.listVersions(db, row.id);
  const current = versions.find((v) => !v.retiredAt);
  return {
    ...toRow(row),
    kappSlug,
    definition: row.draftDefinition,
    versions: versions.map((v) => ({ id: v.id, version: v.version, publishedAt: v.publishedAt.toISOString(), retiredAt: v.retiredAt?.toISOString() ?? null })),
    hasUnpublishedChanges: !current || JSON.stringify(current.definition) !== JSON.stringify(row.draftDefinition),
  };
}

async function checkCustomer(db: Db, customerId: number | null) {
  if (customerId !== null && !(await q.customerExists(db, customerId))) throw badRequest({ customerId: 'Customer not found' });
}

export async function createDefinition(db: Db, scope: Scope, kappSlug: string, body: CreateFormDefinitionRequest): Promise<FormDefinitionDetail> {
  requireFormManager(scope, kappSlug);
  checkDefinition(body.definition);
  await checkCustomer(db, body.customerId);
  body = { ...body, definition: sanitizedDefinition(body.definition) };
  const created = await q.insertForm(db, {
    kappSlug,
    slug: body.slug,
    name: body.name,
    description: body.description ?? null,
    cid: body.customerId,
    createsServiceRequest: body.createsServiceRequest,
    draftDefinition: body.definition,
  });
  if (!created) throw new AppError('CONFLICT', `A form with the slug "${body.slug}" exists`, { slug: 'This slug is taken' });
  return getDefinition(db, scope, kappSlug, body.slug);
}

/** Saves the working copy and the settings; people keep filling in the published version until Publish. */
export async function updateDefinition(db: Db, scope: Scope, kappSlug: string, slug: string, body: UpdateFormDefinitionRequest): Promise<FormDefinitionDetail> {
  requireFormManager(scope, kappSlug);
  const row = await requireDefinition(db, kappSlug, slug);
  checkDefinition(body.definition);
  await checkCustomer(db, body.customerId);
  body = { ...body, definition: sanitizedDefinition(body.definition) };
  await q.updateForm(db, row.id, {
    name: body.name,
    description: body.description ?? null,
    cid: body.customerId,
    createsServiceRequest: body.createsServiceRequest,
    draftDefinition: body.definition,
  });
  return getDefinition(db, scope, kappSlug, slug);
}

/** The working copy becomes the next version and the one offered; submissions keep the version they were made with. */
export async function publishDefinition(db: Db, scope: Scope, kappSlug: string, slug: string): Promise<FormDefinitionDetail> {
  requireFormManager(scope, kappSlug);
  const row = await requireDefinition(db, kappSlug, slug);
  checkDefinition(row.draftDefinition);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await q.publishVersion(tx, row.id, row.draftDefinition, scope.webUserId);
    await q.updateForm(tx, row.id, { status: 'Published' });
  });
  return getDefinition(db, scope, kappSlug, slug);
}

/** No longer offered; its submissions and their versions stay readable. */
export async function retireDefinition(db: Db, scope: Scope, kappSlug: string, slug: string): Promise<FormDefinitionDetail> {
  requireFormManager(scope, kappSlug);
  const row = await requireDefinition(db, kappSlug, slug);
  await db.transaction(async (trx) => {
    const tx = trx as unknown as Db;
    await q.retireVersions(tx, row.id);
    await q.updateForm(tx, row.id, { status: 'Retired' });
  });
  return getDefinition(db, scope, kappSlug, slug);
}

export async function listCustomerOptions(db: Db, scope: Scope): Promise<{ rows: CustomerOption[] }> {
  if (!canManageForms(scope)) throw forbidden();
  return { rows: await q.customerOptions(db) };
}
