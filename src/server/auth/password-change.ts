import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import { hashPassword } from './passwords';
import { retireLinkTokens } from '#server/accounts/repository';
import { deleteUserSessions, setPasswordHash } from './repository';

/**
 * The one way an account's password changes (ADMIN_PASSWORD at start, and a person changing or
 * resetting their own): the new hash, the end of every session of the account (browsers and access
 * tokens alike) and of every reset link still unused, in one transaction. Whoever learnt the old
 * password, holds a session opened with it, or a reset link from before, is out at once (browsers'
 * known-device tokens name the old hash, so they end too); the caller opens a fresh session when
 * someone should stay in.
 */
export async function setPasswordAndEndSessions(
  db: Kysely<Database>,
  userId: string,
  password: string,
  /** The session of the person changing their own password, which stays open (every other one ends). */
  keepSessionId?: string,
): Promise<void> {
  const hash = await hashPassword(password);
  await db.transaction().execute((trx) => setHashAndEndSessions(trx, userId, hash, keepSessionId));
}

/**
 * The same inside a caller's transaction, with the password hashed before it began: argon2 takes a
 * while, and a transaction holds the database's write lock (on SQLite every other process waits).
 */
export async function setHashAndEndSessions(
  trx: Transaction<Database>,
  userId: string,
  hash: string,
  keepSessionId?: string,
): Promise<void> {
  await setPasswordHash(trx, userId, hash);
  await deleteUserSessions(trx, userId, keepSessionId);
  await retireLinkTokens(trx, userId, 'reset_password');
}
