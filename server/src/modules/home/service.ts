import {
  CHAT_NAMES,
  ZTicketListRequestSchema,
  isCustomerUser,
  type AccountTeam,
  type AccountTeamMember,
  type ChatEndRequest,
  type ChatSettings,
  type HomeResponse,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { AppError } from '../../http/errors.ts';
import { countTicketsFor } from '../tickets/list.service.ts';
import { insertChatEnd } from './chat.queries.ts';
import { selectAccountTeam, selectContactCenterChat, type StaffRecord } from './queries.ts';

/** The list query behind the big numbers: exactly what /incidents?status=Open (a User: its own) asks. */
const OPEN_TICKETS = ZTicketListRequestSchema.parse({ status: 'Open' });

const memberOf = (s: StaffRecord | null): AccountTeamMember | null =>
  s ? { name: `${s.firstName} ${s.lastName}`, email: s.email, officePhone: s.officePhone, mobilePhone: s.mobilePhone } : null;

/** The account team of the caller's customer; null for a User (requirements §4.4: no account team cards). */
export async function accountTeamFor(db: Db, scope: Scope): Promise<AccountTeam | null> {
  if (isCustomerUser(scope)) return null;
  const team = await selectAccountTeam(db, scope.cid);
  if (!team) return null;
  return { accountManager: memberOf(team.accountManager), itConsultant: memberOf(team.itConsultant), techManager: memberOf(team.techManager) };
}

/** requirements §4.3: chat is shown only when enabled (a chat page is configured); disabled by default. */
async function chatSettingsFor(db: Db, config: Config, scope: Scope): Promise<ChatSettings> {
  if (!config.chatUrl) return { chatEnabled: false, chatName: CHAT_NAMES.default, chatUrl: null, remoteControlUrl: null };
  const contactCenter = await selectContactCenterChat(db, scope.cid, scope.contactId);
  return {
    chatEnabled: true,
    chatName: contactCenter ? CHAT_NAMES.contactCenter : CHAT_NAMES.default,
    chatUrl: config.chatUrl,
    remoteControlUrl: config.remoteControlUrl ?? null,
  };
}

/**
 * The home page's data for the caller (requirements §4.1 'Home page'): open incident and request counts through the
 * lists' own filter and count (so they equal the list totals), the account team and the chat settings.
 */
export async function homeFor(db: Db, config: Config, scope: Scope): Promise<HomeResponse> {
  const [incidents, requests, accountTeam, chat] = await Promise.all([
    countTicketsFor(db, scope, 'Incident', OPEN_TICKETS),
    countTicketsFor(db, scope, 'ServiceRequest', OPEN_TICKETS),
    accountTeamFor(db, scope),
    chatSettingsFor(db, config, scope),
  ]);
  return {
    openIncidents: incidents.total,
    openIncidentsIsEstimate: incidents.totalIsEstimate,
    openServiceRequests: requests.total,
    openServiceRequestsIsEstimate: requests.totalIsEstimate,
    accountTeam,
    chat,
  };
}

/**
 * Records the end of a chat (requirements §4.5 chat-end beacon) for the caller; the body names only the chat and the
 * user JSON. Refused while chat is disabled: nothing could have started a chat to end.
 */
export async function recordChatEnd(db: Db, config: Config, scope: Scope, body: ChatEndRequest): Promise<void> {
  if (!config.chatUrl) throw new AppError('FORBIDDEN', 'Chat is not enabled');
  await insertChatEnd(db, { cid: scope.cid, webUserId: scope.webUserId, chatId: body.chatId, payload: body.user });
}
