import { z } from 'zod';
import { listQuerySchema, pageOf } from './list.ts';
import { isAdministrator } from './navigation.ts';
import { ZTicketCriteriaSchema, ZTicketFilterSearchTypeSchema } from './tickets.ts';

// The compatibility layer (requirements §16; docs/decisions/022): API keys, the bridged resources of the
// original platform, its remaining web APIs and the Data API. Identity always comes from the session or
// an API key; an X-User value sent by a client is read for its shape only.

export const COMPAT_MESSAGES = {
  formSlugRequired: 'Property "formSlug" is required.',
  bridgedResourceNameRequired: 'Property "bridgedResourceName" is required.',
  attributesArray: 'Property "attributes" expected as array of strings.',
  limitNumber: 'Property "limit" expected as a number.',
  offsetNumber: 'Property "offset" expected as a number.',
  /** requirements §16.3: what a bridged call answers when a resource produced something unusable. */
  invalidResponse: 'Invalid server response.',
  unknownResource: (name: string) => `Unknown bridged resource: ${name}`,
  invalidApiKey: 'Invalid or revoked API key',
  apiKeyNotAllowed: 'API keys are not accepted on this route',
  xUserShape: 'X-User must be a JSON object',
} as const;

/** The header an integration sends its key in (requirements §16.1); `Authorization: Bearer <key>` works too. */
export const API_KEY_HEADER = 'cmsapikey';
/** Every key starts with this, so a leaked key is recognisable (secret scanners) and tells its purpose. */
export const API_KEY_PREFIX = 'sck_';
export const API_KEY_NAME_MAX = 80;
/** A customer holds at most this many active keys. */
export const API_KEYS_MAX_ACTIVE = 20;

/** requirements §16.1: the customer's Administrator manages its API keys (a space admin its own customer's). */
export const canManageApiKeys = isAdministrator;

export const API_KEY_MESSAGES = {
  created: 'API key created',
  revoked: 'API key revoked',
  shownOnce: 'Copy the key now: it is shown only once.',
  confirmRevokeTitle: 'Revoke API key?',
  confirmRevokeText: (name: string) => `Integrations using "${name}" will stop working at once.`,
  tooMany: `A customer may have at most ${API_KEYS_MAX_ACTIVE} active API keys`,
  notFound: 'API key not found',
} as const;

// ---- API keys --------------------------------------------------------------------------------

export const ZApiKeyCreateRequestSchema = z.object({
  name: z.string().trim().min(1, 'Name is required').max(API_KEY_NAME_MAX, `Name must be at most ${API_KEY_NAME_MAX} characters`),
});
export type ApiKeyCreateRequest = z.input<typeof ZApiKeyCreateRequestSchema>;

export const ZApiKeySchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The key's first characters ('sck_AbCd'), to tell keys apart. */
  prefix: z.string(),
  createdBy: z.string(),
  /** ISO 8601 instants. */
  createdAt: z.string(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiKey = z.infer<typeof ZApiKeySchema>;

/** GET /api/v1/api-keys: every key of the caller's customer, newest first (a handful; not paged). */
export const ZApiKeysResponseSchema = z.object({ keys: z.array(ZApiKeySchema) });
export type ApiKeysResponse = z.infer<typeof ZApiKeysResponseSchema>;

/** POST /api/v1/api-keys: the key itself, this once. */
export const ZApiKeyCreatedResponseSchema = z.object({ apiKey: ZApiKeySchema, key: z.string() });
export type ApiKeyCreatedResponse = z.infer<typeof ZApiKeyCreatedResponseSchema>;

export const ZApiKeyIdParamsSchema = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

// ---- X-User ----------------------------------------------------------------------------------

/** The original sent the signed-in user as JSON in X-User. We check it is an object and ignore what it says. */
export const ZXUserHeaderSchema = z
  .string()
  .max(8192, COMPAT_MESSAGES.xUserShape)
  .transform((raw, ctx) => {
    try {
      const v: unknown = JSON.parse(raw);
      if (v !== null && typeof v === 'object' && !Array.isArray(v)) return v as Record<string, unknown>;
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: COMPAT_MESSAGES.xUserShape });
    return z.NEVER;
  });

// ---- Bridged resources (requirements §16.3) ----------------------------------------------------

const zBoolish = z.union([z.boolean(), z.stringbool()]);
/** '' and missing are "not given"; a number or numeric text is read; anything else is refused with `message`. */
const zNumberProp = (message: string) =>
  z.preprocess(
    (v) => (typeof v === 'string' ? (v.trim() === '' ? undefined : Number(v)) : v),
    z.number({ error: message }).int(message).min(0, message).max(1_000_000, message).optional(),
  );
