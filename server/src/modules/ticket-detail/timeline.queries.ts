import { and, asc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, contacts, webUsers } from '../../db/schema/index.ts';
import type { Scope } from '../../auth/scope.ts';

/** The audit rows of one ticket (create and updates), oldest first, with who made them. */
export async function listTicketAudit(db: Db, scope: Scope, ticketId: number) {
  return db
    .select({
      action: auditLog.action,
      details: auditLog.details,
      createdAt: auditLog.createdAt,
      firstName: contacts.firstName,
      lastName: contacts.lastName,
    })
    .from(auditLog)
    .leftJoin(webUsers, eq(webUsers.id, auditLog.webUserId))
    .leftJoin(contacts, eq(contacts.id, webUsers.contactId))
    .where(and(eq(auditLog.cid, scope.cid), eq(auditLog.entity, 'ticket'), eq(auditLog.entityId, String(ticketId))))
    .orderBy(asc(auditLog.createdAt), asc(auditLog.id));
}
