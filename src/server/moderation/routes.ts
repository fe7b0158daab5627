import { areaRoutes } from '#server/http/routes';
import { Readable } from 'node:stream';
import { idParamsSchema } from '#shared/common';
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
import { adminOnly, callerOf, ownWrite, sellerOnly, signedIn } from '#server/auth/guards';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { actOnCase } from './actions';
import { decideAppeal, fileAppeal, fileAppealByLink } from './appeals';
import { logCsv } from './csv';
import { reportConversation, reportUser } from './reports';
import { resubmitListing } from './resubmit';
import { mayAct } from './sanctions';
import { appealsPage, caseDetails, caseQueue, logPage, standingOf } from './views';
import { requestLanguage } from '#server/i18n/answer';

/** The moderation desk's calls (docs/moderation.md); the listing report is the spec's POST /report/product. */
export const moderationRoutes = areaRoutes(async (app, deps) => {
  const { db, images } = deps;

  const conversationReport = { ...ownWrite, body: conversationReportSchema };
  writeCall(app, 'POST /moderation/reports/conversation', 'inserted', conversationReport, (request) =>
    reportConversation(db, callerOf(request).user.id, request.body),
  );
  writeCall(app, 'POST /moderation/reports/user', 'inserted', { ...ownWrite, body: userReportSchema }, (request) =>
    reportUser(db, callerOf(request).user.id, request.body),
  );
  // No sign-in: a suspended account cannot have a session; the mailed token is the proof.
  const byLink = { body: appealByLinkSchema, config: privateWrite };
  writeCall(app, 'POST /moderation/appeals/by-link', 'inserted', byLink, (request) =>
    fileAppealByLink(db, deps.tokens, request.body),
  );

  pagedList(app, '/moderation/cases', { item: caseSummarySchema, onRequest: adminOnly }, (page, request) =>
    caseQueue(db, page, requestLanguage(request)),
  );

  app.get(
    '/moderation/cases/:id',
    { schema: { params: idParamsSchema, response: { 200: caseDetailsSchema } }, onRequest: adminOnly },
    async (request) => caseDetails(db, images, request.params.id, requestLanguage(request)),
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
      const logId = await actOnCase(deps, callerOf(request).user, request.params.id, request.body);
      return reply.status(201).send({ logId });
    },
  );

  pagedList(app, '/moderation/log', { item: logEntrySchema, onRequest: adminOnly }, (page, request) =>
    logPage(db, page, requestLanguage(request)),
  );

  app.get('/moderation/log.csv', { onRequest: adminOnly }, async (_request, reply) => {
    const day = new Date().toISOString().slice(0, 10);
    reply
      .header('content-type', 'text/csv; charset=utf-8')
      .header('content-disposition', `attachment; filename="moderation-log-${day}.csv"`);
    return reply.send(Readable.from(logCsv(db)));
  });

  pagedList(app, '/moderation/appeals', { item: appealSchema, onRequest: adminOnly }, (page, request) =>
    appealsPage(db, page, requestLanguage(request)),
  );

  // Undoing an action: as the action itself, named by the repositories.
  const decision = { params: idParamsSchema, body: appealDecisionSchema, onRequest: adminOnly, config: namedWrite };
  writeCall(app, 'PUT /moderation/appeals/:id', 'updated', decision, async (request) => {
    await decideAppeal(deps, callerOf(request).user, request.params.id, request.body);
    return 1;
  });

  app.get(
    '/account/standing',
    { schema: { response: { 200: standingSchema } }, onRequest: signedIn },
    async (request) => standingOf(db, callerOf(request).user.id, requestLanguage(request)),
  );

  writeCall(app, 'POST /account/appeals', 'inserted', { ...ownWrite, body: appealRequestSchema }, (request) =>
    fileAppeal(db, callerOf(request).user.id, request.body),
  );

  const resubmit = { params: idParamsSchema, onRequest: [sellerOnly, mayAct('list')], config: namedWrite };
  writeCall(app, 'PUT /resubmit/product/:id', 'updated', resubmit, async (request) => {
    await resubmitListing(db, callerOf(request).user.id, request.params.id);
    return 1;
  });
});
