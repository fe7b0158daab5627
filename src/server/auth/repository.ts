import type { Kysely } from 'kysely';
import { compiledOnce } from '#server/db/compiled';
import { byId, newId, nowIso } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { SESSION_DAYS, SESSION_IDLE_DAYS } from './tokens';
import { changedRows } from '#server/db/changes';

const DAY_MS = 24 * 60 * 60 * 1000;

/** The device a session is opened on: its browser's User-Agent and its network (see networkOf). */
export interface SessionDevice {
  userAgent: string;
  ipRange: string;
}

export function createSession(
  db: Kysely<Database>,
  userId: string,
  tokenHash: string,
  device: SessionDevice = { userAgent: '', ipRange: '' },
) {
  const now = new Date();
  const expires = new Date(now.getTime() + SESSION_DAYS * DAY_MS);
  const id = newId();
  return db
    .insertInto('sessions')
    .values({
      id,
      user_id: userId,
      token_hash: tokenHash,
      created_at: now.toISOString(),
      expires_at: expires.toISOString(),
      last_used_at: now.toISOString(),
      user_agent: device.userAgent,
      ip_range: device.ipRange,
    })
    .execute()
    .then(() => id);
}

/** Sessions used more recently than this still count; older ones ended, though their rows may linger. */
const idleSince = (now = new Date()) => new Date(now.getTime() - SESSION_IDLE_DAYS * DAY_MS).toISOString();

const sessionUser = (db: Kysely<Database>, now = nowIso(), idle = idleSince()) =>
  db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.user_id')
    .selectAll('users')
    .select([
      'sessions.id as session_id',
      'sessions.last_used_at as session_used_at',
      'sessions.ip_range as session_ip_range',
    ])
    .where('users.is_suspended', '=', false)
    .where('sessions.expires_at', '>', now)
    .where('sessions.last_used_at', '>', idle);

// Every signed-in request reads its session by one of these two: each is compiled once (db/compiled.ts).
const sessionByTokenHash = compiledOnce((db, v: { tokenHash: string; now: string; idle: string }) =>
  sessionUser(db, v.now, v.idle).where('sessions.token_hash', '=', v.tokenHash),
);

const sessionById = compiledOnce((db, v: { sessionId: string; userId: string; now: string; idle: string }) =>
  sessionUser(db, v.now, v.idle).where('sessions.id', '=', v.sessionId).where('sessions.user_id', '=', v.userId),
);

export const findSessionByTokenHash = async (db: Kysely<Database>, tokenHash: string) =>
  (await sessionByTokenHash(db, { tokenHash, now: nowIso(), idle: idleSince() }))[0];

export const findSessionById = async (db: Kysely<Database>, sessionId: string, userId: string) =>
  (await sessionById(db, { sessionId, userId, now: nowIso(), idle: idleSince() }))[0];

export const deleteSession = (db: Kysely<Database>, sessionId: string) =>
  db.deleteFrom('sessions').where('id', '=', sessionId).execute();

/** Sessions past their lifetime or unused for SESSION_IDLE_DAYS; housekeeping drops them. */
export const deleteExpiredSessions = (db: Kysely<Database>, now = new Date()) =>
  db
    .deleteFrom('sessions')
    .where((eb) => eb.or([eb('expires_at', '<=', now.toISOString()), eb('last_used_at', '<=', idleSince(now))]))
    .execute();

/** The session was used now, from `ipRange`. */
export const touchSession = (db: Kysely<Database>, sessionId: string, ipRange: string, now = new Date()) =>
  db
    .updateTable('sessions')
    .set({ last_used_at: now.toISOString(), ip_range: ipRange })
    .where('id', '=', sessionId)
    .execute();

/** The account's sessions still in force, the most recently used first, at most `limit`, and how many there are. */
export async function listUserSessions(db: Kysely<Database>, userId: string, limit: number) {
  const live = db
    .selectFrom('sessions')
    .where('user_id', '=', userId)
    .where('expires_at', '>', nowIso())
    .where('last_used_at', '>', idleSince());
  const [rows, count] = await Promise.all([
    live
      .select(['id', 'user_agent', 'ip_range', 'last_used_at', 'created_at'])
      .orderBy('last_used_at', 'desc')
      .orderBy('id', 'desc')
      .limit(limit)
      .execute(),
    live.select((eb) => eb.fn.countAll<number>().as('total')).executeTakeFirstOrThrow(),
  ]);
  return { rows, total: Number(count.total) };
}

/** Ends one session of the account; answers how many ended (0: none of that id is theirs). */
export const deleteUserSession = byId(
  (db: Kysely<Database>, sessionId: string, userId: string) =>
    changedRows(db.deleteFrom('sessions').where('id', '=', sessionId).where('user_id', '=', userId)),
  0,
);

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

/**
 * The same password's hash made again at today's cost, only while the account still has `oldHash`:
 * a password changed meanwhile stays changed. Whether it was stored.
 */
export async function replacePasswordHash(
  db: Kysely<Database>,
  userId: string,
  oldHash: string,
  newHash: string,
): Promise<boolean> {
  const result = await db
    .updateTable('users')
    .set({ password_hash: newHash })
    .where('id', '=', userId)
    .where('password_hash', '=', oldHash)
    .executeTakeFirst();
  return result.numUpdatedRows > 0n;
}

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
