import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { WalSync } from '#server/db/wal-sync';
import { answerDatabaseAway } from './errors';

/** What the answer that was to go said about itself, and cannot say of a 503. */
const ANSWER_HEADERS = ['content-length', 'etag', 'last-modified', 'content-disposition', 'set-cookie', 'location'];

/**
 * An answer goes only once what its request wrote is on the disk (docs/reliability.md, "Crashes"):
 * a request during which the process wrote (it, or another beside it) waits for the log's fsync
 * begun after those writes. One that saw no write goes at once; so do the cached answers the front
 * door sends before any hook. When the fsync failed, the answer is the app's 503 instead, as the
 * error handler gives it (a thrown error here would skip that handler and the later onSend hooks).
 */
export function answerOnceOnDisk(app: FastifyInstance, wal: WalSync | undefined): void {
  if (!wal) return;
  const marks = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    marks.set(request, wal.mark);
  });
  app.addHook('onSend', async (request, reply, payload) => {
    if (marks.get(request) === wal.mark) return payload;
    try {
      await wal.onDisk();
      return payload;
    } catch (error) {
      request.log.error({ err: error }, 'the write may not be on the disk');
      return answerInstead(request, reply, payload);
    }
  });
}

function answerInstead(request: FastifyRequest, reply: FastifyReply, payload: unknown): string {
  // A file being streamed is not sent now.
  if (payload && typeof payload === 'object' && 'destroy' in payload && typeof payload.destroy === 'function') {
    payload.destroy();
  }
  for (const header of ANSWER_HEADERS) reply.removeHeader(header);
  reply.header('cache-control', 'no-store');
  return answerDatabaseAway(request, reply);
}
