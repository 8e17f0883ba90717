import type { Db } from '../../db/client.ts';
import { ticketClasses, ticketPriorities, ticketSeverities, ticketSubclasses } from '../../db/schema/index.ts';

/** The provider-wide lookups a list row shows by name: a handful of rows, read once a minute instead of joined to every page. */
export interface LookupNames {
  priorities: Map<number, string>;
  /**
   * True when ordering priorities by id gives the same order as by level (levels distinct and rising
   * with the id, as seeded): the priority sort can then use the (cid, ticket_type, priority_id, id)
   * index instead of joining every matching row to its level and sorting them all (≈ 34 ms → < 1 ms).
   */
  priorityIdsFollowLevels: boolean;
  severities: Map<string, string>;
  classes: Map<number, string>;
  subclasses: Map<number, string>;
}
const LOOKUP_TTL_MS = 60_000;
const lookupNames = new WeakMap<Db, { at: number; names: Promise<LookupNames> }>();

async function readLookupNames(db: Db): Promise<LookupNames> {
  const [p, s, c, sc] = await Promise.all([
    db.select({ id: ticketPriorities.id, name: ticketPriorities.name, level: ticketPriorities.level }).from(ticketPriorities),
    db.select({ id: ticketSeverities.short, name: ticketSeverities.name }).from(ticketSeverities),
    db.select({ id: ticketClasses.id, name: ticketClasses.name }).from(ticketClasses),
    db.select({ id: ticketSubclasses.id, name: ticketSubclasses.name }).from(ticketSubclasses),
  ]);
  const toMap = <K>(rows: { id: K; name: string }[]) => new Map(rows.map((r) => [r.id, r.name]));
  const byId = [...p].sort((a, b) => a.id - b.id);
  const priorityIdsFollowLevels = byId.every((r, i) => i === 0 || r.level > byId[i - 1]!.level);
  return { priorities: toMap(p), priorityIdsFollowLevels, severities: toMap(s), classes: toMap(c), subclasses: toMap(sc) };
}

/** Drops the remembered lookup names of `db` (tests that change the provider-wide lookups). */
export function forgetLookupNames(db: Db): void {
  lookupNames.delete(db);
}

/** The lookup names of `db`, read at most once a minute (decision 011: a change by another process shows within 60 s). */
export function lookupNamesOf(db: Db, now = Date.now()): Promise<LookupNames> {
  const hit = lookupNames.get(db);
  if (hit && now - hit.at < LOOKUP_TTL_MS) return hit.names;
  const names = readLookupNames(db);
  lookupNames.set(db, { at: now, names });
  names.catch(() => lookupNames.delete(db));
  return names;
}
