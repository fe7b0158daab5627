import type { Kysely, Transaction } from 'kysely';
import type { Database } from '#server/db/schema';
import type { AppError } from '#server/errors';
import { refusal } from '#server/i18n/texts';
import { loginAddressOf } from './address';
import { changedRows } from '#server/db/changes';

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

const keysOf = (email: string, ip: string): Record<Kind, string> => {
  const address = loginAddressOf(ip);
  return { pair: `pair:${address} ${email}`, email: `email:${email}`, ip: `ip:${address}` };
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
  // A refusal rolls its own counting back, so being refused never lengthens the wait.
  await db.transaction().execute(async (trx) => {
    for (const kind of Object.keys(keys) as Kind[]) {
      const counter = await bump(trx, keys[kind], now);
      if (kinds.includes(kind) && counter.failures > LIMITS[kind]) throw tooManyAttempts(counter.window_started_at);
    }
  });
}

/** The password was right: the attempt was not a guess, and the account's failures are forgiven. */
export async function forgiveLoginAttempt(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const keys = keysOf(email, ip);
  await db.transaction().execute(async (trx) => {
    await trx.deleteFrom('login_failures').where('key', 'in', [keys.pair, keys.email]).execute();
    await trx
      .updateTable('login_failures')
      .set((eb) => ({ failures: eb('failures', '-', 1) }))
      .where('key', '=', keys.ip)
      .where('failures', '>', 0)
      .execute();
  });
}

/**
 * Counts one use of an action that mails someone (a verification link again, a password reset)
 * under `key`, in the same table and window as the login counters; past `limit` uses in the
 * window it is refused with a 429 saying how long to wait.
 */
export async function countMailedAction(
  db: Kysely<Database>,
  key: string,
  limit: number,
  what: Counted,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const counter = await bump(trx, key, new Date());
    if (counter.failures > limit) throw tooMany(counter.window_started_at, what);
  });
}

/** Counters whose window has passed hold nothing; housekeeping drops them. */
export async function deleteStaleLoginCounters(db: Kysely<Database>, now = new Date()): Promise<number> {
  const windowExpired = new Date(now.getTime() - WINDOW_MS).toISOString();
  return changedRows(db.deleteFrom('login_failures').where('window_started_at', '<=', windowExpired));
}

/** Adds one to a counter, starting a new window when the old one has passed; answers the new count. */
function bump(trx: Transaction<Database>, key: string, now: Date) {
  const windowExpired = new Date(now.getTime() - WINDOW_MS).toISOString();
  return trx
    .insertInto('login_failures')
    .values({ key, failures: 1, window_started_at: now.toISOString() })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const expired = eb('login_failures.window_started_at', '<=', windowExpired);
        return {
          failures: eb
            .case()
            .when(expired)
            .then(1)
            .else(eb('login_failures.failures', '+', 1))
            .end(),
          window_started_at: eb
            .case()
            .when(expired)
            .then(now.toISOString())
            .else(eb.ref('login_failures.window_started_at'))
            .end(),
        };
      }),
    )
    .returning(['failures', 'window_started_at'])
    .executeTakeFirstOrThrow();
}

/** What a counter counts, as its refusal names it. */
export type Counted = 'logins' | 'verifyMails' | 'resetRequests';

function tooMany(windowStartedAt: string, what: Counted): AppError {
  const retryMs = new Date(windowStartedAt).getTime() + WINDOW_MS - Date.now();
  const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
  return refusal('RATE_LIMITED', 'server.auth.error.tooMany', { what, minutes });
}

const tooManyAttempts = (windowStartedAt: string) => tooMany(windowStartedAt, 'logins');
