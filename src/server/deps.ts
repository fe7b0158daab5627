import type { Kysely } from 'kysely';
import type { AccessTokens } from '#server/auth/tokens';
import type { Config } from './config';
import type { Engine } from '#server/db/connection';
import type { Database } from '#server/db/schema';
import type { RedisLink } from '#server/events/redis';
import type { Bell } from '#server/notifications/bell';
import type { PushSender } from '#server/push/sender';
import type { SearchEngine } from '#server/search/engine';
import type { ImageStore } from '#server/uploads/store';
import type { ImeiKey } from '#server/trust/imei';

/** What route plugins need from the outside world, handed to `buildApp` (tests hand their own). */
export interface Deps {
  db: Kysely<Database>;
  engine: Engine;
  config: Config;
  tokens: AccessTokens;
  images: ImageStore;
  search: SearchEngine;
  /** Rings users' open pages when a notification is made for them, in every process. */
  bell: Bell;
  /** Pushes the notifications of the kinds that push to their people's devices (docs/app.md). */
  push: PushSender;
  /** With REDIS_URL: where rate limits and upload slots are counted for every process; else each counts alone. */
  redis?: RedisLink | undefined;
  /** Hashes IMEIs (trust/imei.ts); from IMEI_SECRET or the one kept in DATA_DIR unless given. */
  imeiKey: ImeiKey;
  /**
   * Called where a service has made its last check and is about to write, with the connection it
   * writes on. Production has none; tests/races.test.ts runs another request there, to show that the
   * database's own keys refuse a write whose product or account went away in between, and that a
   * second edit of a listing waits for the first.
   */
  interleave?: Interleave | undefined;
}

/**
 * The writes that check first and may find their product or account gone when they insert, and a
 * listing's edit between its read of the listing and its update.
 */
export type WritePoint = 'booking' | 'edit' | 'listing' | 'report';
export type Interleave = (point: WritePoint, db: Kysely<Database>) => Promise<void>;

/**
 * What `buildApp` is handed: the search runs on the app's own database unless another engine is
 * given, and the bell rings this process only unless one with a channel to the others is given.
 */
export type DepsGiven = Omit<Deps, 'search' | 'bell' | 'push' | 'imeiKey'> &
  Partial<Pick<Deps, 'search' | 'bell' | 'push' | 'imeiKey'>>;

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
