/*
 * npm run restore -- <backup folder>: brings a backup made by npm run backup into DATA_DIR (and, for
 * PostgreSQL, into DATABASE_URL's database). It refuses to overwrite: DATA_DIR must hold no
 * database, and the PostgreSQL schema must not exist yet. Start the server afterwards.
 */
import { copyFileSync, existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { DUMP_FILE, SQLITE_FILE, copyDataFiles, pgConnection, refuseBucketPictures, run } from '#server/backup/files';
import { loadConfig } from '#server/config';
import { ensurePrivateDir, ensurePrivateFile } from '#server/db/data-dir';

const source = process.argv[2];
if (!source) throw new Error('usage: npm run restore -- <backup folder>');
const from = resolve(source);
const config = loadConfig();
refuseBucketPictures(config.S3_BUCKET, 'restore');
const dataDir = resolve(config.DATA_DIR);
ensurePrivateDir(dataDir);

if (config.DATABASE_URL) {
  if (!existsSync(join(from, DUMP_FILE))) throw new Error(`${from} has no ${DUMP_FILE}: not a PostgreSQL backup`);
  // One transaction: a schema that exists already stops it with nothing changed.
  const { url, env } = pgConnection(config.DATABASE_URL);
  await run(
    'psql',
    ['--quiet', '--no-psqlrc', '-v', 'ON_ERROR_STOP=1', '--single-transaction', '-f', join(from, DUMP_FILE), url],
    { env },
  );
} else {
  if (!existsSync(join(from, SQLITE_FILE))) throw new Error(`${from} has no ${SQLITE_FILE}: not a SQLite backup`);
  const file = join(dataDir, SQLITE_FILE);
  if (existsSync(file)) throw new Error(`${dataDir} already has a database: restore into an empty DATA_DIR`);
  copyFileSync(join(from, SQLITE_FILE), file);
  ensurePrivateFile(file);
}
copyDataFiles(from, dataDir);
console.log(`Restored ${from} into ${config.DATABASE_URL ? 'PostgreSQL and ' : ''}${dataDir}`);
