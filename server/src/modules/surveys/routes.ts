import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  ZContactIdParamsSchema,
  ZPublicSurveyAnswerRequestSchema,
  ZPublicSurveyAnswerResponseSchema,
  ZPublicSurveyCommentRequestSchema,
  ZPublicSurveyCommentResponseSchema,
  ZSurveyAnswerResultSchema,
  ZSurveyChartsResponseSchema,
  ZSurveyInvitationIdParamsSchema,
  ZSurveyInvitationsResponseSchema,
  ZSurveyListRequestSchema,
  ZSurveyListResponseSchema,
  ZSurveyPortalAnswerRequestSchema,
} from '@sc/common';
import { scopeOf } from '../../auth/plugin.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/client.ts';
import { publicErrors, signedInErrors } from '../../http/errors.ts';
import { answerFromLink, commentFromLink } from './public.service.ts';
import * as svc from './service.ts';

const tags = ['surveys'];

/** Satisfaction surveys (docs/requirements.md §20): the lists, their charts, the home page card. */
export const surveyRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db }) => {
  app.get(
    '/surveys',
    { schema: { tags, summary: 'Surveys list: a User’s own answers, the customer’s for the other types', querystring: ZSurveyListRequestSchema, response: { 200: ZSurveyListResponseSchema, ...signedInErrors } } },
    (req) => svc.listSurveys(db, scopeOf(req), req.query),
  );

  app.get(
    '/surveys/charts',
    { schema: { tags, summary: 'The charts above the Surveys list', response: { 200: ZSurveyChartsResponseSchema, ...signedInErrors } } },
    (req) => svc.surveyCharts(db, scopeOf(req)),
  );

  app.get(
    '/contacts/:id/surveys',
    {
      schema: {
        tags,
        summary: '/contact/surveys/{id}: the contact’s survey answers (Administrator)',
        params: ZContactIdParamsSchema,
        querystring: ZSurveyListRequestSchema,
        response: { 200: ZSurveyListResponseSchema, ...signedInErrors },
      },
    },
    (req) => svc.listContactSurveys(db, scopeOf(req), req.params.id, req.query),
  );

  app.get(
    '/contacts/:id/surveys/charts',
    { schema: { tags, summary: 'The charts of /contact/surveys/{id} (Administrator)', params: ZContactIdParamsSchema, response: { 200: ZSurveyChartsResponseSchema, ...signedInErrors } } },
    (req) => svc.contactSurveyCharts(db, scopeOf(req), req.params.id),
  );

  app.get(
    '/surveys/invitations',
    { schema: { tags, summary: 'The caller’s open survey invitations (home page card)', response: { 200: ZSurveyInvitationsResponseSchema, ...signedInErrors } } },
    (req) => svc.openInvitations(db, scopeOf(req)),
  );

  app.post(
    '/surveys/invitations/:id/answer',
    {
      schema: {
        tags,
        summary: 'Answer one of the caller’s survey invitations in the portal',
        params: ZSurveyInvitationIdParamsSchema,
        body: ZSurveyPortalAnswerRequestSchema,
        response: { 200: ZSurveyAnswerResultSchema, ...signedInErrors },
      },
    },
    (req) => svc.answerInPortal(db, scopeOf(req), req.params.id, req.body),
  );

};

/** The e-mailed survey links (docs/requirements.md §20): public, each authorised by the token it carries. */
export const publicSurveyRoutes: FastifyPluginAsyncZod<{ db: Db; config: Config }> = async (app, { db, config }) => {
  app.post(
    '/public/surveys/answer',
    {
      schema: {
        tags: ['public'],
        summary: 'The e-mailed one-click survey link: record the answer (single use)',
        body: ZPublicSurveyAnswerRequestSchema,
        response: { 200: ZPublicSurveyAnswerResponseSchema, ...publicErrors },
      },
    },
    (req) => answerFromLink(db, config, req.body.token, req.body.answer),
  );

  app.post(
    '/public/surveys/comment',
    {
      schema: {
        tags: ['public'],
        summary: 'The optional comment after a one-click survey answer (once)',
        body: ZPublicSurveyCommentRequestSchema,
        response: { 200: ZPublicSurveyCommentResponseSchema, ...publicErrors },
      },
    },
    (req) => commentFromLink(db, config, req.body.token, req.body.comment),
  );
};
