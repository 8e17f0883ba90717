import os from 'node:os';

// Several server processes on one machine (requirements §7.2, docs/scaling.md): with a PostgreSQL
// server `npm start` forks one worker per core (node:cluster shares the listening port); the embedded
// PGlite database lives in one process's memory and files, so it always runs a single process.

interface ClusterPlan {
  /** Worker processes to fork; 0 means: serve from this process, no cluster. */
  workers: number;
  /** Why, for the start-up log. */
  reason: string;
}

/**
 * How many processes to run. WEB_CONCURRENCY (Heroku's name) or CLUSTER_WORKERS overrides the core
 * count; 1 (or 0) serves from the primary process itself. PGlite: always one process.
 */
export function clusterPlan(env: Record<string, string | undefined>, usesPostgres: boolean, cores = os.availableParallelism()): ClusterPlan {
  const raw = env.CLUSTER_WORKERS ?? env.WEB_CONCURRENCY;
  if (!usesPostgres) return { workers: 0, reason: 'embedded PGlite: one process' };
  if (raw !== undefined && raw.trim() !== '') {
    const n = Number(raw);
    if (!Number.isInteger(n) || n < 0 || n > 256) throw new Error(`CLUSTER_WORKERS/WEB_CONCURRENCY must be a whole number 0–256, got "${raw}"`);
    return n <= 1 ? { workers: 0, reason: `${raw.trim()} configured: one process` } : { workers: n, reason: `${n} workers configured` };
  }
  return cores <= 1 ? { workers: 0, reason: 'one core: one process' } : { workers: cores, reason: `one worker per core (${cores})` };
}

/** A worker that died is replaced, but not in a tight loop: at most this many restarts a minute. */
export const MAX_RESTARTS_PER_MINUTE = 10;

/** Whether another restart is allowed, given the times (ms) of the restarts so far. */
export function mayRestart(restarts: number[], now = Date.now()): boolean {
  return restarts.filter((t) => now - t < 60_000).length < MAX_RESTARTS_PER_MINUTE;
}
