import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  cachedSession,
  forgetAllSessions,
  forgetSession,
  forgetSessionsOfUser,
  rememberSession,
  SESSION_CACHE_TTL_MS,
  sessionReadMark,
  writeStarted,
} from '../src/auth/session-cache.ts';

afterEach(() => {
  forgetAllSessions();
  vi.useRealTimers();
});

const row = (name: string) => ({ name });

describe('session cache', () => {
  it('remembers a row for SESSION_CACHE_TTL_MS, then reads again', () => {
    rememberSession('s1', 7, row('a'), sessionReadMark(), 1_000);
    expect(cachedSession('s1', 1_000 + SESSION_CACHE_TTL_MS - 1)).toEqual(row('a'));
    expect(cachedSession('s1', 1_000 + SESSION_CACHE_TTL_MS)).toBeUndefined();
    expect(cachedSession('s1', 1_000)).toBeUndefined(); // expired entries are dropped
  });

  it('forgets one session, or every session of an account', () => {
    const mark = sessionReadMark();
    rememberSession('s1', 7, row('a'), mark);
    rememberSession('s2', 7, row('b'), mark);
    rememberSession('s3', 8, row('c'), mark);
    forgetSession('s3');
    expect(cachedSession('s3')).toBeUndefined();
    forgetSessionsOfUser(7);
    expect(cachedSession('s1')).toBeUndefined();
    expect(cachedSession('s2')).toBeUndefined();
  });

  it('a write empties it, and nothing is served or remembered while the write runs', () => {
    rememberSession('s1', 7, row('old'), sessionReadMark());
    const end = writeStarted();
    expect(cachedSession('s1')).toBeUndefined();
    rememberSession('s1', 7, row('during'), sessionReadMark());
    expect(cachedSession('s1')).toBeUndefined();
    end();
    expect(cachedSession('s1')).toBeUndefined();
    rememberSession('s1', 7, row('after'), sessionReadMark());
    expect(cachedSession('s1')).toEqual(row('after'));
  });

  it('a row read before a write started is not remembered', () => {
    const mark = sessionReadMark();
    writeStarted()();
    rememberSession('s1', 7, row('stale'), mark);
    expect(cachedSession('s1')).toBeUndefined();
  });

  it('an aborted write counts as running for a grace period (its handler may still commit)', () => {
    vi.useFakeTimers();
    const end = writeStarted();
    end(true);
    end(); // a second end (onResponse after the abort) changes nothing
    rememberSession('s1', 7, row('a'), sessionReadMark());
    expect(cachedSession('s1')).toBeUndefined();
    vi.advanceTimersByTime(30_000);
    rememberSession('s1', 7, row('a'), sessionReadMark());
    expect(cachedSession('s1')).toEqual(row('a'));
  });
});
