import { existsSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { IMAGE_URL_PREFIX } from '../uploads/store';

/** Where `npm run build:client` (vite build) writes the web client. */
export const BUILT_CLIENT_DIR = resolve(import.meta.dirname, '../../../dist/client');

/** Vite puts a content hash in every name under /assets/, so a name never gets new content. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** index.html names the current hashed assets, so browsers must ask again each time. */
const ALWAYS_REVALIDATE = 'no-cache';

/** Paths the client's history fallback must never answer: the API and the pictures keep their JSON 404. */
const SERVER_PATHS = ['/api/', IMAGE_URL_PREFIX];

function isClientRoute(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || SERVER_PATHS.some((prefix) => path.startsWith(prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web client: its files as they are (hashed assets cached for good, with brotli or
 * gzip copies when the build made them), and index.html for every other page the browser asks for,
 * so a client route such as /productId/... survives a reload. Without a build this does nothing.
 */
export async function registerClient(app: FastifyInstance, clientDir = BUILT_CLIENT_DIR): Promise<void> {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built client in ${clientDir}: run "npm run build:client" to serve the web pages`);
    return;
  }
  const indexHtml = readFileSync(indexFile);

  await app.register(fastifyStatic, {
    root: clientDir,
    // One route per built file, so unknown paths fall through to the history fallback below.
    wildcard: false,
    index: false,
    decorateReply: false,
    dotfiles: 'ignore',
    preCompressed: true,
    globIgnore: ['**/*.br', '**/*.gz', '**/index.html'],
    cacheControl: false,
    setHeaders: (reply, path) => {
      reply.header('cache-control', path.startsWith(join(clientDir, 'assets')) ? HASHED_ASSET : ALWAYS_REVALIDATE);
    },
  });

  const sendIndex = (request: FastifyRequest, reply: FastifyReply) => {
    if (!isClientRoute(request)) return reply.callNotFound();
    return reply.header('cache-control', ALWAYS_REVALIDATE).type('text/html; charset=utf-8').send(indexHtml);
  };
  app.get('/', sendIndex);
  app.get('/*', sendIndex);
}
