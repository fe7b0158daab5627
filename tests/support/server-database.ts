import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSchema, dropSchema, testDatabaseUrl } from './postgres';

/** Where a server process of a test keeps its data, kept across its restarts; removed by `dispose`. */
export interface ServerData {
  /** DATA_DIR, and DATABASE_URL on PostgreSQL. */
  env: Record<string, string>;
  dataDir: string;
  engine: 'sqlite' | 'postgres';
  dispose(): Promise<void>;
}

/**
 * A fresh data folder, and with TEST_DATABASE_URL a fresh schema in that database, named in the
 * URL's `options` so the server process (which takes no schema setting) works in it. With
 * `sameDatabaseAs`, another machine of the same marketplace: a folder of its own on that one's
 * database (removing it leaves the database to its owner).
 */
export async function serverData(sameDatabaseAs?: ServerData): Promise<ServerData> {
  const dataDir = await mkdtemp(join(tmpdir(), 'phonehaat-server-'));
  const url = testDatabaseUrl();
  if (sameDatabaseAs) {
    return {
      env: { ...sameDatabaseAs.env, DATA_DIR: dataDir },
      dataDir,
      engine: sameDatabaseAs.engine,
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  if (!url) {
    return {
      env: { DATA_DIR: dataDir },
      dataDir,
      engine: 'sqlite',
      dispose: () => rm(dataDir, { recursive: true, force: true }),
    };
  }
  const schema = await createSchema('server');
  const withSchema = new URL(url);
  // %20, not the + URLSearchParams would write: libpq (pg_dump, psql) reads + as itself.
  withSchema.search = `?options=${encodeURIComponent(`-c search_path=${schema}`)}`;
  return {
    env: { DATA_DIR: dataDir, DATABASE_URL: withSchema.toString() },
    dataDir,
    engine: 'postgres',
    async dispose() {
      await dropSchema(schema);
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
