import { bigserial, index, integer, jsonb, pgTable, varchar } from 'drizzle-orm/pg-core';
import { createdAt } from './columns.ts';
import { customers, webUsers } from './identity.ts';

/**
 * Append-only audit trail of security-relevant and administrative actions (logins, invitations,
 * contact approval/disable, banner edits, ticket updates). cid is null for events with no tenant
 * (e.g. a failed login for an unknown e-mail).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigserial({ mode: 'number' }).primaryKey(),
    cid: integer().references(() => customers.id),
    webUserId: integer().references(() => webUsers.id, { onDelete: 'set null' }),
    action: varchar({ length: 80 }).notNull(),
    entity: varchar({ length: 60 }),
    entityId: varchar({ length: 64 }),
    details: jsonb().$type<Record<string, unknown>>(),
    ip: varchar({ length: 64 }),
    createdAt: createdAt(),
  },
  (t) => [index('audit_log_cid_created_idx').on(t.cid, t.createdAt.desc())],
);
