import { index, integer, pgTable, serial, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { cid, createdAt } from './columns.ts';
import { webUsers } from './identity.ts';

/**
 * API keys of a customer (requirements §16.2; docs/decisions/022): integrations call the compatibility layer
 * with one. Only the SHA-256 of the key is kept; the key itself is shown once, when it is created. A key
 * acts as the Administrator who created it, within the key's customer, while that account stays an active
 * Administrator there.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial().primaryKey(),
    cid: cid(),
    name: varchar({ length: 80 }).notNull(),
    /** Hex SHA-256 of the key (the key is 32 random bytes, base64url, after the prefix 'sck_'). */
    keyHash: varchar({ length: 64 }).notNull(),
    /** The first characters of the key, to tell keys apart on screen. */
    prefix: varchar({ length: 16 }).notNull(),
    createdByWebUserId: integer()
      .notNull()
      .references(() => webUsers.id),
    createdAt: createdAt(),
    lastUsedAt: timestamp({ withTimezone: true }),
    revokedAt: timestamp({ withTimezone: true }),
  },
  (t) => [uniqueIndex('api_keys_key_hash_uq').on(t.keyHash), index('api_keys_cid_idx').on(t.cid, t.id)],
);
