import type { Kysely } from 'kysely';
import type { AccessTokens } from './auth/tokens';
import type { Config } from './config';
import type { Engine } from './db/connection';
import type { Database } from './db/schema';
import type { ImageStore } from './uploads/store';

/** What route plugins need from the outside world, handed to `buildApp` (tests hand their own). */
export interface Deps {
  db: Kysely<Database>;
  engine: Engine;
  config: Config;
  tokens: AccessTokens;
  images: ImageStore;
}

declare module 'fastify' {
  interface FastifyInstance {
    deps: Deps;
  }
}
