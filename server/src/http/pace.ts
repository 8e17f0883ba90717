import { setTimeout as sleep } from 'node:timers/promises';

/**
 * Runs `work` and answers no sooner than `ms` after it started: a form whose work differs by a secret (an
 * address with an account mails a link, one without does nothing) then takes the same time either way
 * (requirements §19.2). `ms` is set well above the longer path's usual time; the wait costs no CPU.
 */
export async function noSoonerThan<T>(ms: number, work: () => Promise<T>): Promise<T> {
  const floor = sleep(ms);
  try {
    return await work();
  } finally {
    await floor;
  }
}
