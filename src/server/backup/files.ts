import { execFile } from 'node:child_process';
import { cpSync, existsSync } from 'node:fs';
import { join } from 'node:path';
import { promisify } from 'node:util';

export { SQLITE_FILE } from '#server/db/connection';

export const run = promisify(execFile);

/**
 * What DATA_DIR holds besides the database: the pictures, the secrets (sessions stay valid, IMEIs
 * keep matching) and the push keys (devices' push subscriptions stay valid, docs/app.md).
 */
const DATA_FILES = ['uploads', 'auth-secret', 'imei-secret', 'vapid-keys.json'];
export const DUMP_FILE = 'database.sql';

/** Copies the pictures, the secret and the push keys from one folder to another, keeping their modes. */
export function copyDataFiles(from: string, to: string): void {
  for (const name of DATA_FILES) {
    if (existsSync(join(from, name)))
      cpSync(join(from, name), join(to, name), { recursive: true, preserveTimestamps: true });
  }
}

/**
 * pg_dump's and psql's way to a DATABASE_URL: the URL without its password, and the password in
 * PGPASSWORD. A command line is shown to every user of the machine (ps, /proc); a process's
 * environment only to its owner.
 */
export function pgConnection(url: string): { url: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password) || parsed.searchParams.get('password');
  parsed.password = '';
  if (parsed.searchParams.has('password')) {
    parsed.searchParams.delete('password');
    // URLSearchParams writes a space as +, which libpq reads as itself ("-c+search_path").
    parsed.search = parsed.search.replaceAll('+', '%20');
  }
  return { url: parsed.toString(), env: password ? { ...process.env, PGPASSWORD: password } : process.env };
}

/** The schema a DATABASE_URL works in: its `options=-c search_path=...`, else public. */
export function schemaOf(url: string): string {
  const options = new URL(url).searchParams.get('options') ?? '';
  return /search_path=([A-Za-z_][A-Za-z0-9_]*)/.exec(options)?.[1] ?? 'public';
}

/**
 * Backups copy the pictures from DATA_DIR/uploads; pictures in an S3 bucket are not theirs to copy,
 * so with S3_BUCKET set they stop rather than write a backup that looks whole and is not.
 */
export function refuseBucketPictures(s3Bucket: string | undefined, command: 'backup' | 'restore'): void {
  if (!s3Bucket) return;
  throw new Error(
    `npm run ${command} covers pictures kept under DATA_DIR/uploads, but S3_BUCKET=${s3Bucket} keeps them in S3. ` +
      'Back the database up with your database tools and the bucket with its versioning or replication ' +
      '(docs/scaling.md, "Backups").',
  );
}
