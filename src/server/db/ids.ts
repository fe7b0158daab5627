import { randomBytes } from 'node:crypto';

/**
 * Record ids are 24 lowercase hex characters: 4 bytes of seconds, then 8 random bytes, so ids
 * made later sort later (handy as a tie-breaker) and cannot be guessed.
 */
export function newId(now = Date.now()): string {
  const seconds = Math.floor(now / 1000)
    .toString(16)
    .padStart(8, '0');
  return seconds + randomBytes(8).toString('hex');
}

const ID_PATTERN = /^[0-9a-f]{24}$/;

function isId(value: unknown): value is string {
  return typeof value === 'string' && ID_PATTERN.test(value);
}

/**
 * A lookup or deletion by id that answers `none` ("not found") for a string that cannot be an id,
 * without asking the database: callers pass what a request named and need no check of their own.
 */
export function byId<Db, Rest extends unknown[], T>(
  lookup: (db: Db, id: string, ...rest: Rest) => Promise<T>,
  none: T,
): (db: Db, id: string, ...rest: Rest) => Promise<T> {
  return (db, id, ...rest) => (isId(id) ? lookup(db, id, ...rest) : Promise.resolve(none));
}

export const nowIso = () => new Date().toISOString();
