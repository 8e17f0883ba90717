import { createHash, randomBytes } from 'node:crypto';

/** A fresh e-mail link token: 256 random bits for the link, its SHA-256 hex for the table. */
export function newLinkToken(ttlMs: number) {
  const token = randomBytes(32).toString('base64url');
  return { token, tokenHash: hashLinkToken(token), expiresAt: new Date(Date.now() + ttlMs) };
}

export const hashLinkToken = (token: string): string => createHash('sha256').update(token).digest('hex');
