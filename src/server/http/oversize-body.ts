import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';

/** How much of a refused body is read and thrown away so its sender gets the answer; past it the connection ends. */
export const DRAIN_LIMIT_BYTES = 16 * 1024 * 1024;

/**
 * A JSON (or other non-multipart) body over the limit is refused with 413 as soon as it is seen (from Content-Length, or once
 * that much has arrived), and Fastify then answered and closed the connection at once: a client
 * still sending (Node's fetch, curl) got a broken pipe instead of the answer. So the rest of the
 * body is read and thrown away first, up to DRAIN_LIMIT_BYTES, and the answer goes out after it on
 * a connection that stays open. A body larger than that still gets the answer, and the connection
 * closes once it is written; the request timeout bounds a sender that never ends.
 */
export function drainOversizeBodies(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply) => {
    const raw = request.raw;
    // An upload's body belongs to the multipart parser, which answers its own limits (uploads/routes.ts).
    if (reply.statusCode !== 413 || raw.complete || request.isMultipart()) return;
    const declared = Number(raw.headers['content-length']);
    if (declared > DRAIN_LIMIT_BYTES) return;
    if (await drained(raw, DRAIN_LIMIT_BYTES)) reply.removeHeader('connection');
  });
}

/** Reads the rest of a request and forgets it; true once it ended, false past `limit` bytes or on an error. */
function drained(raw: IncomingMessage, limit: number): Promise<boolean> {
  return new Promise((resolve) => {
    let discarded = 0;
    const finish = (whole: boolean) => {
      raw.off('data', discard).off('end', ended).off('error', broken).off('close', broken);
      if (!whole) raw.pause();
      resolve(whole);
    };
    const discard = (chunk: Buffer) => {
      discarded += chunk.length;
      if (discarded > limit) finish(false);
    };
    const ended = () => finish(true);
    const broken = () => finish(raw.complete);
    raw.on('data', discard).once('end', ended).once('error', broken).once('close', broken);
    raw.resume();
  });
}
