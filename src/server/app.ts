import { resolve } from 'node:path';
import cookie from '@fastify/cookie';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import Fastify, { type FastifyInstance, type RouteOptions } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { MAX_UPLOAD_BYTES } from '#shared/uploads';
import { accountRoutes } from '#server/accounts/routes';
import { googleRoutes } from '#server/auth/google/routes';
import { authRoutes } from '#server/auth/routes';
import { bookingRoutes } from '#server/bookings/routes';
import { serverWithFrontDoor } from '#server/cache/front-door';
import { registerPublicCache } from '#server/cache/hooks';
import { PublicCache } from '#server/cache/public-cache';
import { categoryRoutes } from '#server/categories/routes';
import { chatRoutes } from '#server/chat/routes';
import { alertRoutes } from '#server/alerts/routes';
import type { Deps, DepsGiven } from './deps';
import type { RedisLink } from '#server/events/redis';
import { healthRoutes } from '#server/health/routes';
import { Bell } from '#server/notifications/bell';
import { notificationRoutes } from '#server/notifications/routes';
import type { StreamLimits } from '#server/notifications/stream';
import { registerClient } from '#server/pages/client';
import { registerCompression } from '#server/http/compression';
import { isRendererRead } from '#server/pages/page-render';
import { answerClientError } from '#server/http/client-errors';
import { registerCors } from '#server/http/cors';
import { answerOnceOnDisk } from '#server/http/answered-on-disk';
import { walSyncOf } from '#server/db/connection';
import { serializeError, serializeRequest } from '#server/http/log-redaction';
import { registerCrossSiteGuard } from '#server/http/cross-site';
import { acceptEmptyJsonBodies } from '#server/http/empty-body';
import { frameworkErrorReply, registerErrorHandler } from '#server/http/errors';
import { translateMessage } from '#server/i18n/texts';
import { drainOversizeBodies } from '#server/http/oversize-body';
import { registerOpenApi } from '#server/http/openapi';
import { registerNoStore, registerSecurityHeaders, securityHeaders } from '#server/http/security-headers';
import { MODULE_LOADER_SOURCE } from '#server/pages/module-loader';
import { productRoutes } from '#server/products/routes';
import { pushRoutes } from '#server/push/routes';
import { PushSender, pushSubjectOf } from '#server/push/sender';
import { loadVapidKeys } from '#server/push/vapid';
import { reportRoutes } from '#server/reports/routes';
import type { ArrivalRule } from '#server/uploads/arrival';
import { registerSearchNotes } from '#server/search/change-notes';
import { tags } from '#server/cache/tags';
import type { Channel } from '#server/events/channel';
import { searchRoutes } from '#server/search/routes';
import { SqlSearch } from '#server/search/sql-search';
import { uploadRoutes } from '#server/uploads/routes';
import { registerImageServing } from '#server/uploads/serving';
import { userRoutes } from '#server/users/routes';
import { languageRoutes } from '#server/language/routes';
import { verificationRoutes } from '#server/verification/routes';
import { moderationRoutes } from '#server/moderation/routes';
import { reviewRoutes } from '#server/reviews/routes';
import { imeiKeyFor } from '#server/trust/imei';
import { trustRoutes } from '#server/trust/routes';

export interface AppOptions {
  /** Logs at this level (to `stream`, or standard output); the logged URLs carry no emails or OAuth codes. */
  logger?: boolean | { level: string; stream?: { write(line: string): void } };
  /** Requests per minute and address for the API as a whole. */
  apiRateLimit?: number;
  /** Photo uploads per minute and seller (default UPLOADS_PER_MINUTE). */
  uploadRateLimit?: number;
  /** How fast a photo upload must arrive (default ARRIVAL_RULE). */
  uploadArrivalRule?: ArrivalRule;
  /** The built web client to serve next to the API; `false` serves the API only. */
  clientDir?: string | false;
  /** Told of every route as it is added (the OpenAPI drift test lists the routes this way). */
  onRoute?: (route: RouteOptions) => void;
  /** How long one notification event stream stays open before the browser opens the next. */
  notificationStreamMs?: number;
  /** How often the notification streams' heartbeat comes (default HEARTBEAT_MS). */
  notificationHeartbeatMs?: number;
  /** Notification streams open at once per account, per address and in all (default STREAM_LIMITS). */
  notificationStreamLimits?: StreamLimits;
  /** The cache of public answers; main.ts hands one that hears other processes' changes. */
  publicCache?: PublicCache;
  /** Where the search index's changes are told to and heard from the other processes (search/change-notes.ts). */
  searchChannel?: Channel;
}

/**
 * With Redis, every process counts in one place. When Redis is away a request is let through
 * uncounted rather than refused (the link logs the outage once).
 */
const sharedCounters = (redis: RedisLink | undefined) =>
  redis ? { redis: redis.client, nameSpace: `${redis.prefix}rate-limit:`, skipOnError: true } : {};

/** Inline scripts the pages run (allowed by hash): the loader of a rendered page's modules. */
const PAGE_SCRIPTS = [MODULE_LOADER_SOURCE];

