import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { WalSync } from '#server/db/wal-sync';

/**
 * An answer goes only once what its request wrote is on the disk (docs/reliability.md, "Crashes"):
 * a request during which the process wrote (it, or another beside it) waits for the log's fsync
 * begun after those writes. One that saw no write goes at once; so do the cached answers, which the
 * front door sends before any hook.
 */
export function answerOnceOnDisk(app: FastifyInstance, wal: WalSync | undefined): void {
  if (!wal) return;
  const marks = new WeakMap<FastifyRequest, number>();
  app.addHook('onRequest', async (request) => {
    marks.set(request, wal.mark);
  });
  app.addHook('onSend', async (request) => {
    if (marks.get(request) !== wal.mark) await wal.onDisk();
  });
}
