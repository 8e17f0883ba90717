import { createHash } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { API_KEY_HEADER } from '@sc/common';
import type { Db } from '../db/client.ts';
import { findKeyByHash, touchKey } from './queries.ts';
import { findAccountByWebUserId, toSignedInUser } from './queries.ts';
import type { Scope } from './scope.ts';

// API keys (requirements §16.1, docs/decisions/022): an integration's identity on the compatibility routes.

export const apiKeyHashOf = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/** The key a request carries: the CmsApiKey header, else `Authorization: Bearer <key>`; undefined when none. */
export function apiKeyOf(headers: IncomingHttpHeaders): string | undefined {
  const raw = headers[API_KEY_HEADER];
  const header = Array.isArray(raw) ? raw[0] : raw;
  if (header !== undefined) return header.trim();
  const auth = headers.authorization;
  const m = auth ? /^Bearer\s+(\S+)\s*$/i.exec(auth) : null;
  return m ? m[1] : undefined;
}

/**
 * The scope of a key: the Administrator who created it, within the key's customer. Null when the key is
 * unknown or revoked, or its creator is no longer an active Administrator of that customer.
 */
export async function resolveApiKey(db: Db, key: string): Promise<Scope | null> {
  if (key.length < 10 || key.length > 200) return null;
  const row = await findKeyByHash(db, apiKeyHashOf(key));
  if (!row || row.revokedAt) return null;
  const account = await findAccountByWebUserId(db, row.createdByWebUserId);
  if (!account || account.cid !== row.cid || account.userType !== 'Administrator') return null;
  if (!account.accountActive || !account.contactActive || !account.customerActive) return null;
  await touchKey(db, row.id);
  return {
    sessionId: `apikey:${row.id}`,
    webUserId: account.webUserId,
    contactId: account.contactId,
    cid: account.cid,
    userType: account.userType,
    spaceAdmin: account.spaceAdmin,
    email: account.email,
    // Key requests carry no cookie: there is nothing for a CSRF token to protect.
    csrfToken: '',
    user: toSignedInUser(account, account.lastLoginAt),
  };
}
