import { sql, type Kysely } from 'kysely';
import pg from 'pg';
import { openDatabase } from '#server/db/connection';
import { migrate } from '#server/db/migrate';
import type { Database } from '#server/db/schema';

/*
 * The tests' one way to talk to PostgreSQL beside the app: TEST_DATABASE_URL, and a schema or a
 * database of a test's own on it, made and dropped here.
 */

/** The database the API tests run on when set; unset, they run on SQLite. */
export const testDatabaseUrl = (): string | undefined => process.env.TEST_DATABASE_URL || undefined;

/** Runs `work` on a connection of its own to `url` (TEST_DATABASE_URL by default), closed afterwards. */
export async function withPg<T>(work: (client: pg.Client) => Promise<T>, url = testDatabaseUrl()): Promise<T> {
  if (!url) throw new Error('TEST_DATABASE_URL is not set');
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** A new schema (`<prefix>_<pid>_<random>`) in the test database: its name. */
export async function createSchema(prefix: string): Promise<string> {
  const schema = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withPg((client) => client.query(`create schema ${schema}`));
  return schema;
}

export const dropSchema = (schema: string) => withPg((client) => client.query(`drop schema ${schema} cascade`));

export interface MigratedSchema {
  db: Kysely<Database>;
  drop: () => Promise<void>;
}

/**
 * The app's database opened on a new, migrated schema (`createSchema(prefix)`) of TEST_DATABASE_URL,
 * for tests that call the repositories directly; `drop` closes it and drops the schema.
 */
export async function openMigratedSchema(prefix: string): Promise<MigratedSchema> {
  const schema = await createSchema(prefix);
  const handle = openDatabase({ url: testDatabaseUrl(), dataDir: `/tmp/phonehaat-${prefix}-${process.pid}`, schema });
  await migrate(handle.db, 'postgres');
  return {
    db: handle.db,
    drop: async () => {
      await handle.close();
      await dropSchema(schema);
    },
  };
}

/** TEST_DATABASE_URL with the database `name` on the same server instead of its own. */
export function databaseUrl(name: string): string {
  const url = new URL(testDatabaseUrl() ?? 'TEST_DATABASE_URL is not set');
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new database (`<prefix>_<pid>_<random>`) copied from `template`, which nobody may be connected to: its name. */
export async function createDatabaseFrom(template: string, prefix: string): Promise<string> {
  const name = `${prefix}_${process.pid}_${Math.random().toString(36).slice(2, 10)}`;
  await withPg((client) => client.query(`create database ${name} template ${template}`));
  return name;
}

/** Drops the database `name` if it is there, ending any session still on it. */
export const dropDatabase = (name: string) =>
  withPg((client) => client.query(`drop database if exists ${name} with (force)`));

/**
 * How PostgreSQL planned the statements prepared on `db`'s connection whose text is `like` the
 * pattern: runs on its generic plan and on plans made for the values (pg_prepared_statements).
 */
export async function plansOfPrepared(db: Kysely<Database>, like: string) {
  const { rows } = await sql<{ generic_plans: string; custom_plans: string }>`
    select generic_plans, custom_plans from pg_prepared_statements where statement like ${like}`.execute(db);
  return rows.map((row) => ({ generic: Number(row.generic_plans), custom: Number(row.custom_plans) }));
}
