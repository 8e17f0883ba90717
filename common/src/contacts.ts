import { z } from 'zod';
import { zId, zIdDigits, zIdValue } from './ids.ts';
import { optionalPhone, optionalText } from './text-fields.ts';
import { ZUserTypeSchema } from './user-types.ts';
import { listQuerySchema, pageOf, withoutPaging } from './list.ts';
import { ZTicketTypeSchema } from './ticket-types.ts';

// Contacts (requirements §8.1, §8.2 Contact, §8.3, §8 All Contacts / Contact by ID / AllContactsExport,
// delete-contact, contact-approve-authenticated). Administrator only (requirements §8.4, navigation.canManageContacts).

/** requirements §8.6: the contacts list shows 20 rows a page. */
const CONTACTS_PAGE_SIZE = 20;
/** requirements §8.6: the export is page 1 with page size 2000. */
export const CONTACTS_EXPORT_LIMIT = 2000;
/** requirements §8.6: search debounce. */
export const CONTACT_SEARCH_DEBOUNCE_MS = 800;
/** requirements §8.6: success redirect delay. */
export const CONTACT_SAVED_REDIRECT_MS = 2500;

/** requirements §8.1: sortable by FirstName, LastName, EmailAddress, DirectPhone, MobilePhone, Title; default ContactID. */
export const CONTACT_SORT_KEYS = ['id', 'firstName', 'lastName', 'email', 'directPhone', 'mobilePhone', 'title'] as const;
export type ContactSortKey = (typeof CONTACT_SORT_KEYS)[number];

export const CONTACT_MESSAGES = {
  notAuthorized: "You're not authorized to view/edit this contact",
  saved: 'Contact data has been successfully saved',
  accessSaved: 'CMS Access changes saved',
  loadFailed: 'An Error Occurred',
  saveTitle: 'Save Changes?',
  saveText: "You're about to update contact record",
  /** The spec's confirmation speaks of updating; a new contact is created, so it says so. */
  createText: "You're about to create a new contact record",
  cancelTitle: 'Are you sure?',
  cancelText: 'If you have unsaved changes, they will be lost.',
  leavePage: 'Are you sure you want to leave?',
  disableText: 'Are you sure you want to disable this contact?',
  approveText: 'Are you sure you want to approve this contact?',
  exportTitle: 'Export Contacts',
  notPending: 'This contact is not pending approval',
  disableFailed: (last: string, first: string, message: string) => `Failed to disable contact for: ${last}, ${first} ${message}`,
  approveFailed: (last: string, first: string, message: string) => `Failed to approve contact for: ${last}, ${first} ${message}`,
} as const;

/** Phone numbers as (xxx) xxx-xxxx (requirements §8.1); anything that is not 10 digits (or 1 + 10) is shown as typed. */
export function formatPhone(phone: string | null | undefined): string {
  if (!phone) return '';
  const digits = phone.replace(/\D/g, '');
  const ten = digits.length === 11 && digits.startsWith('1') ? digits.slice(1) : digits;
  if (ten.length !== 10) return phone;
  return `(${ten.slice(0, 3)}) ${ten.slice(3, 6)}-${ten.slice(6)}`;
}

const zBool = z.union([z.boolean(), z.stringbool()]);

export const ZContactIdParamsSchema = z.object({ id: zId });

export const ZContactListRequestSchema = listQuerySchema({
  defaultPageSize: CONTACTS_PAGE_SIZE,
  sorts: CONTACT_SORT_KEYS,
  /** docs/requirements.md §8.1: default ContactID, newest first. */
  defaultSort: 'id',
  defaultDirection: 'desc',
  search: true,
  filters: {
    /** IsPending filter of All Contacts. */
    isPending: zBool.optional(),
    /** IncludeInactive of All Contacts: disabled contacts are left out unless asked. */
    includeInactive: zBool.optional(),
  },
});
export type ContactListRequest = Partial<z.output<typeof ZContactListRequestSchema>>;

export const ZContactExportRequestSchema = withoutPaging(ZContactListRequestSchema);

export const ZContactRowSchema = z.object({
  id: z.number().int(),
  cid: z.number().int(),
  firstName: z.string(),
  middleInitial: z.string().nullable(),
  lastName: z.string(),
  displayName: z.string(),
  organizationName: z.string(),
  email: z.string().nullable(),
  directPhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
  title: z.string().nullable(),
  isVip: z.boolean(),
  isPending: z.boolean(),
  isActive: z.boolean(),
});
export type ContactRow = z.infer<typeof ZContactRowSchema>;

