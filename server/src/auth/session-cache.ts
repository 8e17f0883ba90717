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
 * Across processes (several server processes on one PostgreSQL, docs/decisions/023): triggers of
 * migration 0015 NOTIFY the channel sc_session_cache when a session row is deleted or an account,
 * its preferences, its contact or its customer changes; listenForSessionChanges (main.ts) LISTENs on
 * a dedicated connection and forgets the entries named. While that connection is down (not yet up,
 * lost, reconnecting) the cache serves and remembers nothing, and it forgets everything when the
 * connection drops, so a missed notification can never leave a stale entry. What remains is the
 * delivery time of one notification (the commit to the other process's socket: well under a
 * millisecond on one host). A session's own end (absolute expiry, idle timeout) is checked on the
 * remembered row every time; SESSION_CACHE_TTL_MS bounds what no trigger reports (a site renamed).
 */
export const SESSION_CACHE_TTL_MS = 5_000;
const MAX_ENTRIES = 10_000;
/** An unsafe request that ends by an abort may still be writing: it counts as running this long more. */
const ABORTED_WRITE_GRACE_MS = 30_000;

interface Entry<T> {
  row: T;
  webUserId: number;
  contactId: number | undefined;
  cid: number | undefined;
  at: number;
}

const entries = new Map<string, Entry<unknown>>();
let generation = 0;
let writesRunning = 0;
/** Set by listenForSessionChanges: the cache works only while the LISTEN connection is up. */
let crossProcess: 'none' | 'up' | 'down' = 'none';
const usable = () => writesRunning === 0 && crossProcess !== 'down';

/** The remembered row of session `id`, if fresh and no write is running. */
export function cachedSession<T>(id: string, now = Date.now()): T | undefined {
  if (!usable()) return undefined;
  const hit = entries.get(id) as Entry<T> | undefined;
  if (!hit) return undefined;
  if (now - hit.at >= SESSION_CACHE_TTL_MS) {
    entries.delete(id);
    return undefined;
  }
  return hit.row;
}

/** Where a database read starts: rememberSession keeps its row only if nothing was written meanwhile. */
export const sessionReadMark = (): number => (usable() ? generation : -1);

export function rememberSession<T>(
  id: string,
  webUserId: number,
  row: T,
  mark: number,
  now = Date.now(),
  owner: { contactId?: number; cid?: number } = {},
): void {
  if (mark < 0 || mark !== generation || !usable()) return;
  if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
  entries.set(id, { row, webUserId, contactId: owner.contactId, cid: owner.cid, at: now });
}

export function forgetSession(id: string): void {
  entries.delete(id);
}

export function forgetSessionsOfUser(webUserId: number): void {
  for (const [id, e] of entries) if (e.webUserId === webUserId) entries.delete(id);
}

/**
 * Applies one notification of the channel sc_session_cache ('s:<session id>', 'u:<web user id>',
 * 'c:<contact id>', 'k:<customer id>'). A read running meanwhile must not remember what it read
 * (it may predate the change), so the generation moves on too.
 */
export function applySessionNotification(payload: string): void {
  generation++;
  const [kind, rest = ''] = [payload.slice(0, 1), payload.slice(2)];
  if (kind === 's') {
    entries.delete(rest);
    return;
  }
  const n = Number(rest);
  if (!Number.isInteger(n)) {
    entries.clear();
    return;
  }
  for (const [id, e] of entries) {
    if ((kind === 'u' && e.webUserId === n) || (kind === 'c' && e.contactId === n) || (kind === 'k' && e.cid === n)) entries.delete(id);
    else if (kind !== 'u' && kind !== 'c' && kind !== 'k') entries.delete(id);
  }
}

/** Test hook and listener state: 'down' makes the cache serve and remember nothing. */
export function setCrossProcessState(state: 'none' | 'up' | 'down'): void {
  crossProcess = state;
  forgetAllSessions();
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
