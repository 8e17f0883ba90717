import { date, integer, pgTable, text, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { customers } from './identity.ts';

/** Partition key of the provider-wide banner (requirements §1.4: a space admin edits '_cmsSetting'). */
export const GLOBAL_BANNER_PARTITION = '_cmsSetting';
/** Partition key of one customer's banner: lower-cased customer code plus 'Setting' (requirements §1.4). */
export const customerBannerPartition = (customerCode: string): string => `${customerCode.toLowerCase()}Setting`;

/**
 * Banner messages (requirements §1.2 banner document 'BannerMessage'): one global row (cid null) and at most
 * one per customer. Keyed by the spec's partition key so an upsert is a single ON CONFLICT.
 */
export const bannerMessages = pgTable(
  'banner_messages',
  {
    partitionKey: varchar({ length: 64 }).primaryKey(),
    cid: integer().references(() => customers.id),
    message: text().notNull().default(''),
    /** Shown only while this date is not past (requirements §1.6). */
    expirationDate: date(),
    updatedDate: timestamp({ withTimezone: true }).notNull().defaultNow(),
    /** User name (e-mail) of the last editor, as the spec's UpdatedBy. */
    updatedBy: varchar({ length: 254 }),
  },
  (t) => [uniqueIndex('banner_messages_cid_uq').on(t.cid)],
);