export const ZContactListResponseSchema = pageOf(ZContactRowSchema);
export type ContactListResponse = z.infer<typeof ZContactListResponseSchema>;

/** The contact's portal account (the CMS Access dialog); null when it has none. */
export const ZContactAccessSchema = z.object({
  webUserId: z.number().int(),
  userName: z.string(),
  userType: ZUserTypeSchema,
  isActive: z.boolean(),
  isEmailVerified: z.boolean(),
  lastLoginAt: z.string().nullable(),
});

export const ZContactDetailSchema = ZContactRowSchema.extend({
  siteId: z.number().int().nullable(),
  siteName: z.string().nullable(),
  departmentId: z.number().int().nullable(),
  departmentName: z.string().nullable(),
  primaryContactId: z.number().int().nullable(),
  isPrimary: z.boolean(),
  timeZone: z.string(),
  access: ZContactAccessSchema.nullable(),
});
export type ContactDetail = z.infer<typeof ZContactDetailSchema>;

/** The contact form (new-contact / update-contact); the same schema resolves the web form. */
export const ZContactSaveRequestSchema = z.object({
  firstName: z.string().trim().min(1, 'First Name is required').max(80, 'First Name must be at most 80 characters'),
  middleInitial: optionalText(4, 'Middle Initial'),
  lastName: z.string().trim().min(1, 'Last Name is required').max(80, 'Last Name must be at most 80 characters'),
  email: optionalText(254, 'Email').refine((v) => v === null || z.email().safeParse(v).success, 'Email must be a valid e-mail address'),
  directPhone: optionalPhone('Phone'),
  mobilePhone: optionalPhone('Mobile'),
  title: optionalText(120, 'Title'),
  isVip: z.boolean().default(false),
  siteId: zIdValue.nullable().optional().transform((v) => v ?? null),
  departmentId: zIdValue.nullable().optional().transform((v) => v ?? null),
});
export type ContactSaveRequest = z.input<typeof ZContactSaveRequestSchema>;
export type ContactSaveValues = z.output<typeof ZContactSaveRequestSchema>;

/** The CMS Access dialog: the account's user type and active flag. */
export const ZContactAccessUpdateSchema = z.object({
  userType: ZUserTypeSchema,
  isActive: z.boolean(),
});
export type ContactAccessUpdate = z.infer<typeof ZContactAccessUpdateSchema>;

export const ZContactLookupsResponseSchema = z.object({
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
  departments: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type ContactLookupsResponse = z.infer<typeof ZContactLookupsResponseSchema>;

/** /contact/preferences/{id}: the contact's e-mail preferences (customer-care-email-preferences). */
export const ZContactEmailPreferencesSchema = z.object({
  optOutMarketing: z.boolean(),
  optOutSurveys: z.boolean(),
  optOutTicketUpdates: z.boolean(),
  updatedAt: z.string().nullable(),
});
export type ContactEmailPreferences = z.infer<typeof ZContactEmailPreferencesSchema>;

/** /contact/incidents|requests/{id}: that contact's tickets. */
export const ZContactTicketsRequestSchema = listQuerySchema({
  defaultPageSize: 10,
  sorts: ['id'],
  defaultSort: 'id',
  defaultDirection: 'desc',
  search: false,
  filters: { type: ZTicketTypeSchema },
});
export type ContactTicketsRequestInput = z.input<typeof ZContactTicketsRequestSchema>;
export const ZContactTicketRowSchema = z.object({
  id: z.number().int(),
  ticketNo: z.string(),
  shortDescription: z.string(),
  status: z.string(),
  openDate: z.string(),
});
export type ContactTicketRow = z.infer<typeof ZContactTicketRowSchema>;
export const ZContactTicketsResponseSchema = pageOf(ZContactTicketRowSchema);
export type ContactTicketsResponse = z.infer<typeof ZContactTicketsResponseSchema>;


export const ZContactActionResponseSchema = z.object({ id: z.number().int(), ok: z.literal(true) });

/** The original's delete-contact / contact-approve-authenticated body: the contact id (number, numeric string or { id }). */
export const ZContactIdCompatRequestSchema = z.union([
  zIdValue,
  zIdDigits('Expected a contact id'),
  z.object({ id: zIdValue }).transform((o) => o.id),
]);
