import { answerMessage } from '#server/i18n/answer';
import { areaRoutes } from '#server/http/routes';
import { accountMessageSchema } from '#shared/account';
import {
  pushKeySchema,
  pushSettingsQuerySchema,
  pushSettingsSchema,
  pushSubscriptionRequestSchema,
  pushUnsubscribeRequestSchema,
  updatePushSettingsRequestSchema,
} from '#shared/push';
import { callerOf, ownWrite, signedIn } from '#server/auth/guards';
import { publicAnswer } from '#server/cache/hooks';
import { removeOwnSubscription } from './repository';
import { pushSettingsOf, subscribe, updatePushSettings } from './service';

/** Web Push: the key browsers subscribe with, this device's subscription, and which kinds push (docs/app.md). */
export const pushRoutes = areaRoutes(async (app, deps) => {
  const { db, push } = deps;
  const message = { response: { 200: accountMessageSchema } };

  app.get('/push/key', { schema: { response: { 200: pushKeySchema } }, config: publicAnswer(() => []) }, async () => ({
    publicKey: push.publicKey,
  }));

  // This device's subscription and settings are the caller's own: no public answer shows them.
  app.post(
    '/push/subscriptions',
    { ...ownWrite, schema: { body: pushSubscriptionRequestSchema, response: { 201: accountMessageSchema } } },
    async (request, reply) => {
      const { user, sessionId } = callerOf(request);
      await subscribe(deps, { userId: user.id, sessionId }, request.body);
      return reply.code(201).send(answerMessage(request, 'server.push.on'));
    },
  );

  app.post(
    '/push/unsubscribe',
    { ...ownWrite, schema: { body: pushUnsubscribeRequestSchema, ...message } },
    async (request) => {
      await removeOwnSubscription(db, callerOf(request).user.id, request.body.endpoint);
      return answerMessage(request, 'server.push.off');
    },
  );

  app.get(
    '/push/settings',
    { schema: { querystring: pushSettingsQuerySchema, response: { 200: pushSettingsSchema } }, onRequest: signedIn },
    async (request) => pushSettingsOf(db, callerOf(request).user.id, request.query.endpoint),
  );

  app.put(
    '/push/settings',
    { ...ownWrite, schema: { body: updatePushSettingsRequestSchema, response: { 200: pushSettingsSchema } } },
    async (request) => updatePushSettings(db, callerOf(request).user.id, request.body),
  );
});
