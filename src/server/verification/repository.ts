import type { Kysely } from 'kysely';
import type { PageQuery } from '#shared/common';
import type { VerificationRequest } from '#shared/users';
import { nowIso } from '#server/db/ids';
import type { Database } from '#server/db/schema';
import { readPage } from '#server/db/paging';
import { changedRows } from '#server/db/changes';
import { insertNew } from '#server/db/keys';

export const findRequestOfUser = (db: Kysely<Database>, userId: string) =>
  db
    .selectFrom('verification_requests')
    .select(['id', 'requested_at'])
    .where('user_id', '=', userId)
    .executeTakeFirst();

export const insertRequest = (db: Kysely<Database>, userId: string): Promise<string> =>
  insertNew(db, 'verification_requests', { user_id: userId, requested_at: nowIso() });

/**
 * Requests of sellers who are still unverified; a request outlived by its verification is not pending.
 * Written as a cross join so SQLite walks the requests in their index order and looks each seller
 * up, instead of collecting every unverified seller and sorting (PostgreSQL plans it the same either way).
 */
const pending = (db: Kysely<Database>) =>
  db
    .selectFrom('verification_requests as r')
    .crossJoin('users as u')
    .whereRef('u.id', '=', 'r.user_id')
    .where('u.role', '=', 'seller')
    .where('u.is_verified', '=', false);

/** One page of pending requests, oldest first: the admin works through them in the order they came. */
export async function listPendingRequests(db: Kysely<Database>, page: PageQuery) {
  const { rows, total } = await readPage(
    pending(db)
      .select(['r.id', 'r.user_id', 'r.requested_at', 'u.name', 'u.email', 'u.photo_url'])
      .orderBy('r.requested_at', 'asc')
      .orderBy('r.id', 'asc'),
    pending(db),
    page,
  );
  const items = rows.map((row): VerificationRequest => ({
    _id: row.id,
    userId: row.user_id,
    name: row.name,
    email: row.email,
    photoURL: row.photo_url,
    requestedAt: row.requested_at,
  }));
  return { items, total };
}

export async function deleteRequestOfEmail(db: Kysely<Database>, email: string): Promise<number> {
  const owner = db.selectFrom('users').select('id').where('email', '=', email.toLowerCase());
  return changedRows(db.deleteFrom('verification_requests').where('user_id', 'in', owner));
}
