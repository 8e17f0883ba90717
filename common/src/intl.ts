// Intl formatters made once and kept (web/src/ui/dates.ts, server/src/exports/xlsx.ts; docs/decisions/041).

const MAX_KEPT = 500;
const kept = new Map<string, Intl.DateTimeFormat>();

/**
 * An en-US Intl.DateTimeFormat for `options`, made on first use of `key` and kept: building one costs far
 * more than formatting with it, and lists and exports format a date per row. `key` names the options
 * (the zone included): one key, one set of options. An unknown zone throws, as the constructor does.
 */
export function keptDateTimeFormat(key: string, options: () => Intl.DateTimeFormatOptions): Intl.DateTimeFormat {
  let f = kept.get(key);
  if (!f) {
    f = new Intl.DateTimeFormat('en-US', options());
    if (kept.size < MAX_KEPT) kept.set(key, f);
  }
  return f;
}
