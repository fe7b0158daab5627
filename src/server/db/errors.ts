/** PostgreSQL's SQLSTATE and better-sqlite3's extended result code for a foreign-key violation. */
const FOREIGN_KEY_CODES = new Set(['23503', 'SQLITE_CONSTRAINT_FOREIGNKEY']);

/**
 * A write that points at a row which is not there (any more), on either engine: typically a record
 * deleted by another request between a service's lookup and its insert.
 */
export function isForeignKeyViolation(error: unknown): boolean {
  return typeof error === 'object' && error !== null && 'code' in error && FOREIGN_KEY_CODES.has(String(error.code));
}
