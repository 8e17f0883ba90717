import { z } from 'zod';
import type { SignedInUser } from './auth.ts';
import { DEFAULT_PAGE_SIZE, listQuerySchema, pageOf, PAGE_SIZES } from './list.ts';
import { isOperatorType } from './user-types.ts';
import { boundedJson, type JsonBounds } from './json-bounds.ts';

// The generic form engine (requirements §14.1): kapps, form definitions (SurveyJS JSON, versioned),
// submissions, drafts. The server enforces the predicates below; the web uses them to show or hide.

/** The one kapp of the portal (spec: 'an application named customer-portal'). */
export const KAPP_SLUGS = ['customer-portal'] as const;
export const CUSTOMER_PORTAL_KAPP = 'customer-portal';
export const KAPP_NAMES: Record<string, string> = { 'customer-portal': 'Customer Portal' };

export const FORM_DEFINITION_STATUSES = ['Draft', 'Published', 'Retired'] as const;
export type FormDefinitionStatus = (typeof FORM_DEFINITION_STATUSES)[number];
/** spec §3: 'Form-engine submission coreState includes Draft'; Submitted is ours (a finished submission). */
export const SUBMISSION_STATES = ['Draft', 'Submitted'] as const;
export type SubmissionState = (typeof SUBMISSION_STATES)[number];

/** Texts of the spec (portal-shell-and-tickets §8) and ours for the form pages. */
export const FORM_TEXTS = {
  loadingForm: 'Loading form...',
  loadingForms: 'Loading Forms...',
  noForms: 'There are no Forms to display.',
  noSubmissions: 'No submissions to display',
  submitNew: 'Submit New',
  review: 'Review',
  delete: 'Delete',
  saveDraft: 'Save Draft',
  draftSaved: 'Draft saved',
  submitted: 'Submission received',
  deleted: 'Submission deleted',
  deleteTitle: 'Delete submission?',
  deleteText: 'This submission will be deleted. The service request it created stays.',
  formNotFound: 'Form not found',
  submissionNotFound: 'Submission not found',
  kappNotFound: 'Kapp not found',
  onlyDraftChanges: 'Only a draft can be changed',
  published: 'Form published',
  retired: 'Form retired',
  saved: 'Form saved',
} as const;

// --- who may do what ----------------------------------------------------------------------------

type Who = Pick<SignedInUser, 'userType' | 'spaceAdmin'>;
interface SubmissionOwner {
  webUserId: number | null;
  coreState: SubmissionState;
}
type Caller = Who & { ccWebUserId: number };

/** The provider's space admin manages form definitions (issue 16). */
export const canManageForms = (u: Pick<SignedInUser, 'spaceAdmin'>): boolean => u.spaceAdmin;
/**
 * Whose submissions a caller sees: a User its own; an Administrator and Operator* (who see Org
 * Tickets, spec §6) every submission of its customer.
 */
export const seesCustomerSubmissions = (u: Who): boolean => u.userType === 'Administrator' || isOperatorType(u.userType);
/** Only its author continues a draft; a submitted submission is read-only. */
export const canEditSubmission = (u: Caller, s: SubmissionOwner): boolean => s.coreState === 'Draft' && s.webUserId === u.ccWebUserId;
/** Its author deletes its own submissions; an Administrator any of its customer's. */
export const canDeleteSubmission = (u: Caller, s: SubmissionOwner): boolean => u.userType === 'Administrator' || s.webUserId === u.ccWebUserId;

// --- schemas ------------------------------------------------------------------------------------

const slug = z
  .string()
  .trim()
  .min(1)
  .max(80)
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Use lower-case letters, digits and single hyphens');

export const ZKappParamsSchema = z.object({ kappSlug: slug });
export const ZFormParamsSchema = z.object({ kappSlug: slug, formSlug: slug });
export const ZSubmissionParamsSchema = ZFormParamsSchema.extend({ id: z.uuid() });

/** A SurveyJS form definition; its content is checked by the server with the form library's model. */
export const ZFormDefinitionSchema = z.record(z.string(), z.unknown());
export type FormDefinition = z.infer<typeof ZFormDefinitionSchema>;

/** How deep one answer may nest: a dynamic panel of matrices is 4 levels; 10 leaves room and no abuse. */
export const ANSWER_JSON_BOUNDS: JsonBounds = { maxDepth: 10, maxNodes: 5_000 };

/** The answers of a submission, keyed by question name; each answer within ANSWER_JSON_BOUNDS (a 400 names it). */
export const ZSubmissionValuesSchema = z.record(z.string().max(120), boundedJson(ANSWER_JSON_BOUNDS));

/** GET /kapps/:kappSlug/forms: the forms the caller may use (Published, for all customers or its own). */
export const ZFormCatalogRequestSchema = listQuerySchema({
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: ['name'],
  defaultSort: 'name',
  defaultDirection: 'asc',
  /** Name or description contains the term. */
  search: true,
});
export type FormCatalogRequest = z.infer<typeof ZFormCatalogRequestSchema>;

export const ZFormSummarySchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  createsServiceRequest: z.boolean(),
  version: z.number().int().nullable(),
});
export const ZFormCatalogResponseSchema = pageOf(ZFormSummarySchema);
export type FormCatalogResponse = z.infer<typeof ZFormCatalogResponseSchema>;

