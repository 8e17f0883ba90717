/**
 * Ticket-list totals, remembered briefly per customer and filter (docs/performance.md).
 *
 * Counting a large tenant's matching tickets up to the exact-count bound costs more than fetching a
 * page, and the same filters are asked for again and again while a user pages. Every ticket write of
 * this process bumps its customer's generation, so this process never shows a total older than its own
 * writes; writes by another server process show within TICKETS_COUNT_TTL_MS.
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

/** The cached value for (cid, key), or the one `compute` makes (and remembers). */
export async function cachedTicketCount<T>(cid: number, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
  const fullKey = `${cid}\u0000${key}`;
  const generation = generations.get(cid) ?? 0;
  const hit = entries.get(fullKey) as Entry<T> | undefined;
  if (hit && hit.generation === generation && now - hit.at < TICKET_COUNT_TTL_MS) return hit.value;
  const value = await compute();
  // A write that happened while counting makes the value suspect: hand it out, don't keep it.
  if ((generations.get(cid) ?? 0) === generation) {
    if (entries.size >= MAX_ENTRIES) entries.delete(entries.keys().next().value!);
    entries.set(fullKey, { value, generation, at: now });
  }
  return value;
}
