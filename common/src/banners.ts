import { z } from 'zod';
import { zIsoDate } from './dates.ts';

// Banner messages (requirements §6.1, §6 'BannerMessage', §6, §6.4, §6, §6.6). One global banner (space admin)
// and one per customer (its Administrator). Everyone signed in reads the active ones on the home page.

export const BANNER_MESSAGES = {
  saved: 'Banner message has been updated',
  /** requirements §6.6: followed by the error's own text. */
  saveFailed: 'Failed to save banner message: ',
} as const;

/** requirements §6.6: the home page's banner snackbar stays 30 s. */
export const BANNER_SNACKBAR_MS = 30_000;
/** Long enough for a paragraph or two; a banner is a notice, not a page. */
const BANNER_MESSAGE_MAX = 2000;
/** The document id of requirements §6. */
export const BANNER_DOCUMENT_ID = 'BannerMessage';

const zExpirationDate = zIsoDate('Expiration Date must be a date (YYYY-MM-DD)');
const zMessage = z.string().trim().max(BANNER_MESSAGE_MAX, `Application Banner Message must be at most ${BANNER_MESSAGE_MAX} characters`);

/**
 * PUT /api/v1/banner and the Banner Message dialog. An expiration date is required (a banner that
 * never ends is easy to forget); a past date is accepted and simply hides the banner. An empty
 * message clears the banner.
 */
export const ZBannerSaveRequestSchema = z.object({
  expirationDate: z.string({ error: 'Expiration Date is required' }).min(1, 'Expiration Date is required').pipe(zExpirationDate),
  message: zMessage,
});
export type BannerSaveRequest = z.input<typeof ZBannerSaveRequestSchema>;
export type BannerSaveValues = z.output<typeof ZBannerSaveRequestSchema>;

/** The editor's own banner (GET/PUT /api/v1/banner); empty message and null dates when none is stored yet. */
export const ZBannerSchema = z.object({
  /** 'global' for the space admin's banner, 'customer' for an Administrator's. */
  scope: z.enum(['global', 'customer']),
  partitionKey: z.string(),
  message: z.string(),
  /** YYYY-MM-DD; the banner shows through this whole day in the reader's time zone. */
  expirationDate: z.string().nullable(),
  updatedDate: z.string().nullable(),
  updatedBy: z.string().nullable(),
});
export type Banner = z.infer<typeof ZBannerSchema>;

/** One banner as the home page shows it; `version` changes with every save (dismissal is per version). */
export const ZActiveBannerSchema = z.object({
  scope: z.enum(['global', 'customer']),
  message: z.string(),
  expirationDate: z.string().nullable(),
  version: z.string(),
});
export type ActiveBanner = z.infer<typeof ZActiveBannerSchema>;

/** GET /api/v1/banners/active: the global banner first, then the caller's customer's. */
export const ZActiveBannersResponseSchema = z.object({ banners: z.array(ZActiveBannerSchema) });
export type ActiveBannersResponse = z.infer<typeof ZActiveBannersResponseSchema>;

// ---- The original's web APIs (requirements §6): get-banner-message and upsert-banner-message. ----

/** partitionKey is a JSON array string such as '["acmeSetting"]'; its single element names the partition. */
const zPartitionKey = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    try {
      const parsed: unknown = JSON.parse(raw);
      const key: unknown = Array.isArray(parsed) ? parsed[0] : undefined;
      if (Array.isArray(parsed) && parsed.length === 1 && typeof key === 'string' && key.length > 0) return key;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'partitionKey must be a JSON array string holding one partition name' });
    return z.NEVER;
  });

/** The common payload; `auth` is accepted and ignored: the session decides who is calling. */
export const ZBannerCompatRequestSchema = z.object({
  databaseId: z.string().max(200).optional(),
  containerId: z.string().max(200).optional(),
  documentId: z.string().max(200).optional(),
  partitionKey: zPartitionKey.optional(),
  msdate: z.string().max(200).optional(),
  auth: z.string().max(4000).optional(),
  msversion: z.string().max(200).optional(),
});

/** The document's own fields, as the original sent them in documentJson. */
const ZBannerDocumentInputSchema = z.object({
  id: z.string().max(200).optional(),
  Message: zMessage.optional().default(''),
  // The original may send a full ISO timestamp: its date part is the expiration date.
  ExpirationDate: z
    .string({ error: 'ExpirationDate is required' })
    .transform((v) => v.slice(0, 10))
    .pipe(zIsoDate('ExpirationDate must be a date (YYYY-MM-DD)')),
});

export const ZBannerUpsertCompatRequestSchema = ZBannerCompatRequestSchema.extend({
  upsert: z.boolean().optional(),
  /** A JSON string (as the original sent it) or the object itself. */
  documentJson: z.union([
    z.string().transform((raw, ctx) => {
      try {
        return JSON.parse(raw) as unknown;
      } catch {
        ctx.addIssue({ code: 'custom', message: 'documentJson must be JSON' });
        return z.NEVER;
      }
    }).pipe(ZBannerDocumentInputSchema),
    ZBannerDocumentInputSchema,
  ]),
});

/** The banner document of requirements §6. */
export const ZBannerDocumentSchema = z.object({
  id: z.literal(BANNER_DOCUMENT_ID),
  Message: z.string(),
  ExpirationDate: z.string().nullable(),
  UpdatedDate: z.string().nullable(),
  UpdatedBy: z.string().nullable(),
  _partitionKey: z.string(),
});
export type BannerDocument = z.infer<typeof ZBannerDocumentSchema>;
