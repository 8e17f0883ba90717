import { and, asc, count, desc, eq, ilike, isNull, max, or, sql, type SQL } from 'drizzle-orm';
import type { FormDefinitionStatus, SortDirection, SubmissionState } from '@sc/common';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/search.ts';
import { contacts, customers, forms, formSubmissions, formVersions, tickets, webUsers, type FormDefinitionJson } from '../../db/schema/index.ts';
import { sortOrder, type Slice } from '../../http/paging.ts';
import type { Scope } from '../../auth/scope.ts';

// The only SQL of the form engine (requirements §14.1).

/** The version offered now: the newest one not retired. */
const currentVersion = (db: Db) =>
  db
    .select({ id: formVersions.id, version: formVersions.version, definition: formVersions.definition })
    .from(formVersions);

/** A form the caller's customer may use: for every customer or for its own. */
const availableTo = (cid: number): SQL => or(isNull(forms.cid), eq(forms.cid, cid))!;

export type FormRow = typeof forms.$inferSelect;

export async function findForm(db: Db, kappSlug: string, slug: string): Promise<FormRow | undefined> {
  const [row] = await db
    .select()
    .from(forms)
    .where(and(eq(forms.kappSlug, kappSlug), eq(forms.slug, slug)))
    .limit(1);
  return row;
}

export async function findCurrentVersion(db: Db, formId: number) {
  const [row] = await currentVersion(db)
    .where(and(eq(formVersions.formId, formId), isNull(formVersions.retiredAt)))
    .orderBy(desc(formVersions.version))
    .limit(1);
  return row;
}

export async function findVersion(db: Db, id: number) {
  const [row] = await currentVersion(db).where(eq(formVersions.id, id)).limit(1);
  return row;
}

const versionNumber = sql<number | null>`(select max(${formVersions.version}) from ${formVersions} where ${formVersions.formId} = ${forms.id} and ${formVersions.retiredAt} is null)`;

