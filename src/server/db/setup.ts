import type { Kysely } from 'kysely';
import { hashPassword } from '../auth/passwords';
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

/** ADMIN_EMAIL and ADMIN_PASSWORD make sure this admin exists; no request can create an admin. */
export async function ensureAdmin(db: Kysely<Database>, email: string, password: string): Promise<'created' | 'updated'> {
  const passwordHash = await hashPassword(password);
  const existing = await findUserByEmail(db, email);
  if (!existing) {
    await insertUser(db, { email, passwordHash, name: 'Admin', role: 'admin', emailVerified: true });
    return 'created';
  }
  await db.updateTable('users').set({ role: 'admin', password_hash: passwordHash }).where('id', '=', existing.id).execute();
  return 'updated';
}
