import { integer, numeric, timestamp } from 'drizzle-orm/pg-core';
import { customers } from './identity.ts';

// Column helpers shared by the domain files (not re-exported from index.ts: they are not tables).

export const createdAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();
export const updatedAt = () => timestamp({ withTimezone: true }).notNull().defaultNow();

/** The tenant column every customer-owned row carries; Citus would distribute on it. */
export const cid = () => integer().notNull().references(() => customers.id);

/** US dollars with cents (ARCHITECTURE: money is numeric(12,2)); drizzle returns it as a string, so no float rounding. */
export const money = () => numeric({ precision: 12, scale: 2 });
