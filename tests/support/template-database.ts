import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '#server/db/connection';
import { prepareDatabase } from '#server/start/setup';
import { DiskImageStore } from '#server/uploads/store';

/*
 * vitest's global set-up: one SQLite data folder as prepareDatabase leaves a new one (every
 * migration, the search index, the categories and their pictures), made once per run. Each API
 * test app on SQLite starts from a copy of it (tests/support/app.ts): migrating a new file and
 * drawing the six category pictures took about a second of CPU per app, on each of the run's
 * hundred-odd apps. The migrations themselves still run here, on every run, and on PostgreSQL for
 * every app.
 */

declare module 'vitest' {
  export interface ProvidedContext {
    /** The prepared SQLite data folder to copy, made by this set-up. */
    sqliteTemplateDir: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const dir = await mkdtemp(join(tmpdir(), 'phonehaat-template-'));
  const handle = openDatabase({ dataDir: dir });
  await prepareDatabase(handle.db, handle.engine, new DiskImageStore(join(dir, 'uploads')));
  // Closing the last connection folds SQLite's log into the file: the copies are one file each.
  await handle.close();
  const left = await readdir(dir);
  if (left.some((name) => name.endsWith('-wal')))
    throw new Error(`the template database kept its log: ${left.join(', ')}`);
  project.provide('sqliteTemplateDir', dir);
  return () => rm(dir, { recursive: true, force: true });
}
