import { ilike, or, sql, type SQL } from 'drizzle-orm';
import type { AnyPgColumn } from 'drizzle-orm/pg-core';
import { TICKET_TYPES, type TicketType } from '@sc/common';
import { TICKET_NO_PREFIX } from './ids.ts';
import { contacts, devices, emailOutbox, jobs, surveys, tickets, TRGM_PREFIX } from './schema/index.ts';
import { containsPattern, contactSearchTextOf, ticketNoIrregular, ticketTypeIs } from './schema/search-expressions.ts';

// The contains-searches of every list and of global search (docs/requirements.md §2.9), each named with
// the index that serves it. Build a search only from these: an expression that differs from the
// indexed one by a cast or a space silently reads the whole tenant. server/test/search-indexes.test.ts
// EXPLAINs every entry of SEARCH_INDEXES and fails when its index is not used.

export { containsPattern, ticketTypeIs };

/** contacts_search_trgm: "first last email" of a contact. */
const contactSearchText: SQL = contactSearchTextOf(contacts);

/** A contact whose "first last email" contains the term (contacts_search_trgm). */
export const contactMatches = (term: string): SQL => contactPatternMatches(containsPattern(term));

/**
 * The same with the `%term%` pattern given: a value, or a placeholder of a statement built once per
 * shape (db/shaped-statements.ts).
 */
export const contactPatternMatches = (pattern: unknown): SQL => sql`${contactSearchText} ilike ${pattern}`;

/** A device whose name contains the term (devices_name_trgm). */
export const deviceNameMatches = (term: string): SQL => ilike(devices.deviceName, containsPattern(term));

type Col = AnyPgColumn | SQL;
/** The ticket's own searched columns (each type's tickets_*_ticket_no_trgm, _short_desc_trgm, _target_name_trgm); an alias's columns for a self-join. */
export const ticketColumnsOf = (alias?: string): { ticketNo: Col; shortDescription: Col; targetName: Col } =>
  alias === undefined
    ? { ticketNo: tickets.ticketNo, shortDescription: tickets.shortDescription, targetName: tickets.targetName }
    : { ticketNo: sql.raw(`${alias}.ticket_no`), shortDescription: sql.raw(`${alias}.short_description`), targetName: sql.raw(`${alias}.target_name`) };

/** Ticket number, short description or target name contains the term; each arm has its type's (cid, column) trigram index (with ticketTypeIs). */
export function ticketTextMatches(term: string, cols = ticketColumnsOf()): SQL {
  return ticketTextPatternMatches(containsPattern(term), cols);
}

const ticketTextPatternMatches = (p: unknown, cols: ReturnType<typeof ticketColumnsOf>): SQL =>
  sql`(${cols.ticketNo} ilike ${p} or ${cols.shortDescription} ilike ${p} or ${cols.targetName} ilike ${p})`;

/**
 * A term shaped like a ticket number ('INC-1000537', 'sr-100'). The application numbers every ticket
 * with its type's prefix and digits (ticketNumber in db/ids.ts; the scale seed writes the same shape),
 * and in such a number the term can only be at its start: 'INC-' occurs in 'INC-<digits>' only at
 * position 0 and never in 'SR-<digits>', nor 'SR-' in 'INC-<digits>'. For those numbers the
 * contains-search of requirements §2.9 is exactly a prefix match of the upper-cased term, a range of
 * the type's btree tickets_<type>_ticket_no_prefix, where the trigram index read the digit trigrams
 * every ticket shares (requirements §17.6). Numbers of any other shape (ticketNoIrregular: none the
 * application writes, some tests do) keep the contains-match, from their own partial trigram index.
 */
const TICKET_NO_TERM = /^(INC|SR)-\d+$/i;

/** The ticket type whose number a term looks like ('INC-10005': Incident), or undefined for any other term. */
export function ticketNumberTypeOf(term: string): TicketType | undefined {
  if (!TICKET_NO_TERM.test(term)) return undefined;
  return term.toUpperCase().startsWith(TICKET_NO_PREFIX.Incident) ? 'Incident' : 'ServiceRequest';
}

/**
 * The numbers starting with a ticket-number term, as a range of the text_pattern_ops index: from the
 * upper-cased term (letters, '-' and digits) up to, not including, the term with its last character's
 * code point plus one ('INC-10005' → ['INC-10005', 'INC-10006')). Unlike `like 'INC-10005%'`, a range
 * stays an index condition with the bounds as parameters, so a prepared statement's generic plan reads
 * it too (modules/search/queries.ts).
 */
