import { randomUUID } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { PageRenderer, PageRendererModule, RenderedPage } from '#shared/page-render';
import { readFor } from '#server/cache/hooks';

export type { PageRenderer, RenderedPage };

/**
 * The page renderer `npm run build:client` writes next to the client's folder: `entry-<hash>.js`, a
 * name of its own for each build. Undefined when there is none.
 */
async function rendererFile(clientDir: string): Promise<string | undefined> {
  const dir = join(clientDir, '../ssr');
  const files = await readdir(dir).catch(() => []);
  const entry = files.find((name) => /^entry-[\w-]+\.js$/.test(name));
  return entry && join(dir, entry);
}

/** Headers of an API answer the client's queries read (apiPage: the total and the next page). */
const READ_HEADERS = ['content-type', 'x-total-count', 'link'];

/** Marks the renderer's own reads; only this process knows the value. */
const RENDERER_HEADER = 'x-page-renderer';
const RENDERER_KEY = randomUUID();

/**
 * Whether a request is one of the renderer's reads: the page that made it counted against its
 * visitor's rate limit already, so the read does not count again (against this machine's address).
 */
export const isRendererRead = (request: FastifyRequest): boolean => request.headers[RENDERER_HEADER] === RENDERER_KEY;

/**
 * An API read for the renderer, as `fetch` would answer it: from the public cache when it holds the
 * answer (the usual case: the browser asks for the same reads), else from the app itself, through
 * its routes, validation and cache like any request.
 */
async function readApi(app: FastifyInstance, path: string): Promise<Response> {
  const cached = readFor(app.publicCache, path);
  if (cached) return new Response(cached.body, { headers: cached.headers });
  const answer = await app.inject({
    method: 'GET',
    url: path,
    headers: { accept: 'application/json', [RENDERER_HEADER]: RENDERER_KEY },
  });
  const headers = new Headers();
  for (const name of READ_HEADERS) {
    const value = answer.headers[name];
    if (value !== undefined) headers.set(name, String(value));
  }
  return new Response(answer.statusCode === 204 ? null : answer.body, { status: answer.statusCode, headers });
}

/**
 * Loads the page renderer of the build in `clientDir`, or answers undefined when there is none or
 * it fails to load (the pages are then rendered in the browser only).
 */
export async function loadPageRenderer(app: FastifyInstance, clientDir: string): Promise<PageRenderer | undefined> {
  const file = await rendererFile(clientDir);
  if (!file) return undefined;
  let module: PageRendererModule;
  try {
    module = (await import(pathToFileURL(file).href)) as typeof module;
  } catch (error) {
    // A renderer that cannot load must not take the pages down with it: the browser renders them.
    app.log.error({ err: error }, `could not load the page renderer ${file}; the browser renders every page`);
    return undefined;
  }
  const fetchApi = (input: RequestInfo | URL) => readApi(app, String(input));
  return module.pageRenderer(fetchApi as typeof fetch);
}
