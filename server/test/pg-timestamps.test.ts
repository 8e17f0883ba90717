import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { parseTimestamptz, pgTypes } from '../src/db/pg-timestamps.ts';
import { rng } from './rng.ts';

// The driver's timestamptz parser without regular expressions (db/pg-timestamps.ts): the same instant as
// the driver's for every text PostgreSQL sends, microseconds cut.

const driver = pg.types.getTypeParser(1184, 'text') as (s: string) => Date | number | null;

/** PostgreSQL's text of an instant in a UTC session: trailing zeros of the fraction dropped, no fraction when whole. */
function pgText(ms: number, micros: number): string {
  const iso = new Date(ms).toISOString(); // 2026-11-24T20:22:27.960Z
  const frac = `${iso.slice(20, 23)}${String(micros).padStart(3, '0')}`.replace(/0+$/, '');
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}${frac ? `.${frac}` : ''}+00`;
}

describe('parseTimestamptz', () => {
  it('reads PostgreSQL’s UTC text exactly, for 10,000 random instants with 0 to 6 fraction digits', () => {
    const r = rng(20261124);
    for (let i = 0; i < 10_000; i++) {
      const ms = Math.floor(Date.UTC(1000, 0, 1) + r() * (Date.UTC(9999, 11, 31) - Date.UTC(1000, 0, 1)));
      const text = pgText(ms, Math.floor(r() * 1000));
      const got = parseTimestamptz(text);
      expect(got, text).toBeInstanceOf(Date);
      expect((got as Date).getTime(), text).toBe(ms);
    }
  });

  it('cuts microseconds to milliseconds, as the driver does', () => {
    expect((parseTimestamptz('2026-11-24 20:22:27.291+00') as Date).toISOString()).toBe('2026-11-24T20:22:27.291Z');
    expect((parseTimestamptz('2026-11-24 20:22:27.2919+00') as Date).toISOString()).toBe('2026-11-24T20:22:27.291Z');
    expect((parseTimestamptz('2026-11-24 20:22:27.5+00') as Date).toISOString()).toBe('2026-11-24T20:22:27.500Z');
    expect((parseTimestamptz('2026-11-24 20:22:27.05+00') as Date).toISOString()).toBe('2026-11-24T20:22:27.050Z');
    expect((parseTimestamptz('2026-11-24 20:22:27+00') as Date).toISOString()).toBe('2026-11-24T20:22:27.000Z');
  });

  it('leaves every other form to the driver’s parser, with the driver’s result', () => {
    for (const text of [
      '2026-11-24 20:22:27+05:30',
      '2026-11-24 20:22:27.123-03',
      '2026-11-24 20:22:27.123456+01',
      '0099-01-01 00:00:00+00',
      '0001-01-01 00:00:00+00 BC',
      '12026-01-01 00:00:00+00',
      'infinity',
      '-infinity',
      '2026-11-24 2x:22:27+00',
      '2026-11-24 20:22:27.12a+00',
    ]) {
      expect(parseTimestamptz(text), text).toEqual(driver(text));
    }
  });

  it('is the pool’s parser for timestamptz only; every other type keeps the driver’s', () => {
    expect(pgTypes.getTypeParser(1184, 'text')).toBe(parseTimestamptz);
    expect(pgTypes.getTypeParser(1184)).toBe(parseTimestamptz);
    expect(pgTypes.getTypeParser(1114, 'text')).toBe(pg.types.getTypeParser(1114, 'text'));
    expect(pgTypes.getTypeParser(23, 'text')).toBe(pg.types.getTypeParser(23, 'text'));
  });
});
