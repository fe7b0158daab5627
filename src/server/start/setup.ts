import type { Kysely } from 'kysely';
import { setPasswordAndEndSessions } from '#server/auth/password-change';
import { checkPassword, hashPassword } from '#server/auth/passwords';
import { deleteUserSessions } from '#server/auth/repository';
import { findUserByEmail, insertUser } from '#server/users/repository';
import type { ImageStore } from '#server/uploads/store';
import type { Engine } from '#server/db/connection';
import { migrate } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { ensureCategories } from './seed/categories';

/** Brings any database, new or old, to the current schema with its base data. */
export async function prepareDatabase(db: Kysely<Database>, engine: Engine, images: ImageStore): Promise<void> {
  await migrate(db, engine);
  await ensureCategories(db, images);
}

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD make sure this admin exists; no request can create an admin. An
 * account promoted here may have been opened by anyone who typed that address, so it keeps no
 * session and no Google link from before: only ADMIN_PASSWORD opens it. A changed ADMIN_PASSWORD ends
 * every session of the admin too.
 */
export async function ensureAdmin(
  db: Kysely<Database>,
  email: string,
  password: string,
): Promise<'created' | 'updated' | 'unchanged'> {
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    await insertUser(db, {
      email,
      passwordHash: await hashPassword(password),
      name: 'Admin',
      role: 'admin',
      emailVerified: true,
    });
    return 'created';
  }
  const promoted = existing.role !== 'admin';
  const samePassword = await checkPassword(existing.password_hash, password);
  if (!promoted && samePassword) return 'unchanged';
  // A new ADMIN_PASSWORD is a rotation: whoever held the old one, or a session opened with it, is out.
  if (!samePassword) await setPasswordAndEndSessions(db, existing.id, password);
  if (promoted) {
    await db.transaction().execute(async (trx) => {
      await trx.updateTable('users').set({ role: 'admin', google_sub: null }).where('id', '=', existing.id).execute();
      await deleteUserSessions(trx, existing.id);
    });
  }
  return 'updated';
}
