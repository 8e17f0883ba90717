// The one query-string encoder (docs/conventions.md 'Lists'): every API call and every list URL is
// written by it, with the API's own parameter names. Empty values are left out, so "no filter" has
// one spelling; numbers and booleans as text, arrays as repeated parameters.

export function toSearchParams(q: object): URLSearchParams {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(q) as [string, unknown][]) {
    if (v === undefined || v === null || v === '') continue;
    if (Array.isArray(v)) {
      for (const item of v as unknown[]) if (typeof item === 'string' || typeof item === 'number' || typeof item === 'boolean') p.append(k, String(item));
    } else if (typeof v === 'string' || typeof v === 'number' || typeof v === 'boolean') {
      p.set(k, String(v));
    }
  }
  return p;
}

/** `a=1&b=x`, without the '?'. */
export const toQueryString = (q: object): string => toSearchParams(q).toString();

/** A path with its query string ('?…' only when there is one). */
export function withQuery(path: string, q: object | undefined): string {
  const qs = q ? toQueryString(q) : '';
  return qs ? `${path}?${qs}` : path;
}
