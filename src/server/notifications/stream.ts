import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Deps } from '../deps';
import { callerOf } from '../auth/guards';
import { chatStateOf } from '../chat/repository';
import { countUnread } from './repository';

/** A comment line this often keeps proxies from closing a quiet stream, and re-reads the count as a safety net. */
const HEARTBEAT_MS = 25_000;

/**
 * A stream ends after this long and the browser opens a new one by itself: connections spread again
 * over the server processes after a restart, and no proxy sees a request that never ends.
 */
export const STREAM_LIFETIME_MS = 5 * 60 * 1000;

/** The streams open in one app, each by the function that ends it. */
export type OpenStreams = Set<() => void>;

/**
 * Server-sent events: the caller's unread count now, then again each time the bell rings for them
 * (a notification or a chat message made in any process) and with every heartbeat; and `chat`, how
 * many conversations have something unread and when any of them last changed, so an open inbox or
 * conversation reads again. The browser's EventSource reconnects by itself when the stream ends.
 */
export function streamUnreadCount(
  { db, bell }: Pick<Deps, 'db' | 'bell'>,
  streams: OpenStreams,
  lifetimeMs: number,
  request: FastifyRequest,
  reply: FastifyReply,
): void {
  const userId = callerOf(request).user.id;
  reply.hijack();
  reply.raw.writeHead(200, {
    'content-type': 'text/event-stream; charset=utf-8',
    'cache-control': 'no-store',
    'x-content-type-options': 'nosniff',
    // nginx and similar proxies must pass each event on at once.
    'x-accel-buffering': 'no',
  });

  let last: number | undefined;
  let lastChat: string | undefined;
  let reading = Promise.resolve();
  const send = () => {
    reading = reading.then(async () => {
      try {
        const [unread, chat] = await Promise.all([countUnread(db, userId), chatStateOf(db, userId)]);
        if (unread !== last && !reply.raw.destroyed) reply.raw.write(`event: unread\ndata: {"unread":${unread}}\n\n`);
        last = unread;
        const chatData = JSON.stringify({ conversations: chat.unread, at: chat.at });
        if (chatData !== lastChat && !reply.raw.destroyed) reply.raw.write(`event: chat\ndata: ${chatData}\n\n`);
        lastChat = chatData;
      } catch (error) {
        request.log.warn({ err: error }, 'unread count for the notification stream failed');
      }
    });
  };
  const heartbeat = setInterval(() => {
    reply.raw.write(': still here\n\n');
    send();
  }, HEARTBEAT_MS).unref();
  const stopListening = bell.listen(userId, send);
  const lifetime = setTimeout(() => void reading.then(end), lifetimeMs).unref();

  const end = () => {
    clearInterval(heartbeat);
    clearTimeout(lifetime);
    stopListening();
    streams.delete(end);
    if (!reply.raw.writableEnded) reply.raw.end();
  };
  streams.add(end);
  reply.raw.on('close', end);
  send();
}
