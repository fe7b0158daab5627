import { createHash, randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { nowIso } from '#server/db/ids';
import type { Database, GoogleSignInRow, UserRow } from '#server/db/schema';
import type { SignInChecks } from './oidc';

/** Long enough to pick an account and consent, short enough that a forgotten popup is useless. */
export const PENDING_SIGN_IN_SECONDS = 10 * 60;

export interface PendingSignIn extends SignInChecks {
  mode: 'login' | 'register';
  popup: boolean;
}

const hashOf = (flowSecret: string) => createHash('sha256').update(flowSecret).digest('hex');

/** Stores a sign-in under way and answers the secret the browser keeps in its flow cookie. */
export async function savePendingSignIn(db: Kysely<Database>, signIn: PendingSignIn): Promise<string> {
  const flowSecret = randomBytes(32).toString('base64url');
  await db.deleteFrom('google_sign_ins').where('expires_at', '<=', nowIso()).execute();
  await db
    .insertInto('google_sign_ins')
    .values({
      id: hashOf(flowSecret),
      state: signIn.state,
      nonce: signIn.nonce,
      code_verifier: signIn.codeVerifier,
      mode: signIn.mode,
      is_popup: signIn.popup,
      expires_at: new Date(Date.now() + PENDING_SIGN_IN_SECONDS * 1000).toISOString(),
    })
    .execute();
  return flowSecret;
}

/** Removes and answers the sign-in the flow cookie names: each one can be finished once. */
export async function takePendingSignIn(
  db: Kysely<Database>,
  flowSecret: string | undefined,
): Promise<PendingSignIn | undefined> {
  if (!flowSecret) return undefined;
  const row = await db
    .deleteFrom('google_sign_ins')
    .where('id', '=', hashOf(flowSecret))
    .returningAll()
    .executeTakeFirst();
  if (!row || row.expires_at <= nowIso()) return undefined;
  return toPendingSignIn(row);
}

const toPendingSignIn = (row: GoogleSignInRow): PendingSignIn => ({
  state: row.state,
  nonce: row.nonce,
  codeVerifier: row.code_verifier,
  mode: row.mode,
  popup: row.is_popup,
});

export const findUserByGoogleSub = (db: Kysely<Database>, sub: string) =>
  db.selectFrom('users').selectAll().where('google_sub', '=', sub).executeTakeFirst();

/**
 * Links a Google account to an existing user; a user who never chose a role becomes a buyer.
 * Signing up with a password proves nothing about the address, so when it was never proven, the
 * password and sessions are dropped: otherwise whoever registered someone else's email first would
 * keep a way into the account its real owner now uses.
 */
export async function linkGoogleAccount(db: Kysely<Database>, user: UserRow, sub: string): Promise<void> {
  const unproven = !user.is_email_verified;
  await db
    .updateTable('users')
    .set({ google_sub: sub, is_email_verified: true, ...(unproven ? { password_hash: null } : {}) })
    .where('id', '=', user.id)
    .execute();
  await db.updateTable('users').set({ role: 'buyer' }).where('id', '=', user.id).where('role', 'is', null).execute();
  if (unproven) await db.deleteFrom('sessions').where('user_id', '=', user.id).execute();
}