/** GET /kapps/:kappSlug/forms/:formSlug: the published version to fill in. */
export const ZFormResponseSchema = ZFormSummarySchema.extend({
  kappSlug: z.string(),
  kappName: z.string(),
  versionId: z.number().int(),
  version: z.number().int(),
  definition: ZFormDefinitionSchema,
});
export type FormResponse = z.infer<typeof ZFormResponseSchema>;

/** POST …/submissions (create) and PUT …/submissions/:id (a draft continued): Draft keeps it open, Submitted finishes it. */
export const ZSaveSubmissionRequestSchema = z.object({
  coreState: z.enum(SUBMISSION_STATES),
  /** The page the person was on (the page's name); a draft resumes there. */
  currentPage: z.string().trim().max(120).nullable().optional(),
  values: ZSubmissionValuesSchema,
});
export type SaveSubmissionRequest = z.infer<typeof ZSaveSubmissionRequestSchema>;

export const ZSubmissionListRequestSchema = listQuerySchema({
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: ['createdAt', 'updatedAt', 'coreState'],
  defaultSort: 'createdAt',
  defaultDirection: 'desc',
  /** An answer, the submitter's name or the service request's number contains the term. */
  search: true,
  filters: { coreState: z.enum(SUBMISSION_STATES).optional() },
});
export type SubmissionListRequest = z.infer<typeof ZSubmissionListRequestSchema>;

export const ZSubmissionRowSchema = z.object({
  id: z.string(),
  coreState: z.enum(SUBMISSION_STATES),
  currentPage: z.string().nullable(),
  submittedByName: z.string().nullable(),
  version: z.number().int().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  submittedAt: z.string().nullable(),
  ticketId: z.number().int().nullable(),
  ticketNo: z.string().nullable(),
  /** The first answers, as a one-line summary. */
  summary: z.string(),
  canEdit: z.boolean(),
  canDelete: z.boolean(),
});
export type SubmissionRow = z.infer<typeof ZSubmissionRowSchema>;
export const ZSubmissionListResponseSchema = pageOf(ZSubmissionRowSchema).extend({ formName: z.string() });
export type SubmissionListResponse = z.infer<typeof ZSubmissionListResponseSchema>;

/** One submission with the definition of the version it was made with (null for the first seeded field lists). */
export const ZSubmissionSchema = ZSubmissionRowSchema.extend({
  formSlug: z.string(),
  formName: z.string(),
  versionId: z.number().int().nullable(),
  definition: ZFormDefinitionSchema.nullable(),
  values: ZSubmissionValuesSchema,
});
export type Submission = z.infer<typeof ZSubmissionSchema>;

// --- definitions (space admin) ------------------------------------------------------------------

export const ZFormDefinitionListRequestSchema = listQuerySchema({
  pageSizes: PAGE_SIZES,
  defaultPageSize: DEFAULT_PAGE_SIZE,
  sorts: ['name', 'updatedAt', 'status'],
  defaultSort: 'name',
  defaultDirection: 'asc',
  search: true,
  filters: { status: z.enum(FORM_DEFINITION_STATUSES).optional() },
});
export type FormDefinitionListRequest = z.infer<typeof ZFormDefinitionListRequestSchema>;

export const ZFormDefinitionRowSchema = z.object({
  slug: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  status: z.enum(FORM_DEFINITION_STATUSES),
  /** null: every customer. */
  customerId: z.number().int().nullable(),
  customerName: z.string().nullable(),
  createsServiceRequest: z.boolean(),
  version: z.number().int().nullable(),
  submissions: z.number().int(),
  updatedAt: z.string(),
});
export type FormDefinitionRow = z.infer<typeof ZFormDefinitionRowSchema>;
export const ZFormDefinitionListResponseSchema = pageOf(ZFormDefinitionRowSchema);
export type FormDefinitionListResponse = z.infer<typeof ZFormDefinitionListResponseSchema>;

export const ZFormVersionSchema = z.object({
  id: z.number().int(),
  version: z.number().int(),
  publishedAt: z.string(),
  retiredAt: z.string().nullable(),
});
export const ZCustomerOptionSchema = z.object({ id: z.number().int(), name: z.string() });
export type CustomerOption = z.infer<typeof ZCustomerOptionSchema>;

export const ZFormDefinitionDetailSchema = ZFormDefinitionRowSchema.extend({
  kappSlug: z.string(),
  /** The working copy the editor changes; Publish makes it the next version. */
  definition: ZFormDefinitionSchema,
  versions: z.array(ZFormVersionSchema),
  /** Whether the working copy differs from the newest published version. */
  hasUnpublishedChanges: z.boolean(),
});
export type FormDefinitionDetail = z.infer<typeof ZFormDefinitionDetailSchema>;

const editable = {
  name: z.string().trim().min(1).max(200),
  description: z.string().trim().max(2000).nullable().optional(),
  customerId: z.number().int().positive().nullable(),
  createsServiceRequest: z.boolean(),
  definition: ZFormDefinitionSchema,
};
export const ZCreateFormDefinitionRequestSchema = z.object({ slug, ...editable });
export type CreateFormDefinitionRequest = z.infer<typeof ZCreateFormDefinitionRequestSchema>;
export const ZUpdateFormDefinitionRequestSchema = z.object(editable);
export type UpdateFormDefinitionRequest = z.infer<typeof ZUpdateFormDefinitionRequestSchema>;

export const ZCustomerOptionsResponseSchema = z.object({ rows: z.array(ZCustomerOptionSchema) });
