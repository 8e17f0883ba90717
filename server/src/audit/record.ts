import type { AuditAction } from '@sc/common';
import type { Scope } from '../auth/scope.ts';
import type { Db } from '../db/client.ts';
import { auditLog } from '../db/schema/index.ts';

// The one audit helper (requirements §19.4): every audited write in server/src/modules/* calls
// recordAudit once, after its change, with the caller's scope (who, from which address and browser).

/** Who did it when there is no session (a sign-in, a public page). */
interface AuditActor {
  webUserId: number | null;
  contactId: number | null;
  email: string | null;
  ip: string | null;
  userAgent: string | null;
}

const actorOfScope = (scope: Scope): AuditActor => ({
  webUserId: scope.webUserId,
  contactId: scope.contactId,
  email: scope.email,
  ip: scope.ip ?? null,
  userAgent: scope.userAgent ?? null,
});

interface AuditEntry {
  action: AuditAction;
  /** The customer the event belongs to; null for provider-wide events. Defaults to the caller's customer. */
  cid?: number | null;
  entity?: string;
  entityId?: string | number;
  /** What changed (field: value, or field: { from, to }). */
  details?: Record<string, unknown>;
}

/** Appends one audit row; `who` is the signed-in caller's scope, or an actor for sign-ins and public pages. */
export async function recordAudit(db: Db, who: Scope | (AuditActor & { cid: number | null }), entry: AuditEntry): Promise<void> {
  const isScope = 'sessionId' in who;
  const actor = isScope ? actorOfScope(who) : who;
  const cid = entry.cid !== undefined ? entry.cid : who.cid;
  await db.insert(auditLog).values({
    cid,
    webUserId: actor.webUserId,
    contactId: actor.contactId,
    actorEmail: actor.email?.slice(0, 254) ?? null,
    action: entry.action,
    entity: entry.entity ?? null,
    entityId: entry.entityId === undefined ? null : String(entry.entityId),
    details: entry.details ?? null,
    ip: actor.ip?.slice(0, 64) ?? null,
    userAgent: actor.userAgent?.slice(0, 400) ?? null,
  });
}
