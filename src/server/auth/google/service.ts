import type { Kysely } from 'kysely';
import type { IDToken } from 'openid-client';
import { z } from 'zod';
import { insertOnce } from '#server/db/errors';
import type { Database, UserRow } from '#server/db/schema';
import { findUserByEmail, findUserById, insertUser } from '#server/users/repository';
import { GoogleSignInRefusal } from './refusals';
import { findUserByGoogleSub, linkGoogleAccount } from './repository';

/** The claims this app reads from a verified ID token; anything else about them is ignored. */
const identityClaimsSchema = z.object({
  sub: z.string().min(1),
  email: z.string().email().optional(),
  // Only a literal `true` counts: anything else is treated as an unverified address.
  email_verified: z.unknown().transform((value) => value === true),
  name: z.string().optional().catch(undefined),
  // As long as a photo link may be anywhere (and users.photo_url is indexed): a longer one is dropped.
  picture: z.string().url().max(2048).optional().catch(undefined),
});

interface GoogleIdentity {
  sub: string;
  email: string;
  emailVerified: boolean;
  name: string;
  picture: string;
}

export function identityFrom(claims: IDToken): GoogleIdentity {
  const parsed = identityClaimsSchema.safeParse(claims);
  if (!parsed.success || !parsed.data.email) throw new GoogleSignInRefusal('noEmail');
  const { sub, email, email_verified, name, picture } = parsed.data;
  return { sub, email, emailVerified: email_verified, name: name ?? '', picture: picture ?? '' };
}

/**
 * The account a Google identity signs in to. A first sign-in opens a buyer account (the spec:
 * "Google login and Google register create a buyer by default"). An existing account with the
 * same email is taken over only when Google vouches for the address; otherwise anyone could
 * register that email at a careless provider and walk into someone else's account.
 */
export async function accountForGoogle(db: Kysely<Database>, identity: GoogleIdentity): Promise<UserRow> {
  // Two first sign-ins racing: the unique indexes decide, and the loser signs in to the winner's account.
  return insertOnce({
    find: () => findUserByGoogleSub(db, identity.sub),
    found: (known) => known,
    insert: () => db.transaction().execute((trx) => createOrLinkAccount(trx, identity)),
  });
}

async function createOrLinkAccount(db: Kysely<Database>, identity: GoogleIdentity): Promise<UserRow> {
  const sameEmail = await findUserByEmail(db, identity.email);
  if (!sameEmail) {
    // An address nobody vouches for would keep its real owner from ever signing up with it.
    if (!identity.emailVerified) throw new GoogleSignInRefusal('noEmail');
    return insertUser(db, {
      email: identity.email,
      name: identity.name,
      photoUrl: identity.picture,
      role: 'buyer',
      emailVerified: true,
      googleSub: identity.sub,
    });
  }

  if (!identity.emailVerified || sameEmail.google_sub !== null) throw new GoogleSignInRefusal('accountExists');
  await linkGoogleAccount(db, sameEmail, identity.sub);
  const linked = await findUserById(db, sameEmail.id);
  if (!linked) throw new Error(`user ${sameEmail.id} vanished while linking Google`);
  return linked;
}
