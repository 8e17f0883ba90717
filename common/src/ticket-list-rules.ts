import type { SignedInUser } from './auth.ts';
import { TICKET_CRITERIA_KEYS, type TicketCriteria } from './tickets.ts';

// What the ticket list screens show or hide for the caller (requirements §2.1, §2.3, §2.4). The server
// enforces the same rules (a User's lists are restricted to its contact; `canEdit` of a row is
// canEditTicket), the web uses these functions so it never offers what the server refuses.

type Caller = Pick<SignedInUser, 'userType'>;

/** requirements §2.1, §2.4: the search box of the ticket lists is hidden for User. */
export const canSearchTicketLists = (c: Caller): boolean => c.userType !== 'User';

/** requirements §2.1, §2.3: the filter dialog's Assigned To selector is shown to every type except User. */
export const canFilterByAssignee = (c: Caller): boolean => c.userType !== 'User';

/** requirements §2.3: Edit on an incident row follows the row's `canEdit` (hidden for User/OperatorLimited on others' tickets). */
export const canEditIncidentRow = (row: { canEdit: boolean }): boolean => row.canEdit;

/**
 * requirements §2.3: Edit on a service-request row of the full grid is hidden for User and OperatorLimited
 * (whoever the contact is); for the other types it follows the row's `canEdit`.
 */
export const canEditRequestRowInList = (c: Caller, row: { canEdit: boolean }): boolean =>
  c.userType !== 'User' && c.userType !== 'OperatorLimited' && row.canEdit;

/** requirements §2.3: the target name is a link (to /contacts/view/{id}) only for an Administrator and only when the row has a target contact. */
export const canLinkTicketTarget = (c: Caller, row: { targetContactId: number | null }): boolean =>
  c.userType === 'Administrator' && row.targetContactId !== null;

/** requirements §2.3: the Search Tickets dialog's OK is disabled while the form has no values. */
export const hasTicketCriteria = (criteria: Partial<Record<keyof TicketCriteria, unknown>>): boolean =>
  TICKET_CRITERIA_KEYS.some((k) => {
    const v = criteria[k];
    return v !== undefined && v !== null && v !== '';
  });