/** The catalogue: published forms for every customer or the caller's, by name. */
export async function selectCatalogPage(db: Db, scope: Scope, kappSlug: string, r: { search?: string | undefined }, direction: SortDirection, slice: Slice) {
  const parts: SQL[] = [eq(forms.kappSlug, kappSlug), eq(forms.status, 'Published'), availableTo(scope.cid)];
  if (r.search) parts.push(or(ilike(forms.name, containsPattern(r.search)), ilike(forms.description, containsPattern(r.search)))!);
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select({ slug: forms.slug, name: forms.name, description: forms.description, createsServiceRequest: forms.createsServiceRequest, version: versionNumber })
      .from(forms)
      .where(where)
      .orderBy(...sortOrder(direction, forms.name, forms.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(forms).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

// --- submissions --------------------------------------------------------------------------------

const submitterName = sql<string | null>`nullif(trim(concat_ws(' ', ${contacts.firstName}, ${contacts.lastName})), '')`;
const submissionColumns = {
  id: formSubmissions.id,
  formId: formSubmissions.formId,
  formVersionId: formSubmissions.formVersionId,
  cid: formSubmissions.cid,
  webUserId: formSubmissions.webUserId,
  coreState: formSubmissions.coreState,
  currentPage: formSubmissions.currentPage,
  values: formSubmissions.values,
  createdAt: formSubmissions.createdAt,
  updatedAt: formSubmissions.updatedAt,
  submittedAt: formSubmissions.submittedAt,
  ticketId: formSubmissions.ticketId,
  ticketNo: tickets.ticketNo,
  submittedByName: submitterName,
  version: formVersions.version,
};
/** Whose submissions the caller sees: its customer's, and only its own unless `wholeCustomer`. */
function scopeWhere(scope: Scope, wholeCustomer: boolean): SQL {
  const parts = [eq(formSubmissions.cid, scope.cid)];
  if (!wholeCustomer) parts.push(eq(formSubmissions.webUserId, scope.webUserId));
  return and(...parts)!;
}

const SUBMISSION_SORTS = { createdAt: formSubmissions.createdAt, updatedAt: formSubmissions.updatedAt, coreState: formSubmissions.coreState } as const;

function submissionsFrom(db: Db, columns: typeof submissionColumns) {
  return db
    .select(columns)
    .from(formSubmissions)
    .leftJoin(webUsers, eq(webUsers.id, formSubmissions.webUserId))
    .leftJoin(contacts, eq(contacts.id, webUsers.contactId))
    .leftJoin(tickets, and(eq(tickets.id, formSubmissions.ticketId), eq(tickets.cid, formSubmissions.cid)))
    .leftJoin(formVersions, eq(formVersions.id, formSubmissions.formVersionId));
}

export async function selectSubmissionsPage(
  db: Db,
  scope: Scope,
  wholeCustomer: boolean,
  formId: number,
  r: { coreState?: SubmissionState | undefined; search?: string | undefined; sort: keyof typeof SUBMISSION_SORTS },
  direction: SortDirection,
  slice: Slice,
) {
  const parts: SQL[] = [eq(formSubmissions.formId, formId), scopeWhere(scope, wholeCustomer)];
  if (r.coreState) parts.push(eq(formSubmissions.coreState, r.coreState));
  if (r.search) {
    // Bounded by the index on (cid, form): one customer's submissions of one form.
    const p = containsPattern(r.search);
    parts.push(or(sql`${formSubmissions.values}::text ilike ${p}`, ilike(submitterName, p), ilike(tickets.ticketNo, p))!);
  }
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    submissionsFrom(db, submissionColumns)
      .where(where)
      .orderBy(...sortOrder(direction, SUBMISSION_SORTS[r.sort], formSubmissions.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db
      .select({ n: count() })
      .from(formSubmissions)
      .leftJoin(webUsers, eq(webUsers.id, formSubmissions.webUserId))
      .leftJoin(contacts, eq(contacts.id, webUsers.contactId))
      .leftJoin(tickets, and(eq(tickets.id, formSubmissions.ticketId), eq(tickets.cid, formSubmissions.cid)))
      .where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

/** One submission of a form within what the caller sees (undefined otherwise). */
export async function findSubmission(db: Db, scope: Scope, wholeCustomer: boolean, formId: number, id: string) {
  const [row] = await submissionsFrom(db, submissionColumns)
    .where(and(eq(formSubmissions.formId, formId), eq(formSubmissions.id, id), scopeWhere(scope, wholeCustomer)))
    .limit(1);
  return row;
}

export async function insertSubmission(
  db: Db,
  scope: Scope,
  v: { formId: number; formVersionId: number; coreState: SubmissionState; currentPage: string | null; values: Record<string, unknown> },
): Promise<string> {
  const [row] = await db
    .insert(formSubmissions)
    .values({ ...v, cid: scope.cid, webUserId: scope.webUserId, submittedAt: v.coreState === 'Submitted' ? new Date() : null })
    .returning({ id: formSubmissions.id });
  return row!.id;
}

/** Changes a draft of the caller's; false when it is no longer a draft of theirs. */
export async function updateDraft(
  db: Db,
  scope: Scope,
  id: string,
  v: { coreState: SubmissionState; currentPage: string | null; values: Record<string, unknown> },
): Promise<boolean> {
  const now = new Date();
  const res = await db
    .update(formSubmissions)
    .set({ ...v, updatedAt: now, submittedAt: v.coreState === 'Submitted' ? now : null })
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.cid, scope.cid), eq(formSubmissions.webUserId, scope.webUserId), eq(formSubmissions.coreState, 'Draft')))
    .returning({ id: formSubmissions.id });
  return res.length > 0;
}

export async function linkTicket(db: Db, scope: Scope, id: string, ticketId: number): Promise<void> {
  await db
    .update(formSubmissions)
    .set({ ticketId })
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.cid, scope.cid)));
}

export async function deleteSubmission(db: Db, scope: Scope, id: string): Promise<boolean> {
  const res = await db
    .delete(formSubmissions)
    .where(and(eq(formSubmissions.id, id), eq(formSubmissions.cid, scope.cid)))
    .returning({ id: formSubmissions.id });
  return res.length > 0;
}

// --- definitions (space admin) ------------------------------------------------------------------

