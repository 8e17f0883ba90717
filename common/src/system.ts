// zod/mini: fetched before sign-in (see auth.ts, decision 028).
import * as z from 'zod/mini';

/** GET /api/v1/config: what the SPA needs before sign-in (footer links, chat). */
export const ZPublicConfigSchema = z.object({
  providerName: z.string(),
  providerWebsite: z.string(),
  chatEnabled: z.boolean(),
});
