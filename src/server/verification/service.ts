import type { Kysely } from 'kysely';
import type { OwnVerification } from '#shared/users';
import type { Database, UserRow } from '#server/db/schema';
import { assertEmailVerified } from '#server/accounts/service';
import { AppError } from '#server/errors';
import { insertOnce } from '#server/db/errors';
import { findRequestOfUser, insertRequest } from './repository';

const alreadyRequested = () =>
  new AppError('ALREADY_EXISTS', 'You have already applied for verification. Please wait until an admin checks it.');

/** Files the seller's request to be verified; one request per seller, none once verified. */
export async function applyForVerification(db: Kysely<Database>, seller: UserRow): Promise<string> {
  if (seller.is_verified) throw new AppError('CONFLICT', 'You are a verified seller already');
  assertEmailVerified(seller);
  return insertOnce({
    find: () => findRequestOfUser(db, seller.id),
    found: () => {
      throw alreadyRequested();
    },
    insert: () => insertRequest(db, seller.id),
  });
}

/** Lets the seller's screen tell "apply", "waiting for an admin" and "verified" apart after a reload. */
export async function verificationOf(db: Kysely<Database>, seller: UserRow): Promise<OwnVerification> {
  const request = seller.is_verified ? undefined : await findRequestOfUser(db, seller.id);
  return { verified: seller.is_verified, requestedAt: request?.requested_at ?? null };
}