const zScalar = z.union([z.string().max(4000), z.number(), z.boolean(), z.null()]).transform((v) => (v === null ? '' : String(v)));
const zParamMap = z.record(z.string().max(100), zScalar);
const zSlug = (message: string) => z.string({ error: message }).trim().min(1, message).max(200, message);

/**
 * The bridged-resource request of requirements §3 'Bridged-resource request', after the form body or JSON
 * was read (server/src/modules/compat/bridged-request.ts): formSlug and bridgedResourceName from the path.
 */
export const ZBridgedRequestSchema = z.object({
  formSlug: zSlug(COMPAT_MESSAGES.formSlugRequired),
  bridgedResourceName: zSlug(COMPAT_MESSAGES.bridgedResourceNameRequired),
  kappSlug: z.string().trim().max(200).optional(),
  datastore: zBoolish.default(false),
  /** Comma-joined in a form body; an array of strings in JSON. Empty or missing: every field. */
  attributes: z
    .preprocess(
      (v) => (typeof v === 'string' ? v.split(',').map((s) => s.trim()).filter(Boolean) : v),
      z.array(z.string({ error: COMPAT_MESSAGES.attributesArray }).max(100, COMPAT_MESSAGES.attributesArray), { error: COMPAT_MESSAGES.attributesArray }).max(100),
    )
    .optional(),
  values: zParamMap.default({}),
  metadata: zParamMap.default({}),
  limit: zNumberProp(COMPAT_MESSAGES.limitNumber),
  offset: zNumberProp(COMPAT_MESSAGES.offsetNumber),
});
export type BridgedRequest = z.output<typeof ZBridgedRequestSchema>;

/** An attribute value as the platform sent it: text, or null. Booleans are the original's '-1' / '0'. */
export const ZBridgedValueSchema = z.string().nullable();

export const ZBridgedMetadataSchema = z.object({
  /** Records matching the parameters (all pages). */
  count: z.number().int(),
  /** The same number: the original's clients read `size` as the count. */
  size: z.number().int(),
  /** The `offset` of the next page, as text; null on the last page. */
  nextPageToken: z.string().nullable(),
});

/** One record: `{ record: { attributes } }`. */
export const ZBridgedRecordResponseSchema = z.object({ record: z.object({ attributes: z.record(z.string(), ZBridgedValueSchema) }) });
/** Several: the field list and one row of values per record, with the paging metadata. */
export const ZBridgedRecordsResponseSchema = z.object({
  records: z.object({
    fields: z.array(z.string()),
    records: z.array(z.array(ZBridgedValueSchema)),
    metadata: ZBridgedMetadataSchema,
  }),
});
/** /count: `{ count: { value } }`. */
export const ZBridgedCountResponseSchema = z.object({ count: z.object({ value: z.number().int() }) });
export const ZBridgedResponseSchema = z.union([ZBridgedRecordResponseSchema, ZBridgedRecordsResponseSchema, ZBridgedCountResponseSchema]);
export type BridgedResponse = z.infer<typeof ZBridgedResponseSchema>;

/** 502 when a resource answered something unusable: the original's client error object, from the server. */
export const ZBridgedInvalidResponseSchema = z.object({
  code: z.literal('INTERNAL'),
  message: z.literal(COMPAT_MESSAGES.invalidResponse),
  statusCode: z.literal(500),
});

/** The form-encoded (or JSON) body as it arrives: values[x] / metadata[x] keys are folded on the server. */
export const ZBridgedBodySchema = z
  .object({
    /** Comma-joined text or an array of strings; checked by the server for the spec's message. */
    attributes: z.unknown().optional(),
    values: z.unknown().optional(),
    metadata: z.unknown().optional(),
    limit: z.unknown().optional(),
    offset: z.unknown().optional(),
    kappSlug: z.unknown().optional(),
  })
  .catchall(z.unknown())
  .optional();

export const ZBridgedKappParamsSchema = z.object({
  space: z.string().max(200),
  kapp: z.string().max(200),
  form: z.string().max(200),
  name: z.string().max(200),
});
export const ZBridgedDatastoreParamsSchema = z.object({ form: z.string().max(200), name: z.string().max(200) });

// ---- Web APIs: upsert-ticket-filter, query-ticket-filters (requirements §16.4) -----------------

const zJsonText = <T extends z.ZodType>(schema: T) =>
  z.union([
    z
      .string()
      .max(20_000)
      .transform((raw, ctx) => {
        try {
          return JSON.parse(raw) as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'must be JSON' });
          return z.NEVER;
        }
      })
      .pipe(schema),
    schema,
  ]);

