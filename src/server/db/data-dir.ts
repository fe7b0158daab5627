import { chmodSync, closeSync, mkdirSync, openSync } from 'node:fs';

/**
 * DATA_DIR holds the database, the signing secret and the uploads: only the server's own user may
 * list or enter it, whatever the umask. A folder that already exists is left as its owner set it.
 */
export function ensurePrivateDir(dir: string): void {
  mkdirSync(dir, { recursive: true, mode: 0o700 });
}

/**
 * The database file readable and writable by the server's user only, also when an older version
 * made it with the umask's 0644. SQLite gives its -wal and -shm files the database file's mode.
 */
export function ensurePrivateFile(file: string): void {
  closeSync(openSync(file, 'a', 0o600));
  chmodSync(file, 0o600);
}
