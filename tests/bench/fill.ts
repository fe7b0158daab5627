/*
 * Fills a fresh database for a benchmark: the schema, then N generated listings (./generate.ts),
 * analysed as a settled database would be. Run in a process of its own by marketplace.ts:
 * `fill.ts <data folder> <N>`, on SQLite in the folder or on DATABASE_URL when it is set.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { openDatabase } from '#server/db/connection';
import { prepareDatabase } from '#server/start/setup';
import { DiskImageStore } from '#server/uploads/store';
import { generateListings } from './generate';

const [dataDir, count] = process.argv.slice(2);
if (!dataDir || !count) throw new Error('usage: fill.ts <data folder> <listings>');

const { db, engine, close } = openDatabase({ dataDir, url: process.env.DATABASE_URL || undefined });
try {
  await prepareDatabase(db, engine, new DiskImageStore(join(dataDir, 'uploads')));
  await generateListings(db, engine, Number(count));
  // Autovacuum would otherwise gather the planner's statistics during the measurement.
  await sql`${sql.raw(engine === 'postgres' ? 'vacuum analyze' : 'analyze')}`.execute(db);
} finally {
  await close();
}
