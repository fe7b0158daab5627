import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { AppError } from '#server/errors';
import { refusal } from '#server/i18n/texts';
import { loginAddressOf } from './address';
import { countUse, countUses, forgetUses, takeBackUse } from '#server/limits/counters';

/**
 * Login attempts are counted in the database, so every app process behind a load balancer sees the
 * same counts. An attempt counts before its password is checked (argon2 is slow, and a burst of
 * parallel guesses must not all slip past a check made before any of them was counted); a
 * successful one is taken back.
 *
 * Three counters: one account from one address (the tight limit: a guesser), one account from
 * anywhere (guessing spread over many addresses), and one address over any accounts. Someone who
 * types a stranger's email wrong five times locks out only themselves, not the owner.
 *
 * The two wide counters can be filled by others: strangers guessing at one account from many
 * addresses, or many people behind one shared address (mobile operators put thousands behind one).
 * A browser the account has logged in from before (it holds a known-device token for it) is not
 * held back by those two, only by its own five: the owner keeps getting in while the account is
 * under attack, and the attacker, who has no such token for the account, gets nothing from it.
 */
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { pair: 5, email: 50, ip: 50 } as const;

type Kind = keyof typeof LIMITS;

/** The counters live in the shared table of limits (src/server/limits/counters.ts), named apart from its other keys. */
const keysOf = (email: string, ip: string): Record<Kind, string> => {
  const address = loginAddressOf(ip);
  return { pair: `login-pair:${address} ${email}`, email: `login-email:${email}`, ip: `login-ip:${address}` };
};

/** Counts a login attempt, or refuses it with a 429 when a counter that applies to it is full. */
export async function countLoginAttempt(
  db: Kysely<Database>,
  email: string,
  ip: string,
  knownDevice: boolean,
): Promise<void> {
  const keys = keysOf(email, ip);
  const now = new Date();
  const kinds: Kind[] = knownDevice ? ['pair'] : ['pair', 'email', 'ip'];
  // A refusal rolls its own counting back, so being refused never lengthens the wait. The three
  // counters are one upsert (one round trip), each judged against its own limit.
  await db.transaction().execute(async (trx) => {
    const uses = new Map(Object.values(keys).map((key) => [key, 1]));
    const counted = await countUses(trx, uses, { max: Math.max(...Object.values(LIMITS)), windowMs: WINDOW_MS }, now);
    for (const kind of kinds) {
      const { used, retryAfterMs } = counted.get(keys[kind])!;
      if (used > LIMITS[kind]) throw tooMany(retryAfterMs, 'logins');
    }
  });
}

/**
 * The password was right: the attempt was not a guess, and the account's failures are forgiven. Two
 * statements without a transaction (each commits alone, which on PostgreSQL saves every sign-in
 * two round trips): each only ever lowers a count, so one lost to a crash between them leaves an
 * attempt counted, as a wrong password would have.
 */
export async function forgiveLoginAttempt(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const keys = keysOf(email, ip);
  await forgetUses(db, [keys.pair, keys.email]);
  await takeBackUse(db, keys.ip);
}

/**
 * Counts one use of an action that mails someone (a verification link again, a password reset)
 * under `key`, in the same window as the login counters; past `limit` uses in the window it is
 * refused with a 429 saying how long to wait.
 */
export async function countMailedAction(
  db: Kysely<Database>,
  key: string,
  limit: number,
  what: Counted,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const counted = await countUse(trx, key, { max: limit, windowMs: WINDOW_MS });
    if (!counted.allowed) throw tooMany(counted.retryAfterMs, what);
  });
}

/** What a counter counts, as its refusal names it. */
export type Counted = 'logins' | 'verifyMails' | 'resetRequests';

function tooMany(retryAfterMs: number, what: Counted): AppError {
  const minutes = Math.max(1, Math.ceil(retryAfterMs / 60_000));
  return refusal('RATE_LIMITED', 'server.auth.error.tooMany', { what, minutes });
}
