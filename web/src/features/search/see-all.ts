import { searchSeeAll, type SearchType, type SignedInUser } from '@sc/common';
import { hrefs } from '../../config/hrefs.ts';

/** The href of a result group's 'See all' (requirements §5.1): the list's route with the term as its `search`. */
export function searchSeeAllPath(u: Pick<SignedInUser, 'userType' | 'spaceAdmin'>, searchType: SearchType, term: string): string | null {
  const to = searchSeeAll(u, searchType, term);
  if (to === null) return null;
  return to.list === 'contacts' ? hrefs.contacts(undefined, to.query) : hrefs[to.list](undefined, to.query);
}
