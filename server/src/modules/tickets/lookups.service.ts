import { assigneeKey, type TicketLookupsResponse } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { selectAssignableContacts, selectAssignees, selectDepartments, selectProviderLookups, selectSites } from './lookups.queries.ts';

/**
 * The filter dialog's lookups for the caller's customer (requirements §2.2 'Lookups'). Every signed-in type may
 * read them; a User gets no assignees because it has no Assigned To selector (requirements §2.3). Assignees are
 * the provider's technicians and the customer's assignable contacts (docs/decisions/014-ticket-assignees.md).
 */
export async function getTicketLookups(db: Db, scope: Scope): Promise<TicketLookupsResponse> {
  const isUser = scope.userType === 'User';
  const [provider, staff, assignableContacts, deps, siteRows] = await Promise.all([
    selectProviderLookups(db),
    isUser ? Promise.resolve([]) : selectAssignees(db),
    isUser ? Promise.resolve([]) : selectAssignableContacts(db, scope.cid),
    selectDepartments(db, scope.cid),
    selectSites(db, scope.cid),
  ]);
  return {
    ...provider,
    // The same "First Last" the tickets store as AssignedToName, so a list's assignee reads as its option.
    assignees: [
      ...staff.map((s) => ({ key: assigneeKey('staff', s.id), kind: 'staff' as const, id: s.id, displayName: `${s.firstName} ${s.lastName}` })),
      ...assignableContacts.map((c) => ({ key: assigneeKey('contact', c.id), kind: 'contact' as const, id: c.id, displayName: `${c.firstName} ${c.lastName}` })),
    ],
    departments: deps.map((d) => ({ ...d, key: `${d.id} ${d.boardId ?? ''} ${d.type}` })),
    sites: siteRows,
  };
}
