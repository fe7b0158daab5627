import { areaRoutes } from '#server/http/routes';
import { updateResultSchema } from '#shared/common';
import { notificationSchema, unreadCountSchema } from '#shared/notifications';
import { callerOf, ownWrite, signedIn } from '#server/auth/guards';
import { pagedList } from '#server/http/paging';
import { countUnread, listNotifications, markAllRead } from './repository';
import { UnreadStreams, type StreamOptions } from './stream';

export const notificationRoutes = areaRoutes<StreamOptions>(async (app, deps, options) => {
  const { db } = deps;
  const streams = new UnreadStreams(deps, app.log, options);
  // Closing the server must not wait for browsers that never hang up.
  app.addHook('preClose', async () => streams.closeAll());

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
    { schema: { response: { 200: updateResultSchema } }, ...ownWrite },
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
    (request, reply) => streams.open(request, reply),
  );
});
