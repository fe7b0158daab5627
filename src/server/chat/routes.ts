import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  chatMessageRequestSchema,
  chatMessageSchema,
  chatSideParamsSchema,
  conversationSchema,
  startConversationSchema,
  startedConversationSchema,
} from '../../shared/chat';
import { idParamsSchema, updateResultSchema } from '../../shared/common';
import { callerOf, requireRole, signedIn } from '../auth/guards';
import { privateWrite } from '../cache/hooks';
import { pagedList } from '../http/paging';
import { cursorOfConversation, cursorOfMessage, listConversations } from './repository';
import { markRead, readConversation, readMessages, sendMessage, startConversation } from './service';

const buyerOnly = requireRole('buyer');

/** Chat (docs/chat.md): nothing here changes what the public sees, so no write drops the public cache. */
export const chatRoutes: FastifyPluginAsyncZod = async (app) => {
  const { deps } = app;
  const { db, images } = deps;

  app.post(
    '/conversations',
    {
      schema: {
        body: startConversationSchema,
        response: { 200: startedConversationSchema, 201: startedConversationSchema },
      },
      onRequest: buyerOnly,
      config: privateWrite,
    },
    async (request, reply) => {
      const started = await startConversation(db, callerOf(request).user.id, request.body.productId);
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
    { schema: { params: idParamsSchema, response: { 200: conversationSchema } }, onRequest: signedIn },
    (request) => readConversation(deps, callerOf(request).user.id, request.params.id),
  );

  pagedList(
    app,
    '/conversations/:id/messages',
    { item: chatMessageSchema, params: idParamsSchema, onRequest: signedIn, cursorOf: cursorOfMessage },
    (page, request) => readMessages(db, callerOf(request).user.id, request.params.id, page),
  );

  app.post(
    '/conversations/:id/messages',
    {
      schema: {
        params: idParamsSchema,
        body: chatMessageRequestSchema,
        response: { 200: chatMessageSchema, 201: chatMessageSchema },
      },
      onRequest: signedIn,
      config: privateWrite,
    },
    async (request, reply) => {
      const { user } = callerOf(request);
      const sent = await sendMessage(deps, user, request.params.id, request.body);
      return reply.status(sent.created ? 201 : 200).send(sent.message);
    },
  );

  app.put(
    '/conversations/:id/read',
    {
      schema: { params: idParamsSchema, response: { 200: updateResultSchema } },
      onRequest: signedIn,
      config: privateWrite,
    },
    async (request) => {
      const modifiedCount = (await markRead(deps, callerOf(request).user.id, request.params.id)) ? 1 : 0;
      return { acknowledged: true, matchedCount: 1, modifiedCount };
    },
  );
};
