import type { Kysely } from 'kysely';
import { checkPassword, hashPassword } from '../auth/passwords';
import { findUserByEmail, insertUser } from '../users/repository';
import type { ImageStore } from '../uploads/store';
import type { Engine } from './connection';
import { migrate } from './migrate';
import type { Database } from './schema';
import { ensureCategories } from './seed/categories';

/** Brings any database, new or old, to the current schema with its base data. */
export async function prepareDatabase(db: Kysely<Database>, engine: Engine, images: ImageStore): Promise<void> {
  await migrate(db, engine);
  await ensureCategories(db, images);
}

/**
 * ADMIN_EMAIL and ADMIN_PASSWORD make sure this admin exists; no request can create an admin. An
 * account promoted here may have been opened by anyone who typed that address, so it keeps no
 * session and no Google link from before: only ADMIN_PASSWORD opens it.
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
  await db.transaction().execute(async (trx) => {
    if (!samePassword)
      await trx
        .updateTable('users')
        .set({ password_hash: await hashPassword(password) })
        .where('id', '=', existing.id)
        .execute();
    if (promoted) {
      await trx.updateTable('users').set({ role: 'admin', google_sub: null }).where('id', '=', existing.id).execute();
      await trx.deleteFrom('sessions').where('user_id', '=', existing.id).execute();
    }
  });
  return 'updated';
}
