import { describe, expect, it } from 'vitest';
import { cachedTicketCount, TICKET_COUNT_STALE_MAX_MS, TICKET_COUNT_TTL_MS, ticketsChanged } from '../src/db/cache/ticket-counts.ts';

// The list totals' cache (db/cache/ticket-counts.ts): fresh after this process's own writes, shared by
// callers asking at once, and past its TTL handed out while one count runs again in the background.

/** A count whose answers the test releases one by one. */
function gate() {
  const calls: ((n: number) => void)[] = [];
  const compute = () => new Promise<number>((resolve) => calls.push(resolve));
  return { compute, calls };
}

let nextCid = 900_000;
const flush = () => new Promise((r) => setTimeout(r, 0));

describe('cachedTicketCount', () => {
  it('callers asking at once share one count', async () => {
    const cid = nextCid++;
    const g = gate();
    const now = 1_000_000;
    const a = cachedTicketCount(cid, 'k', g.compute, now);
    const b = cachedTicketCount(cid, 'k', g.compute, now);
    await flush();
    expect(g.calls).toHaveLength(1);
    g.calls[0]!(42);
    expect(await a).toBe(42);
    expect(await b).toBe(42);
  });

  it('past the TTL the remembered count is handed out while one count runs in the background', async () => {
    const cid = nextCid++;
    const g = gate();
    const t0 = 2_000_000;
    const first = cachedTicketCount(cid, 'k', g.compute, t0);
    await flush();
    g.calls[0]!(7);
    expect(await first).toBe(7);
    // Within the TTL: no count.
    expect(await cachedTicketCount(cid, 'k', g.compute, t0 + TICKET_COUNT_TTL_MS - 1)).toBe(7);
    expect(g.calls).toHaveLength(1);
    // Past it: the old value at once, and one background count for any number of callers.
    expect(await cachedTicketCount(cid, 'k', g.compute, t0 + TICKET_COUNT_TTL_MS)).toBe(7);
    expect(await cachedTicketCount(cid, 'k', g.compute, t0 + TICKET_COUNT_TTL_MS + 5)).toBe(7);
    await flush();
    expect(g.calls).toHaveLength(2);
    g.calls[1]!(8);
    await flush();
    expect(await cachedTicketCount(cid, 'k', g.compute, t0 + TICKET_COUNT_TTL_MS + 10)).toBe(8);
  });

  it('a background count that fails leaves the remembered one, and the next request tries again', async () => {
    const cid = nextCid++;
    const t0 = 3_000_000;
    expect(await cachedTicketCount(cid, 'k', async () => 3, t0)).toBe(3);
    let tries = 0;
    const failing = async () => {
      tries++;
      throw new Error('statement timeout');
    };
    expect(await cachedTicketCount(cid, 'k', failing, t0 + TICKET_COUNT_TTL_MS)).toBe(3);
    await flush();
    expect(await cachedTicketCount(cid, 'k', failing, t0 + TICKET_COUNT_TTL_MS + 1)).toBe(3);
    await flush();
    expect(tries).toBe(2);
  });

  it('too old, or after this process wrote the customer’s tickets, the caller waits for a fresh count', async () => {
    const cid = nextCid++;
    const t0 = 4_000_000;
    expect(await cachedTicketCount(cid, 'k', async () => 1, t0)).toBe(1);
    expect(await cachedTicketCount(cid, 'k', async () => 2, t0 + TICKET_COUNT_STALE_MAX_MS)).toBe(2);
    ticketsChanged(cid);
    expect(await cachedTicketCount(cid, 'k', async () => 3, t0 + TICKET_COUNT_STALE_MAX_MS + 1)).toBe(3);
  });

  it('a count that a write overtook is handed out but not kept', async () => {
    const cid = nextCid++;
    const g = gate();
    const t0 = 5_000_000;
    const pending = cachedTicketCount(cid, 'k', g.compute, t0);
    await flush();
    ticketsChanged(cid);
    g.calls[0]!(10);
    expect(await pending).toBe(10);
    expect(await cachedTicketCount(cid, 'k', async () => 11, t0 + 1)).toBe(11);
  });
});
