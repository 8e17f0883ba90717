import { SEARCH_LIMIT_PER_TYPE, SEARCH_TYPE, searchReach, type SearchGroup, type SearchQuery, type SearchRecord, type SearchResponse, type SearchType } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { searchAll } from './queries.ts';

/** One more than shown, to tell whether there were more. */
const FETCH = SEARCH_LIMIT_PER_TYPE + 1;

const groupOf = (searchType: SearchType, rows: SearchRecord[]): SearchGroup => ({
  searchType,
  records: rows.slice(0, SEARCH_LIMIT_PER_TYPE),
  hasMore: rows.length > SEARCH_LIMIT_PER_TYPE,
});

/**
 * The global look-ahead search (requirements §5.1, §5, §5.5 GlobalSearch): within the caller's customer, contacts
 * and jobs only for those who may open them, a User's tickets only its own contact's. Newest first,
 * at most SEARCH_LIMIT_PER_TYPE per entity.
 */
export async function globalSearch(db: Db, scope: Scope, q: SearchQuery): Promise<SearchResponse> {
  const reach = searchReach(scope);
  // One statement for every entity the caller may see, each limited in SQL (queries.ts globalSearchSql).
  const hits = await searchAll(db, { cid: scope.cid, contactId: reach.ownTicketsOnly ? scope.contactId : undefined, contacts: reach.contacts, jobs: reach.jobs }, q.q, FETCH);
  const groups: SearchGroup[] = [];
  if (reach.contacts) groups.push(groupOf(SEARCH_TYPE.Contact, hits[SEARCH_TYPE.Contact]));
  groups.push(groupOf(SEARCH_TYPE.Incident, hits[SEARCH_TYPE.Incident]), groupOf(SEARCH_TYPE.ServiceRequest, hits[SEARCH_TYPE.ServiceRequest]));
  if (reach.jobs) groups.push(groupOf(SEARCH_TYPE.Job, hits[SEARCH_TYPE.Job]));
  return { groups };
}
