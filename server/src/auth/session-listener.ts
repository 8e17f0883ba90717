import pg from 'pg';
import { applySessionNotification, setCrossProcessState } from './session-cache.ts';

const SESSION_CACHE_CHANNEL = 'sc_session_cache';

/**
 * LISTENs on sc_session_cache over a dedicated connection (not one of the pool's) and forgets the
 * session cache entries each notification names (auth/session-cache.ts, docs/decisions/023). Until
 * the connection is up, and whenever it drops, the cache is off and empty; it reconnects every second.
 */
export function listenForSessionChanges(
  connectionString: string,
  log: { warn(obj: object, msg: string): void } = { warn: () => {} },
): { stop(): Promise<void>; ready: Promise<void> } {
  let client: pg.Client | undefined;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let markReady: () => void = () => {};
  const ready = new Promise<void>((resolve) => (markReady = resolve));
  setCrossProcessState('down');

  const connect = async () => {
    if (stopped) return;
    const c = new pg.Client({ connectionString });
    client = c;
    let lost = false;
    const onLost = (err?: Error) => {
      if (lost) return;
      lost = true;
      setCrossProcessState('down');
      if (stopped) return;
      log.warn({ err }, 'session cache: LISTEN connection lost, cache off until it is back');
      c.end().catch(() => {});
      timer = setTimeout(() => void connect(), 1000);
      timer.unref();
    };
    c.on('error', onLost);
    c.on('end', () => onLost());
    c.on('notification', (n) => {
      if (n.channel === SESSION_CACHE_CHANNEL) applySessionNotification(n.payload ?? '');
    });
    try {
      await c.connect();
      await c.query(`LISTEN ${SESSION_CACHE_CHANNEL}`);
      if (stopped || lost) return;
      setCrossProcessState('up');
      markReady();
    } catch (err) {
      onLost(err as Error);
    }
  };
  void connect();
  return {
    ready,
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      setCrossProcessState('none');
      await client?.end().catch(() => {});
    },
  };
}