/** Builds the whole server: outside plugins, then the app's own, then routes. Tests import this. */
export async function buildApp(given: DepsGiven, options: AppOptions = {}): Promise<FastifyInstance> {
  const deps: Deps = {
    ...given,
    search: given.search ?? new SqlSearch(given.db, given.engine),
    bell: given.bell ?? new Bell(),
    push:
      given.push ??
      new PushSender({
        db: given.db,
        keys: loadVapidKeys(resolve(given.config.DATA_DIR)),
        subject: pushSubjectOf(given.config),
      }),
    imeiKey: given.imeiKey ?? imeiKeyFor(given.config),
  };
  const publicCache = options.publicCache ?? new PublicCache();
  const app = Fastify({
    serverFactory: serverWithFrontDoor(publicCache, securityHeaders(deps.config.secureCookies, PAGE_SCRIPTS)),
    logger: options.logger
      ? {
          ...(options.logger === true ? {} : options.logger),
          serializers: { req: serializeRequest, err: serializeError },
        }
      : false,
    bodyLimit: 64 * 1024,
    // An email (up to 254 characters) is a path parameter of the role checks (/api/seller/:email).
    routerOptions: { maxParamLength: 320 },
    // A request still arriving after two minutes (the client's upload timeout) is cut off, so a
    // slow sender cannot hold a connection and an upload buffer for ever.
    requestTimeout: 120_000,
    frameworkErrors: frameworkErrorReply,
    clientErrorHandler: answerClientError,
    // Behind a proxy, request.ip (rate limits, login throttling) must be the client's, not the proxy's.
    trustProxy: deps.config.TRUST_PROXY ?? false,
  }).withTypeProvider<ZodTypeProvider>();

  if (options.onRoute) app.addHook('onRoute', options.onRoute);
  answerOnceOnDisk(app, walSyncOf(deps.db));
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.decorate('deps', deps);
  app.decorateRequest('caller', undefined);

  await app.register(cookie);
  await app.register(multipart, {
    limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 5, parts: 6 },
    // busboy stops reading for good when a part it skips (no Content-Disposition) holds more than
    // this at once; no part a client may send comes near it, so such a part is read and skipped.
    fileHwm: MAX_UPLOAD_BYTES + 64 * 1024,
  });
  // Before any route: it documents the routes registered after it.
  await registerOpenApi(app);
  registerSecurityHeaders(app, PAGE_SCRIPTS);
  registerErrorHandler(app, translateMessage);
  drainOversizeBodies(app);
  acceptEmptyJsonBodies(app);
  registerCors(app);
  registerCrossSiteGuard(app);
  // First, so the others hear of the index's change before the drops of the searches made from it;
  // searches computed before another process's index change was caught up on are dropped then
  // (those its writes named; every search when changes may have been missed).
  registerSearchNotes(app, options.searchChannel, (missed) =>
    missed ? publicCache.drop([tags.search]) : publicCache.dropSearchesHeard(),
  );
  registerPublicCache(app, publicCache);
  app.awaitSearchNotes();
  registerImageServing(app);
  app.addHook('onReady', () => deps.bell.start());
  app.addHook('onClose', () => deps.bell.close());
  deps.push.useLog(app.log);
  // Pushes under way finish (each within its time limit) before the database closes.
  app.addHook('preClose', () => deps.push.idle());

  // Requests from one address a minute, to the API and to the pages rendered here (the cached
  // answers the front door sends cost less than counting them).
  const limitPerAddress = async (scope: FastifyInstance) => {
    await scope.register(rateLimit, {
      max: options.apiRateLimit ?? 1200,
      timeWindow: '1 minute',
      // request.ip is undefined once the client has hung up: its request still passes the hook.
      keyGenerator: (request) => request.ip ?? '',
      allowList: isRendererRead,
      ...sharedCounters(deps.redis),
    });
  };
  await app.register(
    async (api) => {
      await limitPerAddress(api);
      registerNoStore(api);
      await registerCompression(api);
      for (const routes of [
        healthRoutes,
        authRoutes,
        accountRoutes,
        googleRoutes,
        userRoutes,
        verificationRoutes,
        categoryRoutes,
        productRoutes,
        bookingRoutes,
        reportRoutes,
        chatRoutes,
        searchRoutes,
        moderationRoutes,
        reviewRoutes,
        alertRoutes,
        pushRoutes,
        trustRoutes,
        languageRoutes,
      ]) {
        await api.register(routes);
      }
      await api.register(notificationRoutes, {
        lifetimeMs: options.notificationStreamMs,
        heartbeatMs: options.notificationHeartbeatMs,
        limits: options.notificationStreamLimits,
      });
      await api.register(uploadRoutes, {
        uploadsPerMinute: options.uploadRateLimit,
        arrivalRule: options.uploadArrivalRule,
      });
    },
    { prefix: '/api' },
  );
  if (options.clientDir !== false)
    await registerClient(app, { clientDir: options.clientDir, limitPerAddress, publicUrl: deps.config.PUBLIC_URL });

  return app;
}
