import type { TicketLookupsResponse } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { selectAssignees, selectDepartments, selectProviderLookups, selectSites } from './lookups.queries.ts';

/**
 * The filter dialog's lookups for the caller's customer (requirements §2.2 'Lookups'). Every signed-in type may
 * read them; a User gets no assignees because it has no Assigned To selector (requirements §2.3).
 */
export async function getTicketLookups(db: Db, scope: Scope): Promise<TicketLookupsResponse> {
  const [provider, staff, deps, siteRows] = await Promise.all([
    selectProviderLookups(db),
    scope.userType === 'User' ? Promise.resolve([]) : selectAssignees(db),
    selectDepartments(db, scope.cid),
    selectSites(db, scope.cid),
  ]);
  return {
    ...provider,
    assignees: staff.map((s) => ({ id: s.id, displayName: `${s.firstName} ${s.lastName}` })),
    departments: deps.map((d) => ({ ...d, key: `${d.id} ${d.boardId ?? ''} ${d.type}` })),
    sites: siteRows,
  };
}
