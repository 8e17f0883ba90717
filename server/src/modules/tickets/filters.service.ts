import { createHash } from 'node:crypto';
import {
  TICKET_FILTER_MESSAGES,
  ZTicketCriteriaSchema,
  type ZTicketFilterSaveRequestSchema,
  type TicketFilter,
  type TicketFilterListRequest,
  type TicketFilterListResponse,
  type TicketFilterSearchType,
} from '@sc/common';
import type { z } from 'zod';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import { offsetPage } from '../../http/paging.ts';
import { deleteOwnFilter, selectVisibleFilter, selectVisibleFilters, upsertOwnFilter, type TicketFilterRecord } from './filters.queries.ts';

/** requirements §2.2: the id of a saved filter is the MD5 hex of its name. */
const filterIdOf = (searchName: string): string => createHash('md5').update(searchName, 'utf8').digest('hex');

function present(scope: Scope, r: TicketFilterRecord): TicketFilter {
  // Stored criteria were validated on save; anything unreadable is dropped rather than failing the list.
  const parsed = ZTicketCriteriaSchema.safeParse(r.criteria);
  return {
    id: r.id,
    searchType: r.searchType,
    searchName: r.searchName,
    isPublic: r.isPublic,
    ownerName: r.ownerName,
    isMine: r.ownerWebUserId === scope.webUserId,
    updatedDate: r.updatedDate.toISOString(),
    criteria: parsed.success ? parsed.data : {},
  };
}

/** The caller's saved filters of one search type: public ones of its customer and its own private ones. */
export async function listTicketFilters(db: Db, scope: Scope, q: TicketFilterListRequest): Promise<TicketFilterListResponse> {
  return offsetPage(q, async (slice) => {
    const { rows, total } = await selectVisibleFilters(db, scope.cid, q.searchType, scope.webUserId, q.direction, slice);
    return { rows: rows.map((r) => present(scope, r)), total };
  });
}

/** One saved filter, if the caller may see it (another customer's answers 404 like a missing one). */
export async function getTicketFilter(db: Db, scope: Scope, searchType: TicketFilterSearchType, id: string): Promise<TicketFilter> {
  const row = await selectVisibleFilter(db, scope.cid, searchType, scope.webUserId, id);
  if (!row) throw notFound('Filter not found');
  return present(scope, row);
}

/**
 * Saves under md5(name): a new filter, or the caller's own filter of that name overwritten. A name
 * taken by another account's filter is refused (403), so nobody rewrites a colleague's public filter.
 */
export async function saveTicketFilter(db: Db, scope: Scope, body: z.infer<typeof ZTicketFilterSaveRequestSchema>): Promise<TicketFilter> {
  const row = await upsertOwnFilter(db, {
    id: filterIdOf(body.searchName),
    cid: scope.cid,
    searchType: body.searchType,
    searchName: body.searchName,
    isPublic: body.isPublic,
    ownerWebUserId: scope.webUserId,
    ownerName: `${scope.user.firstName} ${scope.user.lastName}`.trim() || scope.email,
    criteria: body.criteria,
    updatedBy: scope.email,
  });
  if (!row) throw forbidden(TICKET_FILTER_MESSAGES.nameTaken);
  return present(scope, row);
}

/** Deletes one of the caller's own filters; another account's is 403, a missing one 404. */
export async function deleteTicketFilter(db: Db, scope: Scope, searchType: TicketFilterSearchType, id: string): Promise<void> {
  if (await deleteOwnFilter(db, scope.cid, searchType, scope.webUserId, id)) return;
  const visible = await selectVisibleFilter(db, scope.cid, searchType, scope.webUserId, id);
  if (visible) throw forbidden();
  throw new AppError('NOT_FOUND', 'Filter not found');
}
