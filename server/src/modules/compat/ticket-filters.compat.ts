import {
  ZTicketCriteriaSchema,
  type TicketFilterDocument,
  type TicketFilterSearchType,
  type ZTicketFilterQueryCompatRequestSchema,
  type ZTicketFilterUpsertCompatRequestSchema,
} from '@sc/common';
import type { z } from 'zod';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { badRequest } from '../../http/errors.ts';
import { selectVisibleFilter, selectVisibleFilters, type TicketFilterRecord } from '../tickets/filters.queries.ts';
import { saveTicketFilter } from '../tickets/filters.service.ts';

// The original's web APIs upsert-ticket-filter and query-ticket-filters (requirements §16.4) over the saved-filters
// service: the same customer scope, visibility (public or the caller's own) and name ownership as /api/v1/ticket-filters.

const toDocument = (r: TicketFilterRecord): TicketFilterDocument => {
  const criteria = ZTicketCriteriaSchema.safeParse(r.criteria);
  return {
    id: r.id,
    SearchName: r.searchName,
    IsPublic: r.isPublic,
    OwnerName: r.ownerName,
    UserId: r.ownerWebUserId,
    UpdatedDate: r.updatedDate.toISOString(),
    UpdatedBy: r.updatedBy,
    partitionKey: r.searchType,
    criteria: criteria.success ? criteria.data : {},
  };
};

/** Saves under md5(SearchName) (requirements §3 'Saved ticket filter'); another account's name is refused (403). */
export async function upsertTicketFilterDocument(db: Db, scope: Scope, body: z.output<typeof ZTicketFilterUpsertCompatRequestSchema>) {
  const doc = body.documentJson;
  const searchType: TicketFilterSearchType | undefined = body.partitionKey ?? doc.partitionKey;
  if (!searchType) throw badRequest({ partitionKey: 'Incidents or Requests is required' });
  const saved = await saveTicketFilter(db, scope, { searchType, searchName: doc.SearchName, isPublic: doc.IsPublic, criteria: doc.criteria ?? {} });
  const row = await selectVisibleFilter(db, scope.cid, searchType, scope.webUserId, saved.id);
  return { result: 'ok' as const, document: toDocument(row!) };
}

/**
 * query-ticket-filters: the original issued two queries, the count of the partition's filters that are public
 * or the caller's, and the page by offset and limit. Both answers come back together: totalRecords is the
 * count, Documents the page (empty when only the count was asked).
 */
export async function queryTicketFilterDocuments(db: Db, scope: Scope, body: z.output<typeof ZTicketFilterQueryCompatRequestSchema>) {
  const q = body.queryExpression;
  const { rows, total } = await selectVisibleFilters(db, scope.cid, body.partitionKey, scope.webUserId, 'asc', { limit: q.count ? 0 : q.limit, offset: q.offset });
  return { Documents: q.count ? [] : rows.map(toDocument), totalRecords: total };
}