const zPartitionKey = z
  .string()
  .max(200)
  .transform((raw, ctx) => {
    try {
      const parsed: unknown = JSON.parse(raw);
      if (Array.isArray(parsed) && parsed.length === 1) {
        const r = ZTicketFilterSearchTypeSchema.safeParse(parsed[0]);
        if (r.success) return r.data;
      }
    } catch {
      // reported below
    }
    ctx.addIssue({ code: 'custom', message: 'partitionKey must be a JSON array string holding Incidents or Requests' });
    return z.NEVER;
  });

/** The common payload of the web calls; `auth` and the others are accepted and ignored. */
const ZWebApiCommonSchema = z.object({
  databaseId: z.string().max(200).optional(),
  containerId: z.string().max(200).optional(),
  documentId: z.string().max(200).optional(),
  msdate: z.string().max(200).optional(),
  auth: z.string().max(4000).optional(),
  msversion: z.string().max(200).optional(),
});

/** The saved-filter document of requirements §3 'Saved ticket filter' as the original wrote it. */
const ZTicketFilterDocumentInputSchema = z.object({
  id: z.string().max(200).optional(),
  SearchName: z.string().trim().min(1, 'SearchName is required').max(200),
  IsPublic: zBoolish.default(false),
  partitionKey: ZTicketFilterSearchTypeSchema.optional(),
  /** Our criteria names (ZTicketCriteriaSchema); unknown keys such as OwnerName are dropped. */
  criteria: ZTicketCriteriaSchema.optional(),
});

export const ZTicketFilterUpsertCompatRequestSchema = ZWebApiCommonSchema.extend({
  partitionKey: zPartitionKey.optional(),
  upsert: z.boolean().optional(),
  documentJson: zJsonText(ZTicketFilterDocumentInputSchema.catchall(z.unknown())),
});

/**
 * queryExpression: `{ offset, limit, count }` as JSON (or the object). count=true is the first of the
 * original's two queries (the total of the partition's filters that are public or the caller's), otherwise
 * the page with offset and limit.
 */
export const ZTicketFilterQueryCompatRequestSchema = ZWebApiCommonSchema.extend({
  partitionKey: zPartitionKey,
  queryExpression: zJsonText(
    z.object({
      offset: z.coerce.number().int().min(0).max(1_000_000).default(0),
      limit: z.coerce.number().int().min(1).max(100).default(10),
      count: zBoolish.default(false),
    }),
  ).default({ offset: 0, limit: 10, count: false }),
});

export const ZTicketFilterDocumentSchema = z.object({
  /** md5 of SearchName. */
  id: z.string(),
  SearchName: z.string(),
  IsPublic: z.boolean(),
  OwnerName: z.string(),
  UserId: z.number().int().nullable(),
  UpdatedDate: z.string(),
  UpdatedBy: z.string().nullable(),
  partitionKey: ZTicketFilterSearchTypeSchema,
  criteria: ZTicketCriteriaSchema,
});
export type TicketFilterDocument = z.infer<typeof ZTicketFilterDocumentSchema>;

export const ZTicketFilterUpsertCompatResponseSchema = z.object({ result: z.literal('ok'), document: ZTicketFilterDocumentSchema });
export const ZTicketFilterQueryCompatResponseSchema = z.object({
  Documents: z.array(ZTicketFilterDocumentSchema),
  /** The first query's answer: every filter of the partition that is public or the caller's. */
  totalRecords: z.number().int(),
});

// ---- Data API (requirements §16.5) -------------------------------------------------------------

export const DATA_API_TYPES = ['contact', 'job', 'device', 'incident', 'product', 'jobreport', 'action'] as const;
export type DataApiType = (typeof DATA_API_TYPES)[number];
export const ZDataApiParamsSchema = z.object({ cmstype: z.enum(DATA_API_TYPES) });
const zDataId = z.coerce.number().int().positive().max(2_147_483_647).optional();
/**
 * GET /api/data/{cmstype}: a page of the type's records in the caller's scope, on the one list contract. `id`
 * narrows it to one record (404 when the caller cannot see it); product and jobreport need `jobId`, action
 * `incidentId`. Sorted by id (devices by name, as their list).
 */
export const ZDataApiQuerySchema = listQuerySchema({
  defaultPageSize: 25,
  sorts: ['id'],
  defaultSort: 'id',
  defaultDirection: 'desc',
  search: false,
  filters: { id: zDataId, jobId: zDataId, incidentId: zDataId },
});
export type DataApiQuery = z.output<typeof ZDataApiQuerySchema>;
/** Records with the original's attribute names, as the bridged resources answer them. */
export const ZDataApiRecordSchema = z.record(z.string(), ZBridgedValueSchema);
export const ZDataApiResponseSchema = pageOf(ZDataApiRecordSchema);
export type DataApiResponse = z.infer<typeof ZDataApiResponseSchema>;
