import { z } from 'zod';

// docs/requirements.md §18.4: dates and instants are checked against what the database can hold before a
// query sees them. ISO 8601 allows the year 0000, which PostgreSQL's date and timestamptz refuse (there is
// no year 0): such input is a 400 naming the field, never a database error (a 500).

const notYearZero = (v: string) => !v.startsWith('0000');

/** A calendar day, YYYY-MM-DD, of a year 0001 or later. */
export const zIsoDate = (message = 'must be a date (YYYY-MM-DD)') => z.iso.date(message).refine(notYearZero, message);

/** An instant with its offset (ISO 8601, e.g. 2026-11-01T04:00:00Z), of a year 0001 or later. */
export const zIsoInstant = (message = 'must be an ISO 8601 instant, e.g. 2026-11-01T04:00:00Z') =>
  z.iso.datetime({ offset: true, message }).refine(notYearZero, message);
