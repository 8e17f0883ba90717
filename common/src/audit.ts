import { z } from 'zod';
import { zIsoInstant } from './dates.ts';
import type { SignedInUser } from './auth.ts';
import { DEFAULT_PAGE_SIZE, listQuerySchema, pageOf } from './list.ts';

// requirements §19.4: the audit log and requirements §19.3: signed-in devices.

type Who = Pick<SignedInUser, 'userType' | 'spaceAdmin'>;

/** The audit log: a customer's Administrator reads its own organisation's, the space admin every customer's. */
export const canReadAuditLog = (u: Who): boolean => u.userType === 'Administrator' || u.spaceAdmin;

export const AUDIT_ACTIONS = [
  'sign-in.success',
  'sign-in.failure',
  'admin.create',
  'session.end',
  'password.change',
  'password.reset',
  'contact.access',
  'contact.approve',
  'contact.reject',
  'contact.disable',
  'invitation.send',
  'invitation.resend',
  'invitation.delete',
  'invitation.accept',
  'banner.edit',
  'ticket.create',
  'ticket.update',
  'ticket.note',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

export const AUDIT_ACTION_LABELS: Record<AuditAction, string> = {
  'sign-in.success': 'Sign-in',
  'sign-in.failure': 'Failed sign-in',
  'admin.create': 'Space administrator created',
  'session.end': 'Session ended',
  'password.change': 'Password changed',
  'password.reset': 'Password reset',
  'contact.access': 'Access changed',
  'contact.approve': 'Registration approved',
  'contact.reject': 'Registration rejected',
  'contact.disable': 'Contact disabled',
  'invitation.send': 'Invitation sent',
  'invitation.resend': 'Invitation resent',
  'invitation.delete': 'Invitation deleted',
  'invitation.accept': 'Invitation accepted',
  'banner.edit': 'Banner edited',
  'ticket.create': 'Ticket created',
  'ticket.update': 'Ticket changed',
  'ticket.note': 'Note added',
};

/**
 * requirements §19.4: the audit log export streams up to this many rows of the filter (the spec's
 * exports stop at 2000; this list is ours, and an audit is read whole). Decision 029.
 */
export const AUDIT_EXPORT_MAX_ROWS = 50_000;

const zInstant = zIsoInstant();

export const ZAuditListRequestSchema = listQuerySchema({
  defaultPageSize: DEFAULT_PAGE_SIZE,
  /** Newest first. */
  sorts: ['at'],
  defaultSort: 'at',
  defaultDirection: 'desc',
  /** Actor e-mail, action, target or what changed contains the term. */
  search: true,
  filters: {
    action: z.enum(AUDIT_ACTIONS).optional(),
    /** The actor's e-mail contains this. */
    actor: z.string().trim().max(254).optional(),
    /** At or after this instant (the web sends the start of the chosen day in the user's zone). */
    from: zInstant.optional(),
    /** Before this instant. */
    to: zInstant.optional(),
  },
});
export type AuditListRequest = z.infer<typeof ZAuditListRequestSchema>;

export const ZAuditRowSchema = z.object({
  id: z.number().int(),
  at: z.string(),
  action: z.enum(AUDIT_ACTIONS),
  /** The customer of the event; null for provider-wide events. */
  cid: z.number().int().nullable(),
  organizationName: z.string().nullable(),
  actorEmail: z.string().nullable(),
  actorName: z.string().nullable(),
  ip: z.string().nullable(),
  userAgent: z.string().nullable(),
  targetType: z.string().nullable(),
  targetId: z.string().nullable(),
  details: z.record(z.string(), z.unknown()).nullable(),
});
export type AuditRow = z.infer<typeof ZAuditRowSchema>;
export const ZAuditListResponseSchema = pageOf(ZAuditRowSchema);
export type AuditListResponse = z.infer<typeof ZAuditListResponseSchema>;

// --- Signed-in devices (User Preferences) ---

export const ZSignedInDeviceSchema = z.object({
  /** Opaque handle of the session (not its cookie token). */
  id: z.string(),
  /** Browser and system read from the user agent, e.g. 'Chrome on Windows'. */
  browser: z.string(),
  userAgent: z.string().nullable(),
  ip: z.string().nullable(),
  createdAt: z.string(),
  lastSeenAt: z.string(),
  /** The session of this request. */
  current: z.boolean(),
});
export const ZSignedInDevicesResponseSchema = z.object({ sessions: z.array(ZSignedInDeviceSchema) });
export type SignedInDevicesResponse = z.infer<typeof ZSignedInDevicesResponseSchema>;
export const ZSessionIdParamsSchema = z.object({ id: z.string().regex(/^[0-9a-f]{64}$/, 'must be a session id') });
export const ZEndSessionsResponseSchema = z.object({ ended: z.number().int() });

/** 'Chrome on Windows' from a user agent; 'Unknown browser' when it names none we know. */
export function describeUserAgent(ua: string | null | undefined): string {
  if (!ua) return 'Unknown browser';
  const browser = /Edg\//.test(ua)
    ? 'Edge'
    : /OPR\/|Opera/.test(ua)
      ? 'Opera'
      : /Firefox\//.test(ua)
        ? 'Firefox'
        : /Chrom(e|ium)\//.test(ua) || /HeadlessChrome/.test(ua)
          ? 'Chrome'
          : /Safari\//.test(ua)
            ? 'Safari'
            : /curl\//.test(ua)
              ? 'curl'
              : null;
  const os = /Windows/.test(ua)
    ? 'Windows'
    : /Android/.test(ua)
      ? 'Android'
      : /iPhone|iPad|iOS/.test(ua)
        ? 'iOS'
        : /Mac OS X|Macintosh/.test(ua)
          ? 'macOS'
          : /CrOS/.test(ua)
            ? 'ChromeOS'
            : /Linux/.test(ua)
              ? 'Linux'
              : null;
  if (!browser && !os) return 'Unknown browser';
  return [browser ?? 'Browser', os].filter(Boolean).join(' on ');
}
