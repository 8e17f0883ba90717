/**
 * Live sessions remembered briefly in this process, so most API calls resolve their caller without a
 * database round trip (docs/decisions/011-list-performance.md).
 *
 * Correct within this process: every request with an unsafe method (POST, PUT, PATCH, DELETE: the
 * only way anything here changes an account, a contact, a customer or a session) empties the cache
 * when it starts and again when it ends, and nothing is remembered while such a request is running.
 * So a logout, a disabled contact or account, a CMS access change or any account update shows on the
 * next request, without the modules that make those writes having to know about this cache.
 * forgetSession / forgetSessionsOfUser are there for writes from elsewhere (jobs, scripts in-process).
 *
 * Another server process's writes show within SESSION_CACHE_TTL_MS (the cross-process window); a
 * session's own end (absolute expiry, idle timeout) is checked on the remembered row every time.
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** An unsafe request that ends by an abort may still be writing: it counts as running this long more. */
const ABORTED_WRITE_GRACE_MS = 30_000;

interface Entry<T> {
  row: T;
  webUserId: number;
  at: number;
}

const entries = new Map<string, Entry<unknown>>();
let generation = 0;
let writesRunning = 0;

/** The remembered row of session `id`, if fresh and no write is running. */
export function cachedSession<T>(id: string, now = Date.now()): T | undefined {
  if (writesRunning > 0) return undefined;
  const hit = entries.get(id) as Entry<T> | undefined;
  if (!hit) return undefined;
  if (now - hit.at >= SESSION_CACHE_TTL_MS) {
    entries.delete(id);
    return undefined;
  }
  return hit.row;
}

/** Where a database read starts: rememberSession keeps its row only if nothing was written meanwhile. */
export const sessionReadMark = (): number => (writesRunning > 0 ? -1 : generation);

export function rememberSession<T>(id: string, webUserId: number, row: T, mark: number, now = Date.now()): void {
  if (mark < 0 || mark !== generation || writesRunning > 0) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(id, { row, webUserId, at: now });
}

export function forgetSession(id: string): void {
  entries.delete(id);
}

export function forgetSessionsOfUser(webUserId: number): void {
  for (const [id, e] of entries) if (e.webUserId === webUserId) entries.delete(id);
}

/** Forgets every session (a write this process cannot attribute, e.g. a test writing to the database directly). */
export function forgetAllSessions(): void {
  generation++;
  entries.clear();
}

/**
 * Marks a write as running until the returned function is called (once; later calls do nothing).
 * `aborted` keeps it running for a grace period, since the handler may still be committing.
 */
export function writeStarted(): (aborted?: boolean) => void {
  writesRunning++;
  forgetAllSessions();
  let ended = false;
  return (aborted = false) => {
    if (ended) return;
    ended = true;
    const end = () => {
      writesRunning--;
      forgetAllSessions();
    };
    if (aborted) setTimeout(end, ABORTED_WRITE_GRACE_MS).unref();
    else end();
  };
}
