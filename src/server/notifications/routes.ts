import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { updateResultSchema } from '../../shared/common';
import { notificationSchema, unreadCountSchema } from '../../shared/notifications';
import { callerOf, signedIn } from '../auth/guards';
import { pagedList } from '../http/paging';
import { countUnread, listNotifications, markAllRead } from './repository';
import { STREAM_LIFETIME_MS, streamUnreadCount, type OpenStreams } from './stream';

interface NotificationRouteOptions {
  /** How long one event stream stays open (default STREAM_LIFETIME_MS). */
  streamLifetimeMs?: number;
}

export const notificationRoutes: FastifyPluginAsyncZod<NotificationRouteOptions> = async (app, options) => {
  const lifetimeMs = options.streamLifetimeMs ?? STREAM_LIFETIME_MS;
  const { db } = app.deps;
  const streams: OpenStreams = new Set();
  // Closing the server must not wait for browsers that never hang up.
  app.addHook('preClose', async () => {
    for (const end of [...streams]) end();
  });

  pagedList(app, '/notifications', { item: notificationSchema, onRequest: signedIn }, (page, request) =>
    listNotifications(db, callerOf(request).user.id, page),
  );

  app.get(
    '/notifications/unread',
    { schema: { response: { 200: unreadCountSchema } }, onRequest: signedIn },
    async (request) => ({ unread: await countUnread(db, callerOf(request).user.id) }),
  );

  app.put(
    '/notifications/read',
    { schema: { response: { 200: updateResultSchema } }, onRequest: signedIn },
    async (request) => {
      const modifiedCount = await markAllRead(db, callerOf(request).user.id);
      return { acknowledged: true, matchedCount: modifiedCount, modifiedCount };
    },
  );

  app.get(
    '/notifications/stream',
    {
      onRequest: signedIn,
      config: {
        openapi: {
          eventStream: 'Server-sent events: `event: unread` with `{"unread": n}` now and whenever it changes',
        },
      },
    },
    (request, reply) => streamUnreadCount(app.deps, streams, lifetimeMs, request, reply),
  );
};
