import type { Preferences, PreferencesSaveValues } from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

/** The caller's own preferences: the account comes from the session, never from the input. */
export async function getPreferences(db: Db, scope: Scope): Promise<Preferences> {
  const row = await q.selectPreferences(db, scope.cid, scope.webUserId);
  if (!row) throw notFound('Account not found');
  return row;
}

/**
 * Saves the caller's own preferences. The next request's session lookup reads them, so /auth/me
 * shows the new name and time zone at once.
 */
export async function savePreferences(db: Db, scope: Scope, v: PreferencesSaveValues): Promise<Preferences> {
  await q.savePreferences(db, { cid: scope.cid, webUserId: scope.webUserId, contactId: scope.contactId }, v);
  // If a session cache lands in server/src/auth (branch wt-perf), evict this account's cached
  // sessions HERE, or /auth/me keeps the old name, time zone, page size and theme until it expires.
  return getPreferences(db, scope);
}
