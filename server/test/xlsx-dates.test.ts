import { describe, expect, it } from 'vitest';
import { excelLocalDate } from '../src/exports/xlsx.ts';

// Export dates are the reader's wall-clock time (decision 029): the zone's offset is cached per quarter
// hour, so it must stay right across daylight-saving changes, half-hour and 45-minute zones, in any order.

const ZONES = ['America/New_York', 'Europe/London', 'Australia/Lord_Howe', 'Asia/Kathmandu', 'Asia/Kolkata', 'America/St_Johns', 'Pacific/Chatham'];

/** The wall-clock fields straight from Intl, as UTC milliseconds: the reference. */
const formats = new Map(
  ZONES.map((timeZone) => [timeZone, new Intl.DateTimeFormat('en-US', { timeZone, hourCycle: 'h23', year: 'numeric', month: 'numeric', day: 'numeric', hour: 'numeric', minute: 'numeric', second: 'numeric' })]),
);
function reference(at: Date, timeZone: string): number {
  const f = formats.get(timeZone)!;
  const p = Object.fromEntries(f.formatToParts(at).map((x) => [x.type, Number(x.value)]));
  return Date.UTC(p.year!, p.month! - 1, p.day, p.hour, p.minute, p.second);
}

/** Instants every 7 min 13.5 s over four days around each 2026 daylight-saving change of the zones above. */
function instants(): Date[] {
  const out: Date[] = [];
  for (const start of ['2026-03-07', '2026-03-27', '2026-04-03', '2026-09-25', '2026-10-23', '2026-10-31']) {
    for (let t = Date.parse(`${start}T00:00:00Z`), end = t + 4 * 86_400_000; t < end; t += 433_500) out.push(new Date(t));
  }
  return out;
}

describe('excelLocalDate', () => {
  it('equals the zone’s wall-clock time across daylight-saving changes, in time order', () => {
    const at = instants();
    for (const zone of ZONES) {
      const wrong = at.filter((d) => excelLocalDate(d, zone).getTime() !== reference(d, zone)).map((d) => d.toISOString());
      expect(wrong, zone).toEqual([]);
    }
  });

  it('and in any order, zones interleaved', () => {
    const at = instants();
    // A fixed shuffle: every 97th instant in turn.
    const order = Array.from({ length: at.length }, (_, i) => at[(i * 97) % at.length]!);
    const wrong: string[] = [];
    for (const d of order) for (const zone of ZONES) if (excelLocalDate(d, zone).getTime() !== reference(d, zone)) wrong.push(`${zone} ${d.toISOString()}`);
    expect(wrong).toEqual([]);
  });

  it('keeps whole seconds only, and dates before 2000 too', () => {
    expect(excelLocalDate(new Date('2026-06-01T12:00:00.999Z'), 'Asia/Kolkata')).toEqual(new Date('2026-06-01T17:30:00Z'));
    expect(excelLocalDate(new Date('1995-06-01T12:00:00.250Z'), 'America/New_York')).toEqual(new Date('1995-06-01T08:00:00Z'));
  });
});
