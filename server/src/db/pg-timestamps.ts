import pg from 'pg';

/**
 * The `timestamptz` text PostgreSQL sends in its default DateStyle (ISO) and a UTC session, read without
 * regular expressions: 'YYYY-MM-DD HH:MM:SS+00' with an optional fraction of one to six digits. Anything
 * else (another offset, a year past 9999 or before 1000, BC, infinity) goes to the driver's own parser.
 *
 * Why: the driver's parser runs three regular expressions per value, and a 50-row list page has 50 to 150
 * timestamps: it was 4 % of the API process's CPU under the bench's list mix (docs/performance.md).
 */
const TIMESTAMPTZ_OID = 1184;
const defaultParser = pg.types.getTypeParser(TIMESTAMPTZ_OID, 'text') as (s: string) => Date | number | null;

/** The digit at i, or NaN: any other character makes the whole value NaN, and Date.UTC then NaN. */
function digit(s: string, i: number): number {
  const d = s.charCodeAt(i) - 48;
  return d >= 0 && d <= 9 ? d : NaN;
}
const two = (s: string, i: number): number => digit(s, i) * 10 + digit(s, i + 1);

export function parseTimestamptz(s: string): Date | number | null {
  const n = s.length;
  // 22: no fraction; 24–29: '.' and 1–6 digits. The separators at fixed places, '+00' at the end.
  if ((n === 22 || (n >= 24 && n <= 29)) && s.charCodeAt(4) === 45 && s.charCodeAt(7) === 45 && s.charCodeAt(10) === 32 && s.charCodeAt(13) === 58 && s.charCodeAt(16) === 58 && s.endsWith('+00') && s.charCodeAt(0) !== 48) {
    let ms = 0;
    if (n > 22) {
      if (s.charCodeAt(19) !== 46) return defaultParser(s);
      // Milliseconds: the fraction's first three digits (microseconds are cut, as the driver cuts them).
      const end = Math.min(n - 3, 23);
      for (let i = 20, scale = 100; i < end; i++, scale /= 10) ms += digit(s, i) * scale;
    }
    const year = two(s, 0) * 100 + two(s, 2);
    const t = Date.UTC(year, two(s, 5) - 1, two(s, 8), two(s, 11), two(s, 14), two(s, 17), ms);
    // A character that was not a digit gave NaN: the driver's parser decides.
    if (Number.isFinite(t)) return new Date(t);
  }
  return defaultParser(s);
}

/** The driver's type parsers with parseTimestamptz (the pool's `types`: only this application's connections). */
function getTypeParser(oid: number, format?: 'text' | 'binary'): (value: string) => unknown {
  if (oid === TIMESTAMPTZ_OID && format !== 'binary') return parseTimestamptz;
  return pg.types.getTypeParser(oid, format ?? 'text') as (value: string) => unknown;
}
export const pgTypes = { getTypeParser: getTypeParser as typeof pg.types.getTypeParser };
