import { sql } from 'drizzle-orm';
import type { TicketType } from '@sc/common';
import type { Db } from './client.ts';

// Faker-free helpers shared by the seed and by application queries (importing them loads no faker).

/** The number prefix of each type. */
export const TICKET_NO_PREFIX: Record<TicketType, string> = { Incident: 'INC-', ServiceRequest: 'SR-' };

/** 'INC-000123' / 'SR-000456': derived from the row id, so unique across the database. */
export const ticketNumber = (type: TicketType, id: number): string => `${TICKET_NO_PREFIX[type]}${String(id).padStart(6, '0')}`;

/** node-postgres and PGlite both return { rows }, typed differently: one accessor. */
export function rowsOf<R>(res: unknown): R[] {
  return (res as { rows: R[] }).rows;
}

/** Reserves `n` ids of a serial column, so rows can carry numbers derived from their id (INC-000123). */
export async function reserveIds(db: Db, table: string, n: number): Promise<number[]> {
  if (n === 0) return [];
  const res = await db.execute(sql`select nextval(pg_get_serial_sequence(${table}, 'id')) as id from generate_series(1, ${n}::int)`);
  return rowsOf<{ id: number | string }>(res).map((r) => Number(r.id));
}
