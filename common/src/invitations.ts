import { z } from 'zod';
import { zIdValue } from './ids.ts';
import { listQuerySchema, pageOf } from './list.ts';
import { USER_TYPES, ZUserTypeSchema, type UserType } from './user-types.ts';

// Invitations to the portal (requirements §9.1 invites, §9 Contact for invite, §9.3, §9 Contacts2Invite,
// All Invited Contacts, invite-send, delete-invite). Administrator only.

/** requirements §9.6: invite contacts default page size 10. */
const INVITES_PAGE_SIZE = 10;
/** The invitation lists' search debounce (as the contacts list's). */
export const INVITE_SEARCH_DEBOUNCE_MS = 800;
/** requirements §9.3: the list refreshes 1500 ms after an invitation action. */
export const INVITES_REFRESH_MS = 1500;
/** How long an invitation link works (the spec is silent: a week, as most portals do). */
export const INVITE_TOKEN_TTL_HOURS = 168;
/** Most contacts one send / re-send / delete may carry. */
const INVITES_BATCH_MAX = 100;

export const INVITE_MESSAGES = {
  confirmSend: (n: number) => `Are you sure you want to send/re-send invitations to ${n} contacts?`,
  sent: (n: number, runId: string) => `Invitations sent successfully to ${n} contacts with runid: ${runId}`,
  confirmDelete: (n: number) => `Are you sure you want to delete invitations for ${n} contacts?`,
  deleted: (n: number, runId: string) => `Invitations successfully deleted for: ${n} contacts with runId: ${runId}`,
  sendFailed: (error: string) => `Failed to send invites with: ${error}`,
  deleteFailed: (error: string) => `Failed to delete invites with: ${error}`,
  alreadyInvited: 'This contact is already invited or has an active portal account',
  operatorNotAllowed: 'Operator is only offered for HD shared operators',
  noEmail: 'This contact has no e-mail address',
} as const;

/** A candidate can be selected only when neither Is Invited CMS nor Is Active CMS is set (requirements §9.3). */
export const canSelectInviteCandidate = (c: { isInvited: boolean; isActive: boolean }): boolean => !c.isInvited && !c.isActive;

/** requirements §9.1: User, Operator (only for an HD shared operator), Operator Ltd., Administrator. */
export const inviteUserTypeOptions = (c: { isHdSharedOperator: boolean }): UserType[] =>
  (['User', 'Operator', 'OperatorLimited', 'Administrator'] as const).filter((t) => t !== 'Operator' || c.isHdSharedOperator);


/** Contacts2Invite: by last and first name. */
export const ZInviteListRequestSchema = listQuerySchema({
  defaultPageSize: INVITES_PAGE_SIZE,
  sorts: ['lastName'],
  defaultSort: 'lastName',
  defaultDirection: 'asc',
  search: true,
});
/** All Invited Contacts: newest invitation first. */
export const ZInvitationListRequestSchema = listQuerySchema({
  defaultPageSize: INVITES_PAGE_SIZE,
  sorts: ['id'],
  defaultSort: 'id',
  defaultDirection: 'desc',
  search: true,
});
export type InvitationListRequest = Partial<z.output<typeof ZInvitationListRequestSchema>>;
export type InviteListRequest = Partial<z.output<typeof ZInviteListRequestSchema>>;

export const ZInviteCandidateSchema = z.object({
  contactId: z.number().int(),
  primaryContactId: z.number().int().nullable(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string().nullable(),
  /** The account's type when it has one, else the pending invitation's, else null. */
  userType: z.nullable(ZUserTypeSchema),
  isInvited: z.boolean(),
  isActive: z.boolean(),
  isHdSharedOperator: z.boolean(),
  isEmailVerified: z.boolean(),
  invitationId: z.number().int().nullable(),
});
export type InviteCandidate = z.infer<typeof ZInviteCandidateSchema>;

export const ZInviteCandidatesResponseSchema = pageOf(ZInviteCandidateSchema);
export type InviteCandidatesResponse = z.infer<typeof ZInviteCandidatesResponseSchema>;

export const ZInvitationRowSchema = z.object({
  id: z.number().int(),
  contactId: z.number().int(),
  firstName: z.string(),
  lastName: z.string(),
  email: z.string(),
  userType: ZUserTypeSchema,
  runId: z.string(),
  sentAt: z.string(),
});
export type InvitationRow = z.infer<typeof ZInvitationRowSchema>;

export const ZInvitationsResponseSchema = pageOf(ZInvitationRowSchema);
export type InvitationsResponse = z.infer<typeof ZInvitationsResponseSchema>;

/** invite-send: the chosen contacts with the user type each gets. */
export const ZInviteSendRequestSchema = z.object({
  contacts: z
    .array(z.object({ contactId: zIdValue, userType: z.enum(USER_TYPES) }))
    .min(1, 'Select at least one contact')
    .max(INVITES_BATCH_MAX, `At most ${INVITES_BATCH_MAX} contacts at a time`)
    .refine((a) => new Set(a.map((c) => c.contactId)).size === a.length, 'A contact is listed twice'),
});
export type InviteSendRequest = z.infer<typeof ZInviteSendRequestSchema>;

/** Re-send and delete-invite: the CCWebInvitationIDs. */
export const ZInvitationIdsRequestSchema = z.object({
  invitationIds: z
    .array(zIdValue)
    .min(1, 'Select at least one invitation')
    .max(INVITES_BATCH_MAX, `At most ${INVITES_BATCH_MAX} invitations at a time`)
    .refine((a) => new Set(a).size === a.length, 'An invitation is listed twice'),
});
export type InvitationIdsRequest = z.infer<typeof ZInvitationIdsRequestSchema>;

export const ZInviteRunResponseSchema = z.object({ runId: z.string(), count: z.number().int() });
export type InviteRunResponse = z.infer<typeof ZInviteRunResponseSchema>;

/** One page of open invitations as CSV: the list's own query with pages of up to 2000 rows. */
export const ZInviteExportRequestSchema = listQuerySchema({
  defaultPageSize: INVITES_PAGE_SIZE,
  maxPageSize: 2000,
  sorts: ['id'],
  defaultSort: 'id',
  defaultDirection: 'desc',
  search: true,
});

/** The original's invite-send payload: a list of contacts (the user is taken from the session). */
export const ZInviteSendCompatRequestSchema = z
  .array(
    z.object({
      ContactID: zIdValue,
      UserType: z.enum(USER_TYPES),
      FirstName: z.string().optional(),
      LastName: z.string().optional(),
      EmailAddress: z.string().optional(),
      PrimaryContactID: z.number().int().nullable().optional(),
    }),
  )
  .min(1, 'Select at least one contact')
  .max(INVITES_BATCH_MAX);
/** The original's delete-invite payload: a list of CCWebInvitationID. */
export const ZInviteDeleteCompatRequestSchema = z.array(zIdValue).min(1, 'Select at least one invitation').max(INVITES_BATCH_MAX);
