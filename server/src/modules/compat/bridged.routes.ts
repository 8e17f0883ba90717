import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  COMPAT_MESSAGES,
  ZBridgedBodySchema,
  ZBridgedDatastoreParamsSchema,
  ZBridgedInvalidResponseSchema,
  ZBridgedKappParamsSchema,
  ZBridgedResponseSchema,
} from '@sc/common';
import type { FastifyReply, FastifyRequest } from 'fastify';
import formbody from '@fastify/formbody';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { notFound, signedInErrors } from '../../http/errors.ts';
import { isInvalidResponse, readBridgedRequest, runBridged, type BridgedResource } from './bridged-core.ts';
import { BRIDGED_RESOURCES } from './bridged-registry.ts';

/** requirements §16.3: the original used its resources with this kapp (and form shared-resources). */
export const COMPAT_KAPP = 'customer-portal';

const responses = { 200: ZBridgedResponseSchema, ...signedInErrors, 502: ZBridgedInvalidResponseSchema } as const;
const tags = ['compatibility'];
const consumes = ['application/x-www-form-urlencoded', 'application/json'];
// docs/decisions/022: the session (with CSRF for writes; these are reads) or an API key.
const config = { apiKey: true };

/**
 * The bridged resources (requirements §16.3): POST /{space}/{kapp}/{form}/bridgedResources/{name}[/count] and
 * /datastore/{form}/bridgedResources/{name}[/count] with a form body, and /app/bridgedResources[/count] with the
 * §3 request as a whole (JSON or form). `resources` replaces the registry in tests.
 */
export const bridgedRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config; resources?: Readonly<Record<string, BridgedResource>> }> = async (app, opts) => {
  const registry = opts.resources ?? BRIDGED_RESOURCES;
  // The original posted form bodies (values[Name]=…); registered inside this plugin only (mail has its own parser).
  await app.register(formbody);

  async function answer(req: FastifyRequest, reply: FastifyReply, path: Parameters<typeof readBridgedRequest>[0], mode: 'fetch' | 'count') {
    const scope = scopeOf(req);
    const r = readBridgedRequest(path, req.body);
    if (!r.datastore && r.kappSlug !== undefined && r.kappSlug !== COMPAT_KAPP) throw notFound(`Kapp not found: ${r.kappSlug}`);
    const resource = Object.hasOwn(registry, r.bridgedResourceName) ? registry[r.bridgedResourceName] : undefined;
    if (!resource) throw notFound(COMPAT_MESSAGES.unknownResource(r.bridgedResourceName));
    try {
      return await runBridged({ db: opts.db, config: opts.config, scope }, resource, r, mode);
    } catch (e) {
      if (!isInvalidResponse(e)) throw e;
      req.log.error({ resource: r.bridgedResourceName }, 'bridged resource produced an unusable record');
      return reply.status(502).send({ code: 'INTERNAL', message: COMPAT_MESSAGES.invalidResponse, statusCode: 500 });
    }
  }

  for (const mode of ['fetch', 'count'] as const) {
    const suffix = mode === 'count' ? '/count' : '';
    const what = mode === 'count' ? 'Count the records of' : 'Fetch';
    app.post(
      `/:space/:kapp/:form/bridgedResources/:name${suffix}`,
      { config, schema: { tags, consumes, summary: `${what} a bridged resource of a kapp form (platform call of the original)`, params: ZBridgedKappParamsSchema, body: ZBridgedBodySchema, response: responses } },
      (req, reply) => answer(req, reply, { formSlug: req.params.form, bridgedResourceName: req.params.name, kappSlug: req.params.kapp, datastore: false }, mode),
    );
    app.post(
      `/datastore/:form/bridgedResources/:name${suffix}`,
      { config, schema: { tags, consumes, summary: `${what} a bridged resource of a datastore form (platform call of the original)`, params: ZBridgedDatastoreParamsSchema, body: ZBridgedBodySchema, response: responses } },
      (req, reply) => answer(req, reply, { formSlug: req.params.form, bridgedResourceName: req.params.name, datastore: true }, mode),
    );
    app.post(
      `/app/bridgedResources${suffix}`,
      {
        config,
        schema: {
          tags,
          consumes,
          summary: `${what} a bridged resource named in the body (the §3 request: formSlug, bridgedResourceName, kappSlug, datastore, attributes, values, metadata, limit, offset)`,
          body: ZBridgedBodySchema,
          response: responses,
        },
      },
      (req, reply) => {
        const b = (req.body ?? {}) as Record<string, unknown>;
        const text = (v: unknown) => (typeof v === 'string' ? v : undefined);
        const datastore = b.datastore === true || b.datastore === 'true';
        return answer(req, reply, { formSlug: text(b.formSlug) ?? '', bridgedResourceName: text(b.bridgedResourceName) ?? '', kappSlug: text(b.kappSlug), datastore }, mode);
      },
    );
  }
};
