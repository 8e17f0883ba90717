import { SEARCH_TYPE, searchSeeAll, type SearchRecord, type SearchType, type SignedInUser } from '@sc/common';
import { hrefs, ticketHref } from '../../config/hrefs.ts';

/** requirements §5.1 'Global search result navigation': the screen a result opens. */
export function searchResultHref(r: Pick<SearchRecord, 'searchType' | 'internalId'>): string {
  switch (r.searchType) {
    case SEARCH_TYPE.Contact:
      return hrefs.contactView({ id: r.internalId });
    case SEARCH_TYPE.Incident:
      return ticketHref('Incident', 'view', r.internalId);
    case SEARCH_TYPE.ServiceRequest:
      return ticketHref('ServiceRequest', 'view', r.internalId);
    case SEARCH_TYPE.Job:
      // Issue 12: the Jobs list with that job's Agreement dialog open.
      return hrefs.jobs(undefined, { agreement: r.internalId });
  }
}

/** The href of a result group's 'See all' (requirements §5.1): the list's route with the term as its `search`. */
export function searchSeeAllPath(u: Pick<SignedInUser, 'userType' | 'spaceAdmin'>, searchType: SearchType, term: string): string | null {
  const to = searchSeeAll(u, searchType, term);
  if (to === null) return null;
  return to.list === 'contacts' ? hrefs.contacts(undefined, to.query) : hrefs[to.list](undefined, to.query);
}
