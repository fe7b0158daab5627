import type { Kysely } from 'kysely';
import type { OwnVerification } from '#shared/users';
import type { Database, UserRow } from '#server/db/schema';
import { assertEmailVerified } from '#server/accounts/service';
import { refusal } from '#server/i18n/texts';
import { insertOnce } from '#server/db/errors';
import { findRequestOfUser, insertRequest } from './repository';

const alreadyRequested = () => refusal('ALREADY_EXISTS', 'server.verification.error.appliedAlready');

/** Files the seller's request to be verified; one request per seller, none once verified. */
export async function applyForVerification(db: Kysely<Database>, seller: UserRow): Promise<string> {
  if (seller.is_verified) throw refusal('CONFLICT', 'server.verification.error.verifiedAlready');
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
