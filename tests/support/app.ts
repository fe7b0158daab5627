import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import type { Kysely } from 'kysely';
import { buildApp, type AppOptions } from '#server/app';
import { AccessTokens } from '#server/auth/tokens';
import { loadConfig } from '#server/config';
import { openDatabase, type Engine } from '#server/db/connection';
import type { Database } from '#server/db/schema';
import { prepareDatabase } from '#server/start/setup';
import type { DepsGiven } from '#server/deps';
import { DiskImageStore } from '#server/uploads/store';
import { createDatabaseFrom, databaseUrl, dropDatabase, testDatabaseUrl } from './postgres';

export interface TestApp {
  app: FastifyInstance;
  db: Kysely<Database>;
  engine: Engine;
  images: DiskImageStore;
  dataDir: string;
  close(): Promise<void>;
}

/**
 * The database a run prepared once, copied for each app: a folder on SQLite, a template database on
 * PostgreSQL (tests/support/template-database.ts provides both to vitest's runs).
 */
interface Prepared {
  templateDir?: string;
  postgresTemplate?: string;
}

type AppArgs = [
  env?: Record<string, string>,
  options?: AppOptions,
  shared?: Partial<Pick<DepsGiven, 'images' | 'redis' | 'search' | 'interleave'>>,
  beside?: (app: FastifyInstance, dataDir: string) => void,
];

/**
 * A fresh app on a fresh database, a copy of the one the run prepared
 * (tests/support/template-database.ts): SQLite in a temporary folder, or, when TEST_DATABASE_URL is
 * set, a database of its own on that PostgreSQL server (dropped again on close). `options` go to
 * buildApp as they are, so the app has the production limits unless a test asks otherwise. `shared`
 * hands the app a picture store, a Redis link, a search engine or an interleave (deps.ts) of the
 * test's own (then `images` is unused). `beside` starts what the server runs beside the app (the mail worker, housekeeping): they
 * hook into its closing, which only works before it is ready.
 */
export const createTestApp = (...args: AppArgs): Promise<TestApp> =>
  createAppOn({ templateDir: inject('templateDir'), postgresTemplate: inject('postgresTemplate') }, ...args);

/**
 * The same app for a script outside vitest (the benchmarks), which prepared nothing: its database
 * is migrated from empty (on PostgreSQL a copy of `template0`).
 */
export const createScriptApp = (...args: AppArgs): Promise<TestApp> =>
  createAppOn({ postgresTemplate: testDatabaseUrl() ? 'template0' : undefined }, ...args);

async function createAppOn(
  prepared: Prepared,
  env: Record<string, string> = {},
  options: AppOptions = {},
  shared: Partial<Pick<DepsGiven, 'images' | 'redis' | 'search' | 'interleave'>> = {},
  beside?: (app: FastifyInstance, dataDir: string) => void,
): Promise<TestApp> {
  const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-test-'));
  if (prepared.templateDir) await cp(prepared.templateDir, dataDir, { recursive: true });
  const { postgresTemplate } = prepared;
  const database = postgresTemplate ? await createDatabaseFrom(postgresTemplate, 'test') : undefined;

  const handle = openDatabase({ url: database ? databaseUrl(database) : undefined, dataDir });
  const images = new DiskImageStore(join(dataDir, 'uploads'));
  // On the template's copy this only finds everything in place, as a restart does; else it migrates.
  await prepareDatabase(handle.db, handle.engine, images);
  const config = loadConfig({
    DATA_DIR: dataDir,
    SEED_DEMO: '0',
    LOG_LEVEL: 'silent',
    AUTH_RATE_LIMIT: '100000',
    ...env,
  });
  const tokens = new AccessTokens('test-secret-that-is-long-enough-for-hs256-signing');
  const app = await buildApp({ db: handle.db, engine: handle.engine, config, tokens, images, ...shared }, options);
  beside?.(app, dataDir);
  await app.ready();

  return {
    app,
    db: handle.db,
    engine: handle.engine,
    images,
    dataDir,
    async close() {
      await app.close();
      await handle.close();
      if (database) await dropDatabase(database);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
