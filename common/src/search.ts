import { z } from 'zod';
import type { SignedInUser } from './auth.ts';
import { canManageContacts, canSeeJobs, isCustomerUser } from './navigation.ts';
import type { TicketListRequestInput } from './tickets.ts';

// The global look-ahead search of the top bar (requirements §5.1, §5 'Global search record', §5.3, §5).

/** requirements §5.3/§5: the search runs only when the trimmed input has at least 3 characters ... */
export const SEARCH_MIN_CHARS = 3;
/** ... 1200 ms after typing stops. */
export const SEARCH_DEBOUNCE_MS = 1200;
/** Longer input is no look-ahead any more; the bound keeps the trigram work small. */
const SEARCH_MAX_CHARS = 100;
/** Results per entity (newest first); the response says whether there were more. */
export const SEARCH_LIMIT_PER_TYPE = 5;

/** SearchType of requirements §5. */
export const SEARCH_TYPE = { Contact: 0, Incident: 1, ServiceRequest: 2, Job: 3 } as const;
export type SearchType = (typeof SEARCH_TYPE)[keyof typeof SEARCH_TYPE];

export const SEARCH_TYPE_LABELS: Record<SearchType, string> = {
  0: 'Contacts',
  1: 'Incidents',
  2: 'Service Requests',
  3: 'Jobs',
};

export const SEARCH_MESSAGES = {
  noResults: 'No search results',
} as const;

export const ZSearchQuerySchema = z.object({
  q: z
    .string({ error: 'q is required' })
    .trim()
    .min(SEARCH_MIN_CHARS, { error: `q must have at least ${SEARCH_MIN_CHARS} characters` })
    .max(SEARCH_MAX_CHARS, { error: `q must have at most ${SEARCH_MAX_CHARS} characters` }),
});
export type SearchQuery = z.infer<typeof ZSearchQuerySchema>;

const ZSearchTypeSchema = z.union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)]);

/** requirements §5 'Global search record', plus the line a person recognises the record by. */
export const ZSearchRecordSchema = z.object({
  searchType: ZSearchTypeSchema,
  /** InternalID: contact, ticket or job id (CWID on screen). */
  internalId: z.number().int(),
  /**
   * DateField: a timestamp (ticket open date, contact created) or, for a job, its start date as
   * a calendar date (YYYY-MM-DD) that no time zone may shift.
   */
  dateField: z.string().nullable(),
  /** StringField, shown as JMSID: ticket number, job number or the contact's e-mail. */
  stringField: z.string().nullable(),
  /** Ticket status, job status, or Active/Inactive for a contact. */
  status: z.string(),
  /** The contact's organisation (contacts only). */
  organizationName: z.string().nullable(),
  lastName: z.string().nullable(),
  firstName: z.string().nullable(),
  deviceName: z.string().nullable(),
  department: z.string().nullable(),
  /** Short description of a ticket or job; null for a contact (its name is the title). */
  description: z.string().nullable(),
});
export type SearchRecord = z.infer<typeof ZSearchRecordSchema>;

export const ZSearchGroupSchema = z.object({
  searchType: ZSearchTypeSchema,
  records: z.array(ZSearchRecordSchema),
  /** More than SEARCH_LIMIT_PER_TYPE records matched: the user should type more. */
  hasMore: z.boolean(),
});
export type SearchGroup = z.infer<typeof ZSearchGroupSchema>;

/** One group per entity the caller may search, in SearchType order (empty groups included). */
export const ZSearchResponseSchema = z.object({ groups: z.array(ZSearchGroupSchema) });
export type SearchResponse = z.infer<typeof ZSearchResponseSchema>;

export interface SearchReach {
  contacts: boolean;
  jobs: boolean;
  /** A User finds only its own contact's tickets (requirements §5.4, requirements §5.3). */
  ownTicketsOnly: boolean;
}

/**
 * What a caller's search reaches: the same predicates that show /contacts/view and /jobs, so a
 * result never leads to a page the caller may not open. Everything is within the caller's customer.
 */
export const searchReach = (u: Pick<SignedInUser, 'userType' | 'spaceAdmin'>): SearchReach => ({
  contacts: canManageContacts(u),
  jobs: canSeeJobs(u),
  ownTicketsOnly: isCustomerUser(u),
});

/** Where a result group's 'See all' leads: a list screen and its query, typed by the list's own request. */
export type SearchSeeAll =
  | { list: 'contacts'; query: { search: string } }
  | { list: 'incidents' | 'requests'; query: Pick<TicketListRequestInput, 'search' | 'status'> };

/**
 * 'See all' of a result group (requirements §5.1): the list the group comes from, filtered by the
 * same term, or null where no such list answers the caller (a User's ticket lists have no search
 * box, requirements §2.4; jobs have none). The web builds the href from its route table.
 */
export function searchSeeAll(u: Pick<SignedInUser, 'userType' | 'spaceAdmin'>, searchType: SearchType, term: string): SearchSeeAll | null {
  const search = term.trim();
  switch (searchType) {
    case SEARCH_TYPE.Contact:
      return canManageContacts(u) ? { list: 'contacts', query: { search } } : null;
    case SEARCH_TYPE.Incident:
      return isCustomerUser(u) ? null : { list: 'incidents', query: { status: '<ALL>', search } };
    case SEARCH_TYPE.ServiceRequest:
      return isCustomerUser(u) ? null : { list: 'requests', query: { status: '<ALL>', search } };
    case SEARCH_TYPE.Job:
      return null;
  }
}

/** requirements §5: the icon is green when Status is Active or Open, otherwise red. */
export const isSearchStatusActive = (status: string): boolean => status === 'Active' || status === 'Open';
