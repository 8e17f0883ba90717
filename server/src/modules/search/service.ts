import { SEARCH_LIMIT_PER_TYPE, SEARCH_TYPE, searchReach, type SearchGroup, type SearchQuery, type SearchRecord, type SearchResponse, type SearchType } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { searchContacts, searchJobs, searchTickets } from './queries.ts';

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
  const contactId = reach.ownTicketsOnly ? scope.contactId : undefined;
  // Three statements at most, side by side on the pool; incidents and requests are one of them.
  const [contactRows, ticketHits, jobRows] = await Promise.all([
    reach.contacts ? searchContacts(db, scope.cid, q.q, FETCH) : null,
    searchTickets(db, { cid: scope.cid, contactId }, q.q, FETCH),
    reach.jobs ? searchJobs(db, scope.cid, q.q, FETCH) : null,
  ]);
  const groups: SearchGroup[] = [];
  if (contactRows) groups.push(groupOf(SEARCH_TYPE.Contact, contactRows));
  groups.push(groupOf(SEARCH_TYPE.Incident, ticketHits.Incident), groupOf(SEARCH_TYPE.ServiceRequest, ticketHits.ServiceRequest));
  if (jobRows) groups.push(groupOf(SEARCH_TYPE.Job, jobRows));
  return { groups };
}
