import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { renderedPaths } from '#shared/public-pages';
import { LOCALES } from '#shared/i18n/locales';
import { pageLanguage, pathInLocale, pseudoRequested, type PageLanguage } from '#shared/i18n/addresses';
import { publicPage, readingTags, showsTags } from '#server/cache/hooks';
import { IMAGE_URL_PREFIX } from '#server/uploads/store';
import { buildReader, pageHtml, renderSafely } from './client-pages';
import { registerCompression } from '#server/http/compression';

/** The project's folder: the nearest above this file with a package.json (it runs from src/, or bundled from dist/server/). */
function projectRoot(): string {
  let dir = import.meta.dirname;
  while (!existsSync(join(dir, 'package.json')) && dirname(dir) !== dir) dir = dirname(dir);
  return dir;
}

/** Where `npm run build:client` (vite build) writes the web client. */
export const BUILT_CLIENT_DIR = join(projectRoot(), 'dist/client');

/** Vite puts a content hash in every name under /assets/, so a name never gets new content. */
const HASHED_ASSET = 'public, max-age=31536000, immutable';
/** index.html and the unhashed public files may change with any build, so browsers must ask again. */
const ALWAYS_REVALIDATE = 'no-cache';

/** Vite empties the build folder before writing it again; a page asked for in that moment waits and reloads. */
const REBUILDING_PAGE =
  '<!doctype html><meta charset="utf-8"><meta http-equiv="refresh" content="2"><title>PhoneHaat</title>' +
  '<p style="font-family:system-ui,sans-serif;margin:3rem;text-align:center">PhoneHaat is being updated. This page reloads in a moment.</p>';

/** Paths the client's history fallback must never answer: the API and the pictures keep their JSON 404. */
const SERVER_PATHS = ['/api/', IMAGE_URL_PREFIX];

function isClientRoute(request: FastifyRequest): boolean {
  const path = request.url.split('?')[0] ?? '/';
  if (path === '/api' || SERVER_PATHS.some((prefix) => path.startsWith(prefix))) return false;
  return (request.headers.accept ?? '').includes('text/html');
}

/**
 * Serves the built web client: hashed assets cached for good (with the brotli or gzip copies the build
 * wrote), the few public files at the root, and index.html for every other page the browser asks for,
 * so a client route such as /productId/... survives a reload. The public pages marked `rendered`
 * (src/shared/public-pages.ts) come rendered by the build's page renderer, when there is one.
 * index.html is read per request, so a rebuild while the server runs is picked up. Without a build
 * this serves nothing and says so.
 */
export async function registerClient(
  app: FastifyInstance,
  {
    clientDir = BUILT_CLIENT_DIR,
    limitPerAddress,
    publicUrl,
  }: {
    clientDir?: string;
    /** Registers the per-address rate limit in a scope: a page rendered here costs like an API read. */
    limitPerAddress?: (scope: FastifyInstance) => Promise<void>;
    /** The address people use: a shared link's preview needs absolute addresses. */
    publicUrl: string;
  },
): Promise<void> {
  const indexFile = join(clientDir, 'index.html');
  if (!existsSync(indexFile)) {
    app.log.warn(`No built client in ${clientDir}: run "npm run build:client" to serve the web pages`);
    return;
  }

  const shared = {
    decorateReply: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    index: false,
  } as const;
  await app.register(fastifyStatic, {
    ...shared,
    root: join(clientDir, 'assets'),
    prefix: '/assets/',
    setHeaders: (reply) => reply.header('cache-control', HASHED_ASSET),
  });
  await app.register(fastifyStatic, {
    ...shared,
    root: clientDir,
    // One route per public file (favicon, illustrations), so other paths reach the fallback below.
    wildcard: false,
    globIgnore: ['assets/**', 'index.html', '**/*.br', '**/*.gz'],
    setHeaders: (reply) => reply.header('cache-control', ALWAYS_REVALIDATE),
  });

  const builds = buildReader(app, clientDir);

  const rebuilding = (reply: FastifyReply) =>
    reply
      .status(503)
      .header('retry-after', '2')
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(REBUILDING_PAGE);
  const sendHtml = (reply: FastifyReply, html: string) =>
    reply.header('cache-control', ALWAYS_REVALIDATE).type('text/html; charset=utf-8').send(html);

  // Any other page: index.html, rendered in the browser.
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isClientRoute(request)) return reply.callNotFound();
    const build = await builds.current();
    if (!build) return rebuilding(reply);
    return sendHtml(reply, pageHtml(build, request.url, undefined, publicUrl, languageOf(request) ?? ENGLISH));
  };
  // The public pages arrive rendered, the same for every visitor of a language: kept like the public API answers.
  const sendPage = async (request: FastifyRequest, reply: FastifyReply) => {
    const language = languageOf(request);
    if (!language) return reply.header('cache-control', 'no-store').redirect(pathInLocale('bn', '/'), 302);
    const build = await builds.current();
    if (!build) return rebuilding(reply);
    // The pseudo-locale (tests) is the browser's own: nothing is rendered (nor kept) for it here.
    if (pseudoRequested(request.headers.cookie))
      return sendHtml(reply, pageHtml(build, request.url, undefined, publicUrl, language));
    const [rendered, read] = await readingTags(request, () => renderSafely(build, request, language));
    showsTags(request, read);
    return sendHtml(reply, pageHtml(build, request.url, rendered, publicUrl, language));
  };
  // The web client's pages are not API operations: the OpenAPI document leaves them out.
  await app.register(async (pages) => {
    await limitPerAddress?.(pages);
    await registerCompression(pages);
    for (const path of renderedAddresses()) pages.get(path, { schema: { hide: true }, config: publicPage }, sendPage);
    pages.get('/*', { schema: { hide: true } }, sendIndex);
  });
}

/** Each rendered page at the spec's address and at its address in each language (`/bn/`, `/bn/login`, ...). */
const renderedAddresses = () => [
  ...renderedPaths,
  ...LOCALES.flatMap((locale) => renderedPaths.map((path) => pathInLocale(locale, path))),
  ...LOCALES.map((locale) => `/${locale}`),
];

const ENGLISH: PageLanguage = { locale: 'en', latinDigits: false, addressed: false };

/** The language of the page asked for (undefined: a first visit to `/` that goes to `/bn/`). */
const languageOf = (request: FastifyRequest) =>
  pageLanguage(request.url.split('?')[0] ?? '/', request.headers.cookie, request.headers['accept-language']);
