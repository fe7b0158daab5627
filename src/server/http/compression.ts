import { constants as zlib } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';

/**
 * Compresses the answers of the routes registered in `scope` after it: a page of listings is tens of
 * KB of JSON, a rendered page tens of KB of HTML, and on a phone connection that is worth a quick
 * compression (the client's files are compressed once, at build time; cached answers once each).
 */
export async function registerCompression(scope: FastifyInstance): Promise<void> {
  await scope.register(compress, {
    threshold: 1024,
    // Answers only: no client of ours sends compressed bodies, so none are accepted.
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
}
