import { recordAudit } from '../../audit/record.ts';
import {
  BANNER_DOCUMENT_ID,
  canEditBanner,
  type ActiveBannersResponse,
  type Banner,
  type BannerDocument,
  type BannerSaveValues,
} from '@sc/common';
import type { Scope } from '../../auth/scope.ts';
import type { Db } from '../../db/client.ts';
import { forbidden } from '../../http/errors.ts';
import * as q from './queries.ts';

interface Partition {
  scope: Banner['scope'];
  partitionKey: string;
  /** null for the global banner, which belongs to no customer. */
  cid: number | null;
}

/**
 * requirements §6.4: the one partition the caller may write, from the session only. A space admin edits the
 * global banner; an Administrator its own customer's; everyone else nothing.
 */
function editorPartition(scope: Scope): Partition {
  if (!canEditBanner(scope)) throw forbidden();
  if (scope.spaceAdmin) return { scope: 'global', partitionKey: q.GLOBAL_BANNER_PARTITION, cid: null };
  return { scope: 'customer', partitionKey: q.customerBannerPartition(scope.user.customerCode), cid: scope.cid };
}

const customerPartitionOf = (scope: Scope): string => q.customerBannerPartition(scope.user.customerCode);

/** Today's calendar date (YYYY-MM-DD) in a time zone; UTC when the zone name is unknown. */
export function calendarDateIn(timeZone: string, now: Date): string {
  const format = (tz: string) => {
    const parts = new Intl.DateTimeFormat('en-US', { timeZone: tz, year: 'numeric', month: '2-digit', day: '2-digit' }).formatToParts(now);
    const part = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
    return `${part('year')}-${part('month')}-${part('day')}`;
  };
  try {
    return format(timeZone);
  } catch {
    return format('UTC');
  }
}

type Row = NonNullable<Awaited<ReturnType<typeof q.selectBanner>>>;

const toBanner = (p: Partition, row: Row | undefined): Banner => ({
  scope: p.scope,
  partitionKey: p.partitionKey,
  message: row?.message ?? '',
  expirationDate: row?.expirationDate ?? null,
  updatedDate: row?.updatedDate.toISOString() ?? null,
  updatedBy: row?.updatedBy ?? null,
});

/** The editor's own banner; an empty one when none was saved yet. */
export async function getBanner(db: Db, scope: Scope): Promise<Banner> {
  const p = editorPartition(scope);
  return toBanner(p, await q.selectBanner(db, p.partitionKey));
}

/** Saves the editor's own banner; UpdatedBy is the editor's user name, UpdatedDate now. */
export async function saveBanner(db: Db, scope: Scope, v: BannerSaveValues): Promise<Banner> {
  const p = editorPartition(scope);
  const before = await q.selectBanner(db, p.partitionKey);
  await q.upsertBanner(db, { partitionKey: p.partitionKey, cid: p.cid, message: v.message, expirationDate: v.expirationDate, updatedBy: scope.email, updatedDate: new Date() });
  // The global banner is provider-wide (cid null): only the space admin's log shows it.
  await recordAudit(db, scope, {
    action: 'banner.edit',
    cid: p.cid ?? null,
    entity: 'banner',
    entityId: p.partitionKey,
    details: {
      message: { from: before?.message.slice(0, 500) ?? null, to: v.message.slice(0, 500) },
      expirationDate: { from: before?.expirationDate ?? null, to: v.expirationDate },
    },
  });
  return getBanner(db, scope);
}

/**
 * The banners the caller sees on the home page (requirements §6.1, §6.6): the global one and its customer's,
 * while today in the caller's time zone is not past the expiration date.
 */
export async function listActiveBanners(db: Db, scope: Scope, now = new Date()): Promise<ActiveBannersResponse> {
  const customerKey = customerPartitionOf(scope);
  const rows = await q.selectActiveBanners(db, [q.GLOBAL_BANNER_PARTITION, customerKey], calendarDateIn(scope.user.timeZone, now));
  const banners = rows
    .map((r) => ({
      scope: r.partitionKey === q.GLOBAL_BANNER_PARTITION ? ('global' as const) : ('customer' as const),
      message: r.message,
      expirationDate: r.expirationDate,
      version: r.updatedDate.toISOString(),
    }))
    .sort((a, b) => (a.scope === b.scope ? 0 : a.scope === 'global' ? -1 : 1));
  return { banners };
}

// ---- The original's web APIs (requirements §6) over the same rules. ----

const toDocument = (partitionKey: string, row: Row | undefined): BannerDocument => ({
  id: BANNER_DOCUMENT_ID,
  Message: row?.message ?? '',
  ExpirationDate: row?.expirationDate ?? null,
  UpdatedDate: row?.updatedDate.toISOString() ?? null,
  UpdatedBy: row?.updatedBy ?? null,
  _partitionKey: partitionKey,
});

/**
 * get-banner-message: anyone signed in reads the global banner and its own customer's (the home
 * page did so); no other partition. Without a partitionKey: the editor's own, else the customer's.
 */
export async function getBannerDocument(db: Db, scope: Scope, requested: string | undefined): Promise<BannerDocument> {
  const readable = [q.GLOBAL_BANNER_PARTITION, customerPartitionOf(scope)];
  const key = requested ?? (canEditBanner(scope) ? editorPartition(scope).partitionKey : customerPartitionOf(scope));
  if (!readable.includes(key)) throw forbidden();
  return toDocument(key, await q.selectBanner(db, key));
}

/** upsert-banner-message: only the editor's own partition; naming any other is refused. */
export async function upsertBannerDocument(
  db: Db,
  scope: Scope,
  requested: string | undefined,
  doc: { Message: string; ExpirationDate: string },
): Promise<BannerDocument> {
  const p = editorPartition(scope);
  if (requested !== undefined && requested !== p.partitionKey) throw forbidden();
  await saveBanner(db, scope, { message: doc.Message, expirationDate: doc.ExpirationDate });
  return toDocument(p.partitionKey, await q.selectBanner(db, p.partitionKey));
}
