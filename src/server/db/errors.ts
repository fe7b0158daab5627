import { LogNotOnDisk } from './wal-sync';
/** PostgreSQL's SQLSTATE and better-sqlite3's extended result code for a foreign-key violation. */
const FOREIGN_KEY_CODES = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/**
 * A write that points at a row which is not there (any more), on either engine: typically a record
 * deleted by another request between a service's lookup and its insert.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && FOREIGN_KEY_CODES.has(String(error.code));
}

/**
 * Errors that mean the database is not there right now rather than that the request is wrong:
 * PostgreSQL stopped, restarting or unreachable (refused or ended connections, SQLSTATE classes 08
 * and 57P, no free connection in time), or SQLite still locked by another writer after its busy
 * timeout. The request may well succeed a moment later.
 */
const UNAVAILABLE_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'EPIPE',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'EAI_AGAIN',
  '53300', // too_many_connections
]);
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'timeout exceeded when trying to connect',
  'Client has encountered a connection error and is not queryable',
  'Client was closed and is not queryable',
];

export function isDatabaseUnavailable(error: unknown): boolean {
  if (!(error instanceof Error)) return false;
  const code = 'code' in error ? String(error.code) : '';
  if (UNAVAILABLE_CODES.has(code) || code.startsWith('08') || code.startsWith('57P')) return true;
  // SQLITE_BUSY and its extended codes (_SNAPSHOT, _RECOVERY, _TIMEOUT): another writer, never the request.
  if (code.startsWith('SQLITE_BUSY')) return true;
  // A failed fsync of SQLite's log: the process is ending and the next one takes over (wal-sync.ts).
  if (error instanceof LogNotOnDisk) return true;
  if (error instanceof AggregateError && error.errors.some(isDatabaseUnavailable)) return true;
  return UNAVAILABLE_MESSAGES.some((text) => error.message.startsWith(text));
}

/** PostgreSQL's SQLSTATE and better-sqlite3's extended result code for a unique-index violation. */
const UNIQUE_CODES = new Set(['23505', 'SQLITE_CONSTRAINT_UNIQUE']);

/** A write that a unique index refused: another request got there first. */
export function isUniqueViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && UNIQUE_CODES.has(String(error.code));
}

interface InsertOnce<Found, T> {
  /** The row that makes the insert moot (or refused): another request's, or an earlier one. */
  find: () => Promise<Found | undefined>;
  /** What a found row means: the caller's conflict error thrown, or the row answered as the result. */
  found: (row: Found) => T;
  insert: () => Promise<T>;
  /** The error for a foreign-key violation with nothing found: a row the insert points at was deleted. */
  gone?: () => Promise<Error>;
}

/**
 * Writes what may exist only once: checks, inserts, and when a unique or foreign-key constraint
 * refuses the insert, checks again, because two requests racing past the first check both insert
 * and the index keeps one: the loser then gets the same answer as if it had come second.
 *
 * A unique index that refused the insert while the second check finds nothing in the way means the
 * row it kept changed in between (deleted, or a booking declined just after another request inserted
 * it): the write starts once more from what that check read (a booking reopens the declined row).
 */
export async function insertOnce<Found, T>(writes: InsertOnce<Found, T>, again = true): Promise<T> {
  const { find, found, insert, gone } = writes;
  const before = await find();
  if (before !== undefined) return found(before);
  try {
    return await insert();
  } catch (error) {
    if (!isUniqueViolation(error) && !isForeignKeyViolation(error)) throw error;
    const after = await find();
    if (after !== undefined) return found(after);
    if (gone && isForeignKeyViolation(error)) throw await gone();
    if (again && isUniqueViolation(error)) return insertOnce(writes, false);
    throw error;
  }
}
