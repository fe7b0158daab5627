/*
 * The app as main.ts starts it, on the SQLite database in the given folder with demo data, except
 * that the per-address API rate limit is lifted: every benchmark request comes from 127.0.0.1.
 * BENCH_LISTINGS=N puts N generated listings there instead of the demo data; BENCH_DATABASE_URL
 * and BENCH_SCHEMA run it on that PostgreSQL schema instead of SQLite.
 * Prints the address it listens on as its first line.
 */
import { join } from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../../src/server/app';
import { loadAuthSecret } from '../../src/server/auth/secret';
import { AccessTokens } from '../../src/server/auth/tokens';
import { loadConfig } from '../../src/server/config';
import { openDatabase } from '../../src/server/db/connection';
import { seedDemoData } from '../../src/server/db/seed/demo';
import { prepareDatabase } from '../../src/server/db/setup';
import { DiskImageStore } from '../../src/server/uploads/store';
import { generateListings } from './generate';

const dataDir = process.argv[2];
if (!dataDir) throw new Error('usage: server.ts <data folder>');

const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
const listings = Number(process.env.BENCH_LISTINGS ?? 0);
const { db, engine } = openDatabase({
  dataDir,
  url: process.env.BENCH_DATABASE_URL || undefined,
  schema: process.env.BENCH_SCHEMA,
});
const images = new DiskImageStore(join(dataDir, 'uploads'));
await prepareDatabase(db, engine, images);
if (listings > 0) {
  await generateListings(db, engine, listings);
  // PostgreSQL's autovacuum would vacuum the new rows and gather the planner's statistics within a
  // minute or two, competing with the measurement: done at once here, as in a settled database.
  if (engine === 'postgres') await sql`vacuum analyze`.execute(db);
} else await seedDemoData(db, images, { log: () => {} });

const tokens = new AccessTokens(loadAuthSecret(dataDir));
const app = await buildApp({ db, engine, config, tokens, images }, { apiRateLimit: Number.MAX_SAFE_INTEGER });
console.log(await app.listen({ port: 0, host: '127.0.0.1' }));
process.on(
  'SIGTERM',
  () =>
    void app
      .close()
      .then(() => db.destroy())
      .then(() => process.exit(0)),
);

// If the benchmark dies without stopping this server, it is handed to another parent: stop then.
const parent = process.ppid;
setInterval(() => {
  if (process.ppid !== parent) process.exit(0);
}, 1000).unref();
