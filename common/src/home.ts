import { z } from 'zod';
import type { SignedInUser } from './auth.ts';

// The home page (requirements §4.1 'Home page', §4 'Account team record', §4.3 Chat, §4.5 chat-end beacon, §4).

/** requirements §4: the home grids show 10 rows of 32 px. */
export const HOME_GRID_ROWS = 10;
export const HOME_GRID_ROW_HEIGHT = 32;

/** requirements §4.1: the chat card is named Techy when the contact profile has contact-center chat enabled. */
export const CHAT_NAMES = { default: 'Chat with Us', contactCenter: 'Techy' } as const;
/** requirements §4.1: the title of the chat dialog (whatever the card is named). */
export const CHAT_DIALOG_TITLE = 'Chat with Us';
/** requirements §4.5: where the end-chat beacon is posted. */
export const CHAT_END_PATH = '/app/kapps/customer-portal/webApis/chat-end-by-chatid';

/** One member of the account team (requirements §4: …FullName, …MobilePhone, …OfficePhone, …Email). */
export const ZAccountTeamMemberSchema = z.object({
  name: z.string(),
  email: z.string(),
  officePhone: z.string().nullable(),
  mobilePhone: z.string().nullable(),
});
export type AccountTeamMember = z.infer<typeof ZAccountTeamMemberSchema>;

/** requirements §4 'Account team record' (CustSvcRep = Account Manager, ITConsultant, TechMgr); a role may be unfilled. */
export const ZAccountTeamSchema = z.object({
  accountManager: ZAccountTeamMemberSchema.nullable(),
  itConsultant: ZAccountTeamMemberSchema.nullable(),
  techManager: ZAccountTeamMemberSchema.nullable(),
});
export type AccountTeam = z.infer<typeof ZAccountTeamSchema>;

/** The chat settings for the caller (requirements §4.3: hidden unless enabled; disabled by default). */
export const ZChatSettingsSchema = z.object({
  chatEnabled: z.boolean(),
  /** 'Techy' or 'Chat with Us'. */
  chatName: z.string(),
  /** The external chat page the dialog embeds; null when chat is disabled. */
  chatUrl: z.string().nullable(),
  /** Live Remote Control's external page; null unless chat is enabled and the URL is configured ("shown with chat"). */
  remoteControlUrl: z.string().nullable(),
});
export type ChatSettings = z.infer<typeof ZChatSettingsSchema>;

/** GET /api/v1/home. */
export const ZHomeResponseSchema = z.object({
  /** Equal to the total of /incidents?status=Open for the caller's scope (a User: its own contact's). */
  openIncidents: z.number().int(),
  openIncidentsIsEstimate: z.boolean(),
  openServiceRequests: z.number().int(),
  openServiceRequestsIsEstimate: z.boolean(),
  /** null for a User (requirements §4.4: no account team cards). */
  accountTeam: ZAccountTeamSchema.nullable(),
  chat: ZChatSettingsSchema,
});
export type HomeResponse = z.infer<typeof ZHomeResponseSchema>;

/** Body of the chat-end beacon (requirements §4.5): the chat's id and the user JSON. */
export const ZChatEndRequestSchema = z.object({
  chatId: z.string().trim().min(1, 'chatId is required').max(120),
  user: z.record(z.string(), z.unknown()),
});
export type ChatEndRequest = z.infer<typeof ZChatEndRequestSchema>;

/** A request row as the home grid's Edit rule needs it. */
interface HomeGridEditRow {
  /** canEditTicket of the caller for the row, as the list API computes it. */
  canEdit: boolean;
  assignedStaffId: number | null;
  assignedContactId: number | null;
  reassignmentTemplateId: number | null;
}

/**
 * requirements §4.3: in the short home grid the Edit button of a request row is shown for non-User types when
 * the assignee or reassignment template id is negative. The original used -1 for "no assignee"; our
 * rows have no assignee (neither a technician nor a shared operator) instead. The general edit rule
 * (canEdit) still applies, so the button never leads to a refusal (docs/decisions/009).
 */
export function showHomeGridEdit(caller: Pick<SignedInUser, 'userType'>, row: HomeGridEditRow): boolean {
  if (caller.userType === 'User' || !row.canEdit) return false;
  const hasNoAssignee = row.assignedStaffId === null && row.assignedContactId === null;
  return hasNoAssignee || (row.reassignmentTemplateId !== null && row.reassignmentTemplateId < 0);
}
