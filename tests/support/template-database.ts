import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/connection';
import { prepareDatabase } from '#server/start/setup';
import { DiskImageStore } from '#server/uploads/store';
import { databaseUrl, dropDatabase, testDatabaseUrl, withPg } from './postgres';

/*
 * vitest's global set-up: one database as prepareDatabase leaves a new one (every migration, the
 * search index, the categories) with its data folder (the category pictures), made once per run.
 * Each API test app starts from a copy of it (tests/support/app.ts): on SQLite a copy of the file,
 * on PostgreSQL a database created with this one as its template. Migrating a new database and
 * drawing the six category pictures took about a second of CPU per app, on each of the run's
 * hundred-odd apps. The migrations themselves still run here on every run, and in the tests of
 * migrations and of server processes.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prepared data folder to copy: the SQLite file (not on PostgreSQL) and the pictures. */
    templateDir: string;
    /** On PostgreSQL, the prepared database each app's own is created from; '' on SQLite. */
    postgresTemplate: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'phonehaat-template-'));
  // Each vitest project of the run prepares its own (vitest.config.ts), in the one process.
  const projectName = project.name.replace(/\W/g, '_');
  const postgresTemplate = testDatabaseUrl() ? `phonehaat_template_${process.pid}_${projectName}` : '';
  if (postgresTemplate) {
    await dropDatabase(postgresTemplate);
    await withPg((client) => client.query(`create database ${postgresTemplate}`));
  }
  const handle = openDatabase({ url: postgresTemplate ? databaseUrl(postgresTemplate) : undefined, dataDir: dir });
  await prepareDatabase(handle.db, handle.engine, new DiskImageStore(join(dir, 'uploads')));
  // Closing the last connection folds SQLite's log into the file. A PostgreSQL template must have
  // no session when it is copied: none may open (autovacuum neither) once it is made.
  await handle.close();
  if (postgresTemplate)
    await withPg((client) => client.query(`alter database ${postgresTemplate} with allow_connections false`));
  const left = await readdir(dir);
  if (left.some((name) => name.endsWith('-wal')))
    throw new Error(`the template database kept its log: ${left.join(', ')}`);
  project.provide('templateDir', dir);
  project.provide('postgresTemplate', postgresTemplate);
  return async () => {
    if (postgresTemplate) await dropDatabase(postgresTemplate);
    await rm(dir, { recursive: true, force: true });
  };
}
