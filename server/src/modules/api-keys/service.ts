import { randomBytes } from 'node:crypto';
import {
  API_KEY_MESSAGES,
  API_KEY_PREFIX,
  API_KEYS_MAX_ACTIVE,
  canManageApiKeys,
  type ApiKey,
  type ApiKeyCreatedResponse,
  type ApiKeysResponse,
} from '@sc/common';
import { apiKeyHashOf } from '../../auth/api-key.ts';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { AppError, forbidden, notFound } from '../../http/errors.ts';
import * as q from './queries.ts';

/** requirements §16.1: only the customer's Administrator, and only in a browser session (a key cannot mint keys). */
function requireKeyAdmin(scope: Scope): void {
  if (scope.sessionId.startsWith('apikey:') || !canManageApiKeys(scope)) throw forbidden();
}

const present = (r: q.ApiKeyListRow): ApiKey => ({
  id: r.id,
  name: r.name,
  prefix: r.prefix,
  createdBy: `${r.createdByFirst} ${r.createdByLast}`.trim() || r.createdByEmail,
  createdAt: r.createdAt.toISOString(),
  lastUsedAt: r.lastUsedAt?.toISOString() ?? null,
  revokedAt: r.revokedAt?.toISOString() ?? null,
});

/** Every key of the caller's customer, newest first, revoked ones included (with their date). */
export async function listApiKeys(db: Db, scope: Scope): Promise<ApiKeysResponse> {
  requireKeyAdmin(scope);
  return { keys: (await q.selectKeys(db, scope.cid)).map(present) };
}

/** A new key: 32 random bytes; only its SHA-256 is stored, the key is answered this once. */
export async function createApiKey(db: Db, scope: Scope, v: { name: string }): Promise<ApiKeyCreatedResponse> {
  requireKeyAdmin(scope);
  if ((await q.countActiveKeys(db, scope.cid)) >= API_KEYS_MAX_ACTIVE) throw new AppError('CONFLICT', API_KEY_MESSAGES.tooMany);
  const key = `${API_KEY_PREFIX}${randomBytes(32).toString('base64url')}`;
  const id = await q.insertKey(db, {
    cid: scope.cid,
    name: v.name,
    keyHash: apiKeyHashOf(key),
    prefix: key.slice(0, API_KEY_PREFIX.length + 6),
    createdByWebUserId: scope.webUserId,
  });
  const row = (await q.selectKeys(db, scope.cid)).find((r) => r.id === id)!;
  return { apiKey: present(row), key };
}

/** Revokes a key of the caller's customer at once; another customer's key is 404 like a missing one. */
export async function revokeApiKey(db: Db, scope: Scope, id: number): Promise<ApiKey> {
  requireKeyAdmin(scope);
  if (!(await q.revokeKey(db, scope.cid, id))) throw notFound(API_KEY_MESSAGES.notFound);
  return present((await q.selectKeys(db, scope.cid)).find((r) => r.id === id)!);
}
