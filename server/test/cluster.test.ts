import { describe, expect, it } from 'vitest';
import { clusterPlan, MAX_RESTARTS_PER_MINUTE, mayRestart } from '../src/cluster.ts';

// npm start with PostgreSQL runs one worker per core (issue 18 item 4); PGlite stays one process.
describe('cluster plan', () => {
  it('forks one worker per core with PostgreSQL, none with PGlite', () => {
    expect(clusterPlan({}, true, 4).workers).toBe(4);
    expect(clusterPlan({}, true, 1).workers).toBe(0);
    expect(clusterPlan({}, false, 4).workers).toBe(0);
    expect(clusterPlan({ CLUSTER_WORKERS: '8' }, false, 4).workers).toBe(0);
  });

  it('takes CLUSTER_WORKERS, then WEB_CONCURRENCY; 0 or 1 means no cluster', () => {
    expect(clusterPlan({ WEB_CONCURRENCY: '3' }, true, 2).workers).toBe(3);
    expect(clusterPlan({ CLUSTER_WORKERS: '2', WEB_CONCURRENCY: '5' }, true, 8).workers).toBe(2);
    expect(clusterPlan({ CLUSTER_WORKERS: '1' }, true, 8).workers).toBe(0);
    expect(clusterPlan({ CLUSTER_WORKERS: '0' }, true, 8).workers).toBe(0);
    expect(clusterPlan({ CLUSTER_WORKERS: ' ' }, true, 2).workers).toBe(2);
  });

  it('refuses a value that is not a whole number', () => {
    expect(() => clusterPlan({ CLUSTER_WORKERS: 'many' }, true, 2)).toThrow(/CLUSTER_WORKERS/);
    expect(() => clusterPlan({ WEB_CONCURRENCY: '-1' }, true, 2)).toThrow(/whole number/);
    expect(() => clusterPlan({ WEB_CONCURRENCY: '1.5' }, true, 2)).toThrow();
  });

  it('stops replacing dead workers after too many restarts in a minute', () => {
    const now = 1_000_000;
    const recent = Array.from({ length: MAX_RESTARTS_PER_MINUTE }, (_, i) => now - i * 1000);
    expect(mayRestart(recent, now)).toBe(false);
    expect(mayRestart(recent.map((t) => t - 61_000), now)).toBe(true);
    expect(mayRestart([], now)).toBe(true);
  });
});
