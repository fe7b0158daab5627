import type { FastifyRequest } from 'fastify';
import { AppError } from '#server/errors';
import { serverMessage } from '#server/i18n/texts';

/** How fast a photo must arrive: after a grace period, on average at least this many bytes a second. */
export interface ArrivalRule {
  graceMs: number;
  minBytesPerSecond: number;
  /** How often the pace is checked. */
  checkEveryMs: number;
}

/**
 * 16 KB/s (128 kbit/s) is a poor mobile connection; after 15 s, a body that has not averaged that
 * is a sender holding a slot rather than sending a photo. An 8 MB photo at that pace takes 8.5
 * minutes, so the 2-minute request timeout stays the deadline for big photos on slow links.
 */
export const ARRIVAL_RULE: ArrivalRule = { graceMs: 15_000, minBytesPerSecond: 16 * 1024, checkEveryMs: 1_000 };

const tooSlow = () => new AppError('TOO_SLOW', serverMessage('server.uploads.error.tooSlow'));

/**
 * Settles as `reading` does, or rejects with a 408 once the request's bytes arrive slower than the
 * rule allows (a slow or stalled sender, or a body the multipart parser stopped reading). Counted on
 * the connection, whose `bytesRead` grows with every byte received; a request without a real
 * connection (app.inject) arrives all at once and is not watched.
 */
export async function arrivingAtPace<T>(request: FastifyRequest, reading: Promise<T>, rule: ArrivalRule): Promise<T> {
  const socket = request.raw.socket as { bytesRead?: number } | undefined;
  if (typeof socket?.bytesRead !== 'number') return reading;
  const startBytes = socket.bytesRead;
  const started = Date.now();
  let timer: NodeJS.Timeout | undefined;
  const watchdog = new Promise<never>((_resolve, reject) => {
    timer = setInterval(() => {
      const seconds = (Date.now() - started) / 1000;
      const received = (socket.bytesRead ?? 0) - startBytes;
      if (seconds * 1000 >= rule.graceMs && received < seconds * rule.minBytesPerSecond) reject(tooSlow());
    }, rule.checkEveryMs);
  });
  // The abandoned read fails later, when the connection closes; nobody waits for it then.
  reading.catch(() => undefined);
  try {
    return await Promise.race([reading, watchdog]);
  } finally {
    clearInterval(timer);
  }
}
