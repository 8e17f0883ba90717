import { and, eq } from 'drizzle-orm';
import type { Db } from '../client.ts';
import { forms, formVersions } from '../schema/index.ts';
import { FORM_CATALOG } from './form-catalog.ts';
import { REFERENCE_DATE } from './random.ts';

/**
 * The form catalogue of kapp customer-portal (requirements §14.1), published as version 1 for every
 * customer. Idempotent: a form that exists (by kapp and slug) is left as the space admin made it.
 */
export async function seedFormCatalog(db: Db): Promise<number> {
  let added = 0;
  for (const f of FORM_CATALOG) {
    const [row] = await db
      .insert(forms)
      .values({
        kappSlug: 'customer-portal',
        slug: f.slug,
        name: f.name,
        description: f.description,
        createsServiceRequest: f.createsServiceRequest,
        draftDefinition: f.definition,
        status: 'Published',
        createdAt: REFERENCE_DATE,
        updatedAt: REFERENCE_DATE,
      })
      .onConflictDoNothing()
      .returning({ id: forms.id });
    if (!row) continue;
    const [existing] = await db
      .select({ id: formVersions.id })
      .from(formVersions)
      .where(and(eq(formVersions.formId, row.id), eq(formVersions.version, 1)));
    if (!existing) await db.insert(formVersions).values({ formId: row.id, version: 1, definition: f.definition, publishedAt: REFERENCE_DATE });
    added++;
  }
  return added;
}