const submissionCount = sql<number>`(select count(*)::int from ${formSubmissions} where ${formSubmissions.formId} = ${forms.id})`;
const DEFINITION_SORTS = { name: forms.name, updatedAt: forms.updatedAt, status: forms.status } as const;
const definitionColumns = {
  id: forms.id,
  kappSlug: forms.kappSlug,
  slug: forms.slug,
  name: forms.name,
  description: forms.description,
  status: forms.status,
  customerId: forms.cid,
  customerName: customers.name,
  createsServiceRequest: forms.createsServiceRequest,
  version: versionNumber,
  submissions: submissionCount,
  updatedAt: forms.updatedAt,
  draftDefinition: forms.draftDefinition,
};

export async function selectDefinitionsPage(
  db: Db,
  kappSlug: string,
  r: { status?: FormDefinitionStatus | undefined; search?: string | undefined; sort: keyof typeof DEFINITION_SORTS },
  direction: SortDirection,
  slice: Slice,
) {
  const parts: SQL[] = [eq(forms.kappSlug, kappSlug)];
  if (r.status) parts.push(eq(forms.status, r.status));
  if (r.search) parts.push(or(ilike(forms.name, containsPattern(r.search)), ilike(forms.slug, containsPattern(r.search)))!);
  const where = and(...parts);
  const [rows, [total]] = await Promise.all([
    db
      .select(definitionColumns)
      .from(forms)
      .leftJoin(customers, eq(customers.id, forms.cid))
      .where(where)
      .orderBy(...sortOrder(direction, DEFINITION_SORTS[r.sort], forms.id))
      .limit(slice.limit)
      .offset(slice.offset),
    db.select({ n: count() }).from(forms).where(where),
  ]);
  return { rows, total: total?.n ?? 0 };
}

export async function findDefinition(db: Db, kappSlug: string, slug: string) {
  const [row] = await db
    .select(definitionColumns)
    .from(forms)
    .leftJoin(customers, eq(customers.id, forms.cid))
    .where(and(eq(forms.kappSlug, kappSlug), eq(forms.slug, slug)))
    .limit(1);
  return row;
}

export async function listVersions(db: Db, formId: number) {
  return db.select().from(formVersions).where(eq(formVersions.formId, formId)).orderBy(desc(formVersions.version));
}

export async function customerExists(db: Db, id: number): Promise<boolean> {
  const [row] = await db.select({ id: customers.id }).from(customers).where(eq(customers.id, id)).limit(1);
  return !!row;
}

export async function customerOptions(db: Db) {
  return db.select({ id: customers.id, name: customers.name }).from(customers).where(eq(customers.isActive, true)).orderBy(asc(customers.name));
}

export async function insertForm(
  db: Db,
  v: { kappSlug: string; slug: string; name: string; description: string | null; cid: number | null; createsServiceRequest: boolean; draftDefinition: FormDefinitionJson },
): Promise<boolean> {
  const res = await db.insert(forms).values(v).onConflictDoNothing().returning({ id: forms.id });
  return res.length > 0;
}

export async function updateForm(
  db: Db,
  id: number,
  v: Partial<{ name: string; description: string | null; cid: number | null; createsServiceRequest: boolean; draftDefinition: FormDefinitionJson; status: FormDefinitionStatus }>,
): Promise<void> {
  await db
    .update(forms)
    .set({ ...v, updatedAt: new Date() })
    .where(eq(forms.id, id));
}

/** Publishes a definition as the form's next version; the versions before it are retired. */
export async function publishVersion(db: Db, formId: number, definition: FormDefinitionJson, publishedBy: number | null): Promise<number> {
  const now = new Date();
  const [last] = await db
    .select({ n: max(formVersions.version) })
    .from(formVersions)
    .where(eq(formVersions.formId, formId));
  await db
    .update(formVersions)
    .set({ retiredAt: now })
    .where(and(eq(formVersions.formId, formId), isNull(formVersions.retiredAt)));
  const [row] = await db
    .insert(formVersions)
    .values({ formId, version: (last?.n ?? 0) + 1, definition, publishedAt: now, publishedBy })
    .returning({ id: formVersions.id });
  return row!.id;
}

export async function retireVersions(db: Db, formId: number): Promise<void> {
  await db
    .update(formVersions)
    .set({ retiredAt: new Date() })
    .where(and(eq(formVersions.formId, formId), isNull(formVersions.retiredAt)));
}
