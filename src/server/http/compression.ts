import { brotliCompressSync, constants as zlib, gzipSync } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance, FastifyReply } from 'fastify';

export type Encoding = 'br' | 'gzip';

/** Below this size compression is not worth its headers. */
export const COMPRESS_THRESHOLD = 1024;

/** Quality 4 of 11: most of brotli's gain over gzip at gzip's speed, for answers made on demand. */
const BROTLI = { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } };

/** An answer compressed in one call: the public cache's copies, and the answers made in memory here. */
export const compressed = (body: string | Buffer, encoding: Encoding): Buffer =>
  encoding === 'br' ? brotliCompressSync(body, BROTLI) : gzipSync(body);

/** Browsers send a handful of different Accept-Encoding headers: each is read once. */
const encodingOf = new Map<string, Encoding | undefined>();
const ENCODINGS_REMEMBERED = 64;

/** br when the client takes it, else gzip, else none; an encoding with q=0 is refused. */
export function preferredEncoding(acceptEncoding: string | undefined): Encoding | undefined {
  if (!acceptEncoding) return undefined;
  if (encodingOf.has(acceptEncoding)) return encodingOf.get(acceptEncoding);
  const encoding = readAcceptEncoding(acceptEncoding);
  if (encodingOf.size >= ENCODINGS_REMEMBERED) encodingOf.clear();
  encodingOf.set(acceptEncoding, encoding);
  return encoding;
}

function readAcceptEncoding(acceptEncoding: string): Encoding | undefined {
  const accepted = new Set<string>();
  for (const part of acceptEncoding.split(',')) {
    const [name = '', ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (q && Number(q.slice(2)) === 0) continue;
    accepted.add(name.trim());
  }
  if (accepted.has('br')) return 'br';
  if (accepted.has('gzip') || accepted.has('*')) return 'gzip';
  return undefined;
}

/** The types @fastify/compress compresses by its own rule: text (not an event stream), JSON and XML. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[+/]json(?:;|$)|[+/]text(?:;|$)|[+/]xml(?:;|$)/u;

/** Caches keep one copy per encoding: the plugin's own header, which an earlier Vary keeps. */
function varyOnEncoding(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  if (vary === undefined) reply.header('vary', 'accept-encoding');
  else if (!String(vary).toLowerCase().includes('accept-encoding')) reply.header('vary', `${vary}, accept-encoding`);
}

/**
 * Compresses the answers of the routes registered in `scope` after it: a page of listings is tens of
 * KB of JSON, a rendered page tens of KB of HTML, and on a phone connection that is worth a quick
 * compression (the client's files are compressed once, at build time; cached answers once each).
 *
 * An answer made in memory (JSON, a rendered page) is compressed here in one call before it goes
 * out. @fastify/compress, which still takes the streams, streams every answer: a readable made of the
 * string, a peek stream, a duplex and a zlib stream working in the thread pool. For the API's answers
 * of a few KB that machinery cost several times the compression itself: the inbox's 7 KB page took
 * about 0.5 ms of CPU that way against 0.1 ms in one call (docs/chat.md).
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  // Before the plugin's own onSend (a route's hooks run after its scope's), which then sees the
  // Content-Encoding and leaves the answer alone.
  scope.addHook('onSend', async (request, reply, payload) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const type = reply.getHeader('content-type');
    if (reply.hasHeader('content-encoding') || typeof type !== 'string' || !COMPRESSIBLE.test(type)) return payload;
    if (Buffer.byteLength(payload) < COMPRESS_THRESHOLD) return payload;
    const encoding = preferredEncoding(request.headers['accept-encoding']);
    if (!encoding) return payload;
    varyOnEncoding(reply);
    reply.header('content-encoding', encoding).removeHeader('content-length');
    return compressed(payload, encoding);
  });
  await scope.register(compress, {
    threshold: COMPRESS_THRESHOLD,
    // Answers only: no client of ours sends compressed bodies, so none are accepted.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: BROTLI,
  });
}
