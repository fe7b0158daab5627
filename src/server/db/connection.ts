import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { Kysely, PostgresDialect, SqliteDialect, sql } from 'kysely';
import pg from 'pg';
import { ensurePrivateDir, ensurePrivateFile } from './data-dir';
import type { Database } from './schema';
import { postgresTypes, SqliteValuesPlugin } from './values';

export type Engine = 'sqlite' | 'postgres';

export interface DatabaseHandle {
  db: Kysely<Database>;
  engine: Engine;
  close(): Promise<void>;
}

export interface DatabaseOptions {
  /** A PostgreSQL URL; without it the embedded SQLite file in `dataDir` is used. */
  url?: string | undefined;
  dataDir: string;
  /** PostgreSQL schema to work in (tests give each run its own). */
  schema?: string | undefined;
}

export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  // Uploads and the signing secret live there with either engine.
  ensurePrivateDir(options.dataDir);
  return options.url ? openPostgres(options.url, options.schema) : openSqlite(options.dataDir);
}

function openSqlite(dataDir: string): DatabaseHandle {
  const path = join(dataDir, 'phonehaat.sqlite');
  ensurePrivateFile(path);
  const file = new SQLite(path);
  file.pragma('journal_mode = WAL');
  file.pragma('synchronous = FULL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: file }),
    plugins: [new SqliteValuesPlugin()],
  });
  return { db, engine: 'sqlite', close: () => db.destroy() };
}

function openPostgres(url: string, schema?: string): DatabaseHandle {
  const pool = new pg.Pool({
    connectionString: url,
    max: 10,
    types: postgresTypes,
    ...(schema ? { options: `-c search_path=${schema}` } : {}),
  });
  const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
  return { db, engine: 'postgres', close: () => db.destroy() };
}

export async function isReachable(db: Kysely<Database>): Promise<boolean> {
  try {
    await sql`select 1`.execute(db);
    return true;
  } catch {
    return false;
  }
}
