import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { Readable } from 'node:stream';
import { idParamsSchema, insertResultSchema, updateResultSchema } from '#shared/common';
import {
  appealByLinkSchema,
  appealDecisionSchema,
  appealRequestSchema,
  appealSchema,
  caseActionResultSchema,
  caseActionSchema,
  caseDetailsSchema,
  caseSummarySchema,
  conversationReportSchema,
  logEntrySchema,
  standingSchema,
  userReportSchema,
} from '#shared/moderation';
import { callerOf, requireRole, signedIn } from '#server/auth/guards';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { pagedList } from '#server/http/paging';
import { actOnCase } from './actions';
import { decideAppeal, fileAppeal, fileAppealByLink } from './appeals';
import { logCsv } from './csv';
import { reportConversation, reportUser } from './reports';
import { resubmitListing } from './resubmit';
import { mayAct } from './sanctions';
import { appealsPage, caseDetails, caseQueue, logPage, standingOf } from './views';

const adminOnly = requireRole('admin');
const sellerOnly = requireRole('seller');

/** The moderation desk's calls (docs/moderation.md); the listing report is the spec's POST /report/product. */
export const moderationRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db, images } = app.deps;
  const created = { 201: insertResultSchema };

  app.post(
    '/moderation/reports/conversation',
    { schema: { body: conversationReportSchema, response: created }, onRequest: signedIn, config: privateWrite },
    async (request, reply) => {
      const insertedId = await reportConversation(db, callerOf(request).user.id, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.post(
    '/moderation/reports/user',
    { schema: { body: userReportSchema, response: created }, onRequest: signedIn, config: privateWrite },
    async (request, reply) => {
      const insertedId = await reportUser(db, callerOf(request).user.id, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  // No sign-in: a suspended account cannot have a session; the mailed token is the proof.
  app.post(
    '/moderation/appeals/by-link',
    { schema: { body: appealByLinkSchema, response: created }, config: privateWrite },
    async (request, reply) => {
      const insertedId = await fileAppealByLink(db, app.deps.tokens, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  pagedList(app, '/moderation/cases', { item: caseSummarySchema, onRequest: adminOnly }, (page) => caseQueue(db, page));

  app.get(
    '/moderation/cases/:id',
    { schema: { params: idParamsSchema, response: { 200: caseDetailsSchema } }, onRequest: adminOnly },
    async (request) => caseDetails(db, images, request.params.id),
  );

  // Hiding, removing or suspending changes what the public lists show: the listings' and reviews'
  // repositories name it (a restriction or suspension itself shows in no public answer).
  app.post(
    '/moderation/cases/:id/actions',
    {
      schema: { params: idParamsSchema, body: caseActionSchema, response: { 201: caseActionResultSchema } },
      onRequest: adminOnly,
      config: namedWrite,
    },
    async (request, reply) => {
      const logId = await actOnCase(app.deps, callerOf(request).user, request.params.id, request.body);
      return reply.status(201).send({ logId });
    },
  );

  pagedList(app, '/moderation/log', { item: logEntrySchema, onRequest: adminOnly }, (page) => logPage(db, page));

  app.get('/moderation/log.csv', { onRequest: adminOnly }, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="moderation-log-${day}.csv"`);
    return reply.send(Readable.from(logCsv(db)));
  });

  pagedList(app, '/moderation/appeals', { item: appealSchema, onRequest: adminOnly }, (page) => appealsPage(db, page));

  app.put(
    '/moderation/appeals/:id',
    {
      schema: { params: idParamsSchema, body: appealDecisionSchema, response: { 200: updateResultSchema } },
      onRequest: adminOnly,
      // Undoing an action: as the action itself, named by the repositories.
      config: namedWrite,
    },
    async (request) => {
      await decideAppeal(app.deps, callerOf(request).user, request.params.id, request.body);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );

  app.get(
    '/account/standing',
    { schema: { response: { 200: standingSchema } }, onRequest: signedIn },
    async (request) => standingOf(db, callerOf(request).user.id),
  );

  app.post(
    '/account/appeals',
    { schema: { body: appealRequestSchema, response: created }, onRequest: signedIn, config: privateWrite },
    async (request, reply) => {
      const insertedId = await fileAppeal(db, callerOf(request).user.id, request.body);
      return reply.status(201).send({ acknowledged: true, insertedId });
    },
  );

  app.put(
    '/resubmit/product/:id',
    {
      schema: { params: idParamsSchema, response: { 200: updateResultSchema } },
      onRequest: [sellerOnly, mayAct('list')],
      config: namedWrite,
    },
    async (request) => {
      await resubmitListing(db, callerOf(request).user.id, request.params.id);
      return { acknowledged: true, matchedCount: 1, modifiedCount: 1 };
    },
  );
};
