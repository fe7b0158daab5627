import type { Kysely } from 'kysely';
import { newId, nowIso } from '../db/ids';
import type { Database } from '../db/schema';
import { SESSION_DAYS } from './tokens';
import { changedRows } from '../db/changes';

export function createSession(db: Kysely<Database>, userId: string, tokenHash: string) {
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * 24 * 60 * 60 * 1000);
  const id = newId();
  return db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
    })
    .execute()
    .then(() => id);
}

const sessionUser = (db: Kysely<Database>) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select('sessions.id as session_id')
    .where('sessions.expires_at', '>', nowIso());

export const findSessionByTokenHash = (db: Kysely<Database>, tokenHash: string) =>
  sessionUser(db).where('sessions.token_hash', '=', tokenHash).executeTakeFirst();

export const findSessionById = (db: Kysely<Database>, sessionId: string, userId: string) =>
  sessionUser(db).where('sessions.id', '=', sessionId).where('sessions.user_id', '=', userId).executeTakeFirst();

export const deleteSession = (db: Kysely<Database>, sessionId: string) =>
  db.deleteFrom('sessions').where('id', '=', sessionId).execute();

export const deleteExpiredSessions = (db: Kysely<Database>) =>
  db.deleteFrom('sessions').where('expires_at', '<=', nowIso()).execute();

/** Ends every session of the account, or every one but `exceptSessionId`; answers how many ended. */
export async function deleteUserSessions(
  db: Kysely<Database>,
  userId: string,
  exceptSessionId?: string,
): Promise<number> {
  let query = db.deleteFrom('sessions').where('user_id', '=', userId);
  if (exceptSessionId) query = query.where('id', '!=', exceptSessionId);
  return changedRows(query);
}

export const setPasswordHash = (db: Kysely<Database>, userId: string, passwordHash: string) =>
  db.updateTable('users').set({ password_hash: passwordHash }).where('id', '=', userId).execute();

/** Which of the account's `sessionIds` still work (as a request with them would find them). */
export async function liveSessionIds(db: Kysely<Database>, userId: string, sessionIds: string[]): Promise<Set<string>> {
  if (sessionIds.length === 0) return new Set();
  const rows = await sessionUser(db)
    .clearSelect()
    .select('sessions.id')
    .where('sessions.user_id', '=', userId)
    .where('sessions.id', 'in', sessionIds)
    .execute();
  return new Set(rows.map((row) => row.id));
}
