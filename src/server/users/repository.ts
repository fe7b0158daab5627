import type { Kysely } from 'kysely';
import type { PageQuery } from '#shared/common';
import type { User } from '#shared/users';
import { newId, nowIso } from '#server/db/ids';
import type { Database, UserRow } from '#server/db/schema';
import { newestFirstPage } from '#server/db/paging';
import { named, tags } from '#server/cache/tags';

const toUser = (row: UserRow): User => ({
  _id: row.id,
  name: row.name,
  email: row.email,
  photoURL: row.photo_url,
  role: row.role,
  verified: row.is_verified,
});

export const findUserByEmail = (db: Kysely<Database>, email: string) =>
  db.selectFrom('users').selectAll().where('email', '=', email.toLowerCase()).executeTakeFirst();

export const findUserById = (db: Kysely<Database>, id: string) =>
  db.selectFrom('users').selectAll().where('id', '=', id).executeTakeFirst();

interface NewAccount {
  email: string;
  passwordHash?: string | null;
  name?: string;
  photoUrl?: string;
  role?: UserRow['role'];
  verified?: boolean;
  emailVerified?: boolean;
  googleSub?: string | null;
  /** The language chosen before signing up (the `lang` cookie), which their mail is then written in. */
  locale?: UserRow['locale'];
  latinDigits?: boolean;
}

export async function insertUser(db: Kysely<Database>, account: NewAccount): Promise<UserRow> {
  const row: UserRow = {
    id: newId(),
    email: account.email.toLowerCase(),
    password_hash: account.passwordHash ?? null,
    name: account.name ?? '',
    photo_url: account.photoUrl ?? '',
    role: account.role ?? null,
    is_verified: account.verified ?? false,
    is_email_verified: account.emailVerified ?? false,
    google_sub: account.googleSub ?? null,
    phone_number: null,
    created_at: nowIso(),
    restricted_until: null,
    is_suspended: false,
    locale: account.locale ?? 'en',
    latin_digits: account.latinDigits ?? false,
  };
  await db.insertInto('users').values(row).execute();
  return row;
}

export async function updateProfile(db: Kysely<Database>, id: string, name: string, photoUrl: string) {
  await db.updateTable('users').set({ name, photo_url: photoUrl }).where('id', '=', id).execute();
  profileChanged(id);
}

/** The name and photo show on the seller's page, their listings and the reviews they wrote (cache/tags.ts). */
const profileChanged = (id: string) => named([tags.seller(id), tags.reviews]);

/**
 * The account's row, gone with what cascades from it: their seller page and its list of phones, and
 * the published reviews they wrote or were given, with the averages made from them (cache/tags.ts;
 * without such reviews no seller's page changes). Their listings and bookings are removed first, by
 * their own repositories, which name those.
 */
export async function deleteUserRow(db: Kysely<Database>, id: string): Promise<number> {
  const reviewed = await db
    .selectFrom('reviews')
    .select('id')
    .where((eb) => eb.or([eb('author_id', '=', id), eb('subject_id', '=', id)]))
    .where('published_at', 'is not', null)
    .limit(1)
    .executeTakeFirst();
  const result = await db.deleteFrom('users').where('id', '=', id).executeTakeFirst();
  const deleted = Number(result.numDeletedRows);
  if (deleted > 0) named([tags.seller(id), tags.sellerList(id), ...(reviewed ? [tags.reviews] : [])]);
  return deleted;
}

/** Stores the profile; the role is set only once, so a second call cannot switch roles. */
export const completeProfile = (
  db: Kysely<Database>,
  id: string,
  profile: { name: string; photoUrl: string; role: 'buyer' | 'seller' },
) =>
  db.transaction().execute(async (trx) => {
    await trx
      .updateTable('users')
      .set({ name: profile.name, photo_url: profile.photoUrl })
      .where('id', '=', id)
      .execute();
    await trx.updateTable('users').set({ role: profile.role }).where('id', '=', id).where('role', 'is', null).execute();
    profileChanged(id);
  });

/**
 * Makes the account a seller with the name and number it sells under; an admin's row is left alone.
 * One statement, so the role and the fields change together.
 */
export async function becomeSeller(db: Kysely<Database>, id: string, seller: { name: string; phoneNumber: string }) {
  const result = await db
    .updateTable('users')
    .set({ role: 'seller', name: seller.name, phone_number: seller.phoneNumber })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('role', 'is', null), eb('role', 'in', ['buyer', 'seller'])]))
    .execute();
  profileChanged(id);
  return result;
}

export async function listUsersByRole(db: Kysely<Database>, role: 'buyer' | 'seller', page: PageQuery) {
  const { rows, total } = await newestFirstPage(db.selectFrom('users').where('role', '=', role), page);
  return { items: rows.map(toUser), total };
}

export const setSellerVerified = (db: Kysely<Database>, email: string) =>
  db
    .updateTable('users')
    .set({ is_verified: true })
    .where('email', '=', email.toLowerCase())
    .where('role', '=', 'seller')
    .where('is_verified', '=', false)
    .executeTakeFirst();

/** The account's language and digits (PUT /api/language): what its mail and notifications are written in. */
export const saveLanguage = (db: Kysely<Database>, id: string, locale: UserRow['locale'], latinDigits: boolean) =>
  db.updateTable('users').set({ locale, latin_digits: latinDigits }).where('id', '=', id).execute();
