/**
 * docs/requirements.md §18.4: an Origin header is parsed safely. `Origin: null` (sandboxed frames,
 * some redirects, file: pages) and any value that is not a URL are an opaque origin: never the same
 * as ours, never a 500.
 */
function originHost(origin: string | undefined): string | null | undefined {
  if (origin === undefined || origin === '') return undefined;
  if (!URL.canParse(origin)) return null;
  const url = new URL(origin);
  return url.protocol === 'http:' || url.protocol === 'https:' ? url.host : null;
}

/** Whether a request's Origin header (when present) names the host it was sent to. */
export function isCrossOrigin(origin: string | undefined, host: string | undefined): boolean {
  const h = originHost(origin);
  if (h === undefined) return false;
  return h === null || h !== host;
}