export function ticketNumberPrefix(term: string): { from: string; below: string } {
  const from = term.toUpperCase();
  return { from, below: from.slice(0, -1) + String.fromCharCode(from.charCodeAt(from.length - 1) + 1) };
}

/**
 * Global search's condition for one ticket type (with ticketTypeIs(type) beside it): ticketTextMatches,
 * or for a ticket-number term (TICKET_NO_TERM) the same rows as: the number as a prefix (only for the
 * term's own type: the other type's regular numbers cannot contain it), an irregular number containing
 * the term (tickets_ticket_no_irregular_trgm), or the short description or target name containing it.
 */
export function ticketSearchTextMatches(type: TicketType, term: string, alias?: string): SQL {
  const { from, below } = ticketNumberPrefix(term);
  return ticketSearchPatternMatches(type, ticketNumberTypeOf(term), containsPattern(term), from, below, alias);
}

/**
 * The same by shape: `numberType` is ticketNumberTypeOf(term), `pattern` and `prefix` the term's
 * containsPattern and ticketNumberPrefix as values, or placeholders of a statement built once per shape.
 */
export function ticketSearchPatternMatches(type: TicketType, numberType: TicketType | undefined, pattern: unknown, numberFrom: unknown, numberBelow: unknown, alias?: string): SQL {
  return ticketTermPatternMatches(numberTermOf(type, numberType), pattern, numberFrom, numberBelow, alias);
}

/**
 * How a term reads against one ticket type's numbers: 'text' (not a ticket-number term: contains-match),
 * 'own' (a number of this type: a prefix of the number), 'other' (a number of the other type: no regular
 * number of this type can contain it).
 */
export type NumberTerm = 'text' | 'own' | 'other';
export const numberTermOf = (type: TicketType, numberType: TicketType | undefined): NumberTerm =>
  numberType === undefined ? 'text' : numberType === type ? 'own' : 'other';

/** ticketSearchPatternMatches by the term's NumberTerm: the three columns, with the number read as numberTermOf says. */
function ticketTermPatternMatches(term: NumberTerm, pattern: unknown, numberFrom: unknown, numberBelow: unknown, alias?: string): SQL {
  const cols = ticketColumnsOf(alias);
  if (term === 'text') return ticketTextPatternMatches(pattern, cols);
  const irregular = sql`(${ticketNoIrregular(alias)} and ${cols.ticketNo} ilike ${pattern})`;
  const rest = sql`${irregular} or ${cols.shortDescription} ilike ${pattern} or ${cols.targetName} ilike ${pattern}`;
  // ~>=~ and ~<~: text_pattern_ops' own (byte-wise) comparisons, the operators its btree answers.
  const prefix = sql`(${cols.ticketNo} ~>=~ ${numberFrom} and ${cols.ticketNo} ~<~ ${numberBelow})`;
  return term === 'own' ? sql`(${prefix} or ${rest})` : sql`(${rest})`;
}

/**
 * A cheap first test of a ticket row against a `%term%` pattern: `tickets.search_text` (the three searched
 * columns lower-cased in one generated column, migration 0026) contains it. Never the whole test: a term
 * spanning two columns matches search_text only. The pattern is lower-cased once (an InitPlan), not per row.
 */
export const searchTextMayMatch = (pattern: unknown, alias?: string): SQL =>
  sql`${alias === undefined ? tickets.searchText : sql.raw(`${alias}.search_text`)} like (select lower(${pattern}::text))`;

/**
 * The ticket lists' search: the three columns, or a contact of the tenant whose "first last email" matches.
 * The contacts go in as `= any(array(…))`, an InitPlan computed once, so every arm of the OR is indexable
 * and the planner can BitmapOr the four index scans (docs/decisions/011).
 */
function ticketListMatches(cid: number, term: string): SQL {
  return ticketListPatternMatches(cid, containsPattern(term));
}

/**
 * ticketListMatches with the cid and the `%term%` pattern given as they go into the SQL: values, or
 * placeholders of the ticket list's statement built once per shape (modules/tickets/list.queries.ts).
 * A ticket-number term (`number`: its NumberTerm for the list's type, and its ticketNumberPrefix bounds)
 * reads the number as global search does: 'INC-1000731' is a range of the type's
 * tickets_<type>_ticket_no_prefix, where the trigram index read every 'INC-100…' (requirements §17.6).
 */
