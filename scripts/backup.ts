/*
 * npm run backup [-- <folder>]: a consistent copy of the data while the server runs. SQLite through
 * its online backup (a snapshot of one moment, the server keeps writing meanwhile); PostgreSQL
 * through pg_dump of the server's schema (one transaction). Then the pictures and the signing
 * secret. The folder defaults to backups/phonehaat-<time>; it is readable by this user only.
 */
import { mkdirSync } from 'node:fs';
import { join, resolve } from 'node:path';
import SQLite from 'better-sqlite3';
import {
  DUMP_FILE,
  SQLITE_FILE,
  copyDataFiles,
  pgConnection,
  refuseBucketPictures,
  run,
  schemaOf,
} from '#server/backup/files';
import { loadConfig } from '#server/config';

const config = loadConfig();
refuseBucketPictures(config.S3_BUCKET, 'backup');
const dataDir = resolve(config.DATA_DIR);
const stamp = new Date().toISOString().replace(/[:.]/g, '-');
const target = resolve(process.argv[2] ?? join('backups', `phonehaat-${stamp}`));
mkdirSync(target, { recursive: true, mode: 0o700 });

if (config.DATABASE_URL) {
  const { url, env } = pgConnection(config.DATABASE_URL);
  await run(
    'pg_dump',
    ['--no-owner', '--no-privileges', `--schema=${schemaOf(url)}`, `--file=${join(target, DUMP_FILE)}`, url],
    { env },
  );
} else {
  const database = new SQLite(join(dataDir, SQLITE_FILE), { fileMustExist: true });
  await database.backup(join(target, SQLITE_FILE));
  database.close();
}
// After the database: a picture added meanwhile is only extra; one of a row in the copy is there.
copyDataFiles(dataDir, target);
console.log(`Backup written to ${target}`);
