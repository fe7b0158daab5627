import type { FastifyPluginOptions } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/** The app as a route file sees it: Fastify with the zod schemas' types. */
export type App = Parameters<FastifyPluginAsyncZod>[0];

/**
 * An area's calls, as app.ts registers them under /api: the area's function gets the app, its
 * dependencies (which the area's services take first) and the options app.ts passes it, if any.
 */
export const areaRoutes =
  <Options extends FastifyPluginOptions = Record<never, never>>(
    register: (app: App, deps: App['deps'], options: Options) => Promise<void>,
  ): FastifyPluginAsyncZod<Options> =>
  (app, options) =>
    register(app, app.deps, options);
