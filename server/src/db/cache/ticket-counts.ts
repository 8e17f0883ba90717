/**
 * Ticket-list totals, remembered briefly per customer and filter (docs/performance.md).
 *
 * Counting a large tenant's matching tickets up to the exact-count bound costs more than fetching a
 * page, and the same filters are asked for again and again while a user pages. Every ticket write of
 * this process bumps its customer's generation, so this process never shows a total older than its own
 * writes; writes by another server process show within TICKET_COUNT_TTL_MS and one count (see
 * cachedTicketCount).
 */
export const TICKET_COUNT_TTL_MS = 10_000;
const MAX_ENTRIES = 10_000;

interface Entry<T> {
  value: T;
  generation: number;
  at: number;
}

const generations = new Map<number, number>();
const entries = new Map<string, Entry<unknown>>();

/** Call after any insert or update of a customer's tickets. */
export function ticketsChanged(cid: number): void {
  generations.set(cid, (generations.get(cid) ?? 0) + 1);
}

/** Past this age a remembered count is not handed out while it is being counted again: the caller waits. */
export const TICKET_COUNT_STALE_MAX_MS = 6 * TICKET_COUNT_TTL_MS;

const running = new Map<string, { generation: number; promise: Promise<unknown> }>();

/**
 * The cached value for (cid, key), or the one `compute` makes (and remembers).
 * - After this process wrote the customer's tickets (a new generation) the caller waits for a fresh count.
 * - Past TICKET_COUNT_TTL_MS the remembered count is still handed out while one count runs again in the
 *   background (so no request waits for it), up to TICKET_COUNT_STALE_MAX_MS of age.
 * - Callers asking at once for a count being made share the one count (under load, every request of an
 *   expired list counted for itself: 86 counts of 55 ms in one bench run).
 */
export async function cachedTicketCount<T>(cid: number, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const fullKey = `${cid}\u0000${key}`;
  const generation = generations.get(cid) ?? 0;
  const hit = entries.get(fullKey) as Entry<T> | undefined;
  if (hit && hit.generation === generation) {
    const age = now - hit.at;
    if (age < TICKET_COUNT_TTL_MS) return hit.value;
    if (age < TICKET_COUNT_STALE_MAX_MS) {
      // A failed background count leaves the remembered one; the next request past the TTL tries again.
      countOnce(fullKey, cid, generation, compute, now).catch(() => undefined);
      return hit.value;
    }
  }
  return countOnce(fullKey, cid, generation, compute, now);
}

function countOnce<T>(fullKey: string, cid: number, generation: number, compute: () => Promise<T>, now: number): Promise<T> {
  const current = running.get(fullKey);
  if (current && current.generation === generation) return current.promise as Promise<T>;
  const promise = compute()
    .then((value) => {
      // A write that happened while counting makes the value suspect: hand it out, don't keep it.
      if ((generations.get(cid) ?? 0) === generation) {
        if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
        entries.set(fullKey, { value, generation, at: now });
      }
      return value;
    })
    .finally(() => {
      if (running.get(fullKey)?.promise === promise) running.delete(fullKey);
    });
  running.set(fullKey, { generation, promise });
  return promise;
}