export function ticketListPatternMatches(cid: unknown, pattern: unknown, rowByRow = false, number?: { term: NumberTerm; from: unknown; below: unknown }): SQL {
  const contactIds = sql`array(select ${contacts.id} from ${contacts} where ${contacts.cid} = ${cid} and ${contactPatternMatches(pattern)})`;
  const text = ticketTermPatternMatches(number?.term ?? 'text', pattern, number?.from, number?.below);
  // Tested row by row (a walked list page), the three ILIKEs cost ≈ 1 µs a row; search_text, the same
  // columns lower-cased in one string, rules out almost every row first for a tenth of that (global
  // search does the same, modules/search/queries.ts). It cannot replace them: a term spanning two columns
  // matches search_text only.
  const tested = rowByRow ? sql`(${searchTextMayMatch(pattern)} and ${text})` : text;
  return sql`(${tested} or ${tickets.contactId} = any(${contactIds}))`;
}

/**
 * A job whose number or short description contains the term. No trigram index: a customer has tens of
 * agreements, and jobs_cid_id_idx bounds the scan to the tenant.
 */
export const jobPatternMatches = (pattern: unknown): SQL => sql`(${jobs.jobNum} ilike ${pattern} or ${jobs.internalShortDesc} ilike ${pattern})`;

/**
 * An outbox message whose recipient or subject contains the term ('Outgoing mail', space admin only).
 * No trigram index: the list is the provider's own diagnostic view, newest first, and a search is rare.
 */
export const outboxTextMatches = (term: string): SQL => {
  const p = containsPattern(term);
  return or(ilike(emailOutbox.toAddress, p), ilike(emailOutbox.subject, p))!;
};

/**
 * Every trigram-served search, probed with the very functions the lists use, and the indexes it must
 * use (server/test/search-indexes.test.ts). The probes leave out other conditions (such as the tenant)
 * so that no other index could serve them: a plan without these index names means the expression no
 * longer matches its index.
 */
export const SEARCH_INDEXES: readonly { name: string; indexes: readonly string[]; probe: (cid: number, term: string) => SQL }[] = [
  { name: 'contacts', indexes: ['contacts_search_trgm'], probe: (_cid, term) => sql`select ${contacts.id} from ${contacts} where ${contactMatches(term)}` },
  { name: 'devices', indexes: ['devices_name_trgm'], probe: (_cid, term) => sql`select ${devices.id} from ${devices} where ${deviceNameMatches(term)}` },
  ...TICKET_TYPES.flatMap((type) => {
    const indexes = ['ticket_no', 'short_desc', 'target_name'].map((c) => `${TRGM_PREFIX[type]}_${c}_trgm`);
    return [
      {
        name: `ticket lists (${type})`,
        // The contact arm is contactMatches, probed above (in a small tenant the planner may read its contacts by cid).
        indexes,
        probe: (cid: number, term: string) => sql`select ${tickets.id} from ${tickets} where ${ticketTypeIs(type)} and ${ticketListMatches(cid, term)}`,
      },
      {
        name: `global search tickets (${type})`,
        indexes,
        probe: (_cid: number, term: string) => sql`select o.id from ${tickets} o where ${ticketTypeIs(type, 'o')} and ${ticketSearchTextMatches(type, term, 'o')}`,
      },
    ];
  }),
  {
    name: 'surveys',
    indexes: ['surveys_ticket_no_trgm', 'surveys_submitted_by_name_trgm', 'surveys_assigned_to_trgm', 'surveys_comment_trgm'],
    probe: (_cid: number, term: string) => sql`select ${surveys.id} from ${surveys} where ${surveyTextMatches(term)}`,
  },
];

/**
 * A survey whose Incident #, Submitted By, Assigned or comment contains the term: a BitmapOr of the four
 * (cid, column) trigram indexes (migration 0023; before them a search read all of the bench tenant's
 * 36,708 answers, 64 ms of CPU).
 */
export const surveyTextMatches = (term: string): SQL => {
  const p = containsPattern(term);
  return or(ilike(surveys.ticketNo, p), ilike(surveys.submittedByName, p), ilike(surveys.assignedTo, p), ilike(surveys.comment, p))!;
};
