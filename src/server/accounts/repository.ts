import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import type { AccountTokenPurpose, Database } from '#server/db/schema';
import { changedRows } from '#server/db/changes';
import { rowByKey } from '#server/db/keys';

/** A mailed link's random token and the hash the database keeps (a leaked table opens nothing). */
export function newLinkToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashLinkToken(token) };
}

export const hashLinkToken = (token: string) => createHash('sha256').update(token).digest('hex');

export async function insertLinkToken(
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
  hash: string,
  lifetimeMs: number,
  now = new Date(),
): Promise<void> {
  await db
    .insertInto('account_tokens')
    .values({
      token_hash: hash,
      user_id: userId,
      purpose,
      created_at: now.toISOString(),
      expires_at: new Date(now.getTime() + lifetimeMs).toISOString(),
      used_at: null,
    })
    .execute();
}

export const findLinkToken = (db: Kysely<Database>, hash: string, purpose: AccountTokenPurpose) =>
  rowByKey(db, 'account_tokens', { token_hash: hash, purpose });

/**
 * Uses the token: one conditional update, so of two uses at once only one gets the account.
 * Answers the account's id, or undefined when the token is unknown, used or expired.
 */
export async function consumeLinkToken(
  db: Kysely<Database>,
  hash: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
): Promise<string | undefined> {
  const row = await db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('token_hash', '=', hash)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .where('expires_at', '>', now.toISOString())
    .returning('user_id')
    .executeTakeFirst();
  return row?.user_id;
}

/** Every other unused link of the account for `purpose` stops working (one was just used). */
export const retireLinkTokens = (
  db: Kysely<Database>,
  userId: string,
  purpose: AccountTokenPurpose,
  now = new Date(),
) =>
  db
    .updateTable('account_tokens')
    .set({ used_at: now.toISOString() })
    .where('user_id', '=', userId)
    .where('purpose', '=', purpose)
    .where('used_at', 'is', null)
    .execute();

/** Links used or expired more than a day ago tell nobody anything any more; housekeeping drops them. */
export async function deleteOldLinkTokens(db: Kysely<Database>, now = new Date()): Promise<number> {
  const dayAgo = new Date(now.getTime() - 24 * 60 * 60 * 1000).toISOString();
  return changedRows(
    db.deleteFrom('account_tokens').where((eb) => eb.or([eb('expires_at', '<', dayAgo), eb('used_at', '<', dayAgo)])),
  );
}

export const setEmailVerified = (db: Kysely<Database>, userId: string) =>
  db.updateTable('users').set({ is_email_verified: true }).where('id', '=', userId).execute();
