import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  ZCreateFormDefinitionRequestSchema,
  ZCustomerOptionsResponseSchema,
  ZFormCatalogRequestSchema,
  ZFormCatalogResponseSchema,
  ZFormDefinitionDetailSchema,
  ZFormDefinitionListRequestSchema,
  ZFormDefinitionListResponseSchema,
  ZFormParamsSchema,
  ZFormResponseSchema,
  ZKappParamsSchema,
  ZSaveSubmissionRequestSchema,
  ZSubmissionListRequestSchema,
  ZSubmissionListResponseSchema,
  ZSubmissionParamsSchema,
  ZSubmissionSchema,
  ZUpdateFormDefinitionRequestSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { signedInErrors } from '../../http/errors.ts';
import * as defs from './definitions.service.ts';
import * as svc from './submissions.service.ts';

const tags = ['forms'];

/** The form engine (requirements §14.1): catalogue, filling in, drafts and submissions, and the space admin's definitions. */
export const formRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/kapps/:kappSlug/forms',
    {
      schema: {
        tags,
        summary: 'The forms the caller may use (published, for every customer or its own)',
        params: ZKappParamsSchema,
        querystring: ZFormCatalogRequestSchema,
        response: { 200: ZFormCatalogResponseSchema, ...signedInErrors },
      },
    },
    (req) => svc.listCatalog(db, scopeOf(req), req.params.kappSlug, req.query),
  );
  app.get(
    '/kapps/:kappSlug/forms/:formSlug',
    { schema: { tags, summary: 'A form to fill in: its published version', params: ZFormParamsSchema, response: { 200: ZFormResponseSchema, ...signedInErrors } } },
    (req) => svc.getForm(db, scopeOf(req), req.params.kappSlug, req.params.formSlug),
  );
  app.get(
    '/kapps/:kappSlug/forms/:formSlug/submissions',
    {
      schema: {
        tags,
        summary: "Submissions of a form: a User's own, an Administrator's or Operator's customer's",
        params: ZFormParamsSchema,
        querystring: ZSubmissionListRequestSchema,
        response: { 200: ZSubmissionListResponseSchema, ...signedInErrors },
      },
    },
    (req) => svc.listSubmissions(db, scopeOf(req), req.params.kappSlug, req.params.formSlug, req.query),
  );
  app.post(
    '/kapps/:kappSlug/forms/:formSlug/submissions',
    {
      schema: {
        tags,
        summary: 'Create a submission (Draft, or Submitted: a service-request form then creates the service request)',
        params: ZFormParamsSchema,
        body: ZSaveSubmissionRequestSchema,
        response: { 201: ZSubmissionSchema, ...signedInErrors },
      },
    },
    async (req, reply) => reply.status(201).send(await svc.createSubmission(db, scopeOf(req), req.params.kappSlug, req.params.formSlug, req.body)),
  );
  app.get(
    '/kapps/:kappSlug/forms/:formSlug/submissions/:id',
    { schema: { tags, summary: 'One submission with the version it was made with', params: ZSubmissionParamsSchema, response: { 200: ZSubmissionSchema, ...signedInErrors } } },
    (req) => svc.getSubmission(db, scopeOf(req), req.params.kappSlug, req.params.formSlug, req.params.id),
  );
  app.put(
    '/kapps/:kappSlug/forms/:formSlug/submissions/:id',
    {
      schema: {
        tags,
        summary: 'Continue a draft (its author only): save it again or submit it; a submitted one answers 409',
        params: ZSubmissionParamsSchema,
        body: ZSaveSubmissionRequestSchema,
        response: { 200: ZSubmissionSchema, ...signedInErrors },
      },
    },
    (req) => svc.updateSubmission(db, scopeOf(req), req.params.kappSlug, req.params.formSlug, req.params.id, req.body),
  );
  app.delete(
    '/kapps/:kappSlug/forms/:formSlug/submissions/:id',
    { schema: { tags, summary: 'Delete a submission (its author, or an Administrator of its customer)', params: ZSubmissionParamsSchema, response: { 204: z.null(), ...signedInErrors } } },
    async (req, reply) => {
      await svc.deleteSubmission(db, scopeOf(req), req.params.kappSlug, req.params.formSlug, req.params.id);
      return reply.status(204).send(null);
    },
  );

  // --- definitions (space admin) ----------------------------------------------------------------
  app.get(
    '/kapps/:kappSlug/form-definitions',
    {
      schema: {
        tags,
        summary: 'Form definitions of a kapp, every status (space admin)',
        params: ZKappParamsSchema,
        querystring: ZFormDefinitionListRequestSchema,
        response: { 200: ZFormDefinitionListResponseSchema, ...signedInErrors },
      },
    },
    (req) => defs.listDefinitions(db, scopeOf(req), req.params.kappSlug, req.query),
  );
  app.get(
    '/kapps/:kappSlug/form-definitions/customers',
    { schema: { tags, summary: 'Customers a form may be limited to (space admin)', params: ZKappParamsSchema, response: { 200: ZCustomerOptionsResponseSchema, ...signedInErrors } } },
    (req) => defs.listCustomerOptions(db, scopeOf(req)),
  );
  app.post(
    '/kapps/:kappSlug/form-definitions',
    {
      schema: { tags, summary: 'Create a form (Draft) with its definition (space admin)', params: ZKappParamsSchema, body: ZCreateFormDefinitionRequestSchema, response: { 201: ZFormDefinitionDetailSchema, ...signedInErrors } },
    },
    async (req, reply) => reply.status(201).send(await defs.createDefinition(db, scopeOf(req), req.params.kappSlug, req.body)),
  );
  app.get(
    '/kapps/:kappSlug/form-definitions/:formSlug',
    { schema: { tags, summary: 'A form definition: working copy, settings, versions (space admin)', params: ZFormParamsSchema, response: { 200: ZFormDefinitionDetailSchema, ...signedInErrors } } },
    (req) => defs.getDefinition(db, scopeOf(req), req.params.kappSlug, req.params.formSlug),
  );
  app.put(
    '/kapps/:kappSlug/form-definitions/:formSlug',
    {
      schema: {
        tags,
        summary: 'Save the working copy and settings (space admin); Publish makes it the next version',
        params: ZFormParamsSchema,
        body: ZUpdateFormDefinitionRequestSchema,
        response: { 200: ZFormDefinitionDetailSchema, ...signedInErrors },
      },
    },
    (req) => defs.updateDefinition(db, scopeOf(req), req.params.kappSlug, req.params.formSlug, req.body),
  );
  app.post(
    '/kapps/:kappSlug/form-definitions/:formSlug/publish',
    { schema: { tags, summary: 'Publish the working copy as the next version (space admin)', params: ZFormParamsSchema, response: { 200: ZFormDefinitionDetailSchema, ...signedInErrors } } },
    (req) => defs.publishDefinition(db, scopeOf(req), req.params.kappSlug, req.params.formSlug),
  );
  app.post(
    '/kapps/:kappSlug/form-definitions/:formSlug/retire',
    { schema: { tags, summary: 'Retire a form: no longer offered; submissions stay (space admin)', params: ZFormParamsSchema, response: { 200: ZFormDefinitionDetailSchema, ...signedInErrors } } },
    (req) => defs.retireDefinition(db, scopeOf(req), req.params.kappSlug, req.params.formSlug),
  );
};
