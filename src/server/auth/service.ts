import type { Kysely } from 'kysely';
import type { LoginRequest, SignupRequest } from '#shared/auth';
import type { Database, UserRow } from '#server/db/schema';
import { refusal } from '#server/i18n/texts';
import { insertOnce } from '#server/db/errors';
import { findUserByEmail, insertUser } from '#server/users/repository';
import { sendVerificationMail } from '#server/accounts/service';
import { assertAcceptablePassword } from './password-policy';
import { belowCost, checkPassword, hashPassword } from './passwords';
import { replacePasswordHash } from './repository';
import { countLoginAttempt, forgiveLoginAttempt } from './throttle';

export async function signUp(db: Kysely<Database>, { email, password }: SignupRequest): Promise<UserRow> {
  return insertOnce({
    find: () => findUserByEmail(db, email),
    found: () => {
      throw refusal('ALREADY_EXISTS', 'server.auth.error.emailTaken');
    },
    insert: async () => {
      assertAcceptablePassword(password);
      const passwordHash = await hashPassword(password);
      // The account and its verification mail exist together or not at all.
      return db.transaction().execute(async (trx) => {
        const user = await insertUser(trx, { email, passwordHash });
        await sendVerificationMail(trx, user);
        return user;
      });
    },
  });
}

/** `isKnownDevice`: whether the browser holds a known-device token for this account (see throttle.ts). */
export async function logIn(
  db: Kysely<Database>,
  { email, password }: LoginRequest,
  ip: string,
  isKnownDevice: (user: UserRow) => Promise<boolean>,
): Promise<UserRow> {
  const normalized = email.toLowerCase();
  const user = await findUserByEmail(db, normalized);
  await countLoginAttempt(db, normalized, ip, user ? await isKnownDevice(user) : false);
  if (!(await checkPassword(user?.password_hash ?? null, password)) || !user) {
    throw refusal('INVALID_CREDENTIALS', 'server.auth.error.wrongCredentials');
  }
  await forgiveLoginAttempt(db, normalized, ip);
  return upgradeWeakHash(db, user, password);
}

/**
 * A hash below today's cost is made again from the password just checked, so accounts hashed
 * cheaply (a server run with PASSWORD_HASH_COST=test) get the current cost at their next login. Only
 * after a right password, which the caller knows anyway, so a wrong one takes the time it took.
 * Best effort: the login stands if this fails, and the next one tries again. The account comes back
 * with the hash it now has, which the browser's known-device token names.
 */
async function upgradeWeakHash(db: Kysely<Database>, user: UserRow, password: string): Promise<UserRow> {
  const oldHash = user.password_hash;
  if (!oldHash || !belowCost(oldHash)) return user;
  try {
    const newHash = await hashPassword(password);
    return (await replacePasswordHash(db, user.id, oldHash, newHash)) ? { ...user, password_hash: newHash } : user;
  } catch {
    return user;
  }
}
