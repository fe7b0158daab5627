import { areaRoutes } from '#server/http/routes';
import {
  blockedPersonSchema,
  chatMessageRequestSchema,
  conversationDetailsSchema,
  chatMessageSchema,
  chatSideParamsSchema,
  conversationSchema,
  startConversationSchema,
  startedConversationSchema,
} from '#shared/chat';
import { counterOfferSchema, makeOfferSchema, offerSchema } from '#shared/offers';
import { idParamsSchema } from '#shared/common';
import { notFound } from '#server/errors';
import { callerOf, ownWrite, requireRole, signedIn } from '#server/auth/guards';
import { namedWrite, privateWrite } from '#server/cache/hooks';
import { pagedList } from '#server/http/paging';
import { writeCall } from '#server/http/writes';
import { mayAct } from '#server/moderation/sanctions';
import { cursorOfConversation, cursorOfMessage, listBlocked, listConversations } from './repository';
import { acceptOffer, closeOffer, counterOffer, makeOffer } from './offers';
import {
  blockOther,
  markRead,
  readConversation,
  readMessages,
  sendMessage,
  startConversation,
  unblock,
} from './service';

// Every account that buys (one account buys and sells) asks about other people's phones.
const buysPhones = requireRole('buyer', 'seller');

/** Chat (docs/chat.md): nothing here changes what the public sees, so no write drops the public cache. */
export const chatRoutes = areaRoutes(async (app, deps) => {
  const { db, images } = deps;

  app.post(
    '/conversations',
    {
      schema: {
        body: startConversationSchema,
        response: { 200: startedConversationSchema, 201: startedConversationSchema },
      },
      onRequest: [buysPhones, mayAct('message')],
      config: privateWrite,
    },
    async (request, reply) => {
      const started = await startConversation(db, callerOf(request).user, request.body.productId);
      return reply.status(started.created ? 201 : 200).send(started);
    },
  );

  pagedList(
    app,
    '/conversations/inbox/:side',
    { item: conversationSchema, params: chatSideParamsSchema, onRequest: signedIn, cursorOf: cursorOfConversation },
    (page, request) => listConversations(db, images, callerOf(request).user.id, request.params.side, page),
  );

  app.get(
    '/conversations/:id',
    { schema: { params: idParamsSchema, response: { 200: conversationDetailsSchema } }, onRequest: signedIn },
    (request) => readConversation(deps, callerOf(request).user.id, request.params.id),
  );

  pagedList(
    app,
    '/conversations/:id/messages',
    { item: chatMessageSchema, params: idParamsSchema, onRequest: signedIn, cursorOf: cursorOfMessage },
    (page, request) => readMessages(deps, callerOf(request).user.id, request.params.id, page),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        params: idParamsSchema,
        body: chatMessageRequestSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
      onRequest: [signedIn, mayAct('message')],
      config: privateWrite,
    },
    async (request, reply) => {
      const { user } = callerOf(request);
      const sent = await sendMessage(deps, user, request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );

  const ownConversation = { params: idParamsSchema, ...ownWrite };
  writeCall(app, 'PUT /conversations/:id/read', 'updated', ownConversation, async (request) =>
    (await markRead(deps, callerOf(request).user.id, request.params.id)) ? 1 : 0,
  );
  // Blocking is the caller's own matter: the lists it hides are filtered in the blocker's browser.
  writeCall(app, 'PUT /conversations/:id/block', 'updated', ownConversation, async (request) =>
    (await blockOther(deps, callerOf(request).user.id, request.params.id)) ? 1 : 0,
  );

  pagedList(app, '/account/blocked', { item: blockedPersonSchema, onRequest: signedIn }, (page, request) =>
    listBlocked(db, callerOf(request).user.id, page),
  );

  writeCall(app, 'DELETE /account/blocked/:id', 'deleted', ownConversation, async (request) => {
    const deletedCount = await unblock(deps, callerOf(request).user.id, request.params.id);
    if (!deletedCount) throw notFound('Blocked person');
    return deletedCount;
  });

  app.post(
    '/conversations/:id/offers',
    {
      schema: { params: idParamsSchema, body: makeOfferSchema, response: { 201: offerSchema } },
      ...ownWrite,
    },
    async (request, reply) =>
      reply.status(201).send(await makeOffer(deps, callerOf(request).user, request.params.id, request.body)),
  );

  // Accepting reserves the phone, which the public lists show: this write drops the public cache.
  app.put(
    '/offers/:id/accept',
    { schema: { params: idParamsSchema, response: { 200: offerSchema } }, onRequest: signedIn, config: namedWrite },
    (request) => acceptOffer(deps, callerOf(request).user, request.params.id),
  );

  app.put(
    '/offers/:id/counter',
    {
      schema: { params: idParamsSchema, body: counterOfferSchema, response: { 200: offerSchema } },
      ...ownWrite,
    },
    (request) => counterOffer(deps, callerOf(request).user, request.params.id, request.body.price),
  );

  for (const how of ['decline', 'withdraw'] as const) {
    app.put(
      `/offers/:id/${how}`,
      {
        schema: { params: idParamsSchema, response: { 200: offerSchema } },
        ...ownWrite,
      },
      (request) => closeOffer(deps, callerOf(request).user, request.params.id, how),
    );
  }
});
