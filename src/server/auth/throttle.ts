import type { Kysely } from 'kysely';
import type { Database } from '../db/schema';
import { AppError } from '../errors';

/**
 * Failed-login counters live in the database, so every app process behind a load balancer sees the
 * same counts. A key is an account (`email:`) or a client address (`ip:`).
 */
const WINDOW_MS = 15 * 60 * 1000;
const LIMITS = { email: 5, ip: 50 } as const;

type Kind = keyof typeof LIMITS;
const keyOf = (kind: Kind, value: string) => `${kind}:${value}`;

export async function assertNotThrottled(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const since = new Date(Date.now() - WINDOW_MS).toISOString();
  const rows = await db
    .selectFrom('login_failures')
    .select(['key', 'failures', 'window_started_at'])
    .where('key', 'in', [keyOf('email', email), keyOf('ip', ip)])
    .where('window_started_at', '>', since)
    .execute();
  const blocked = rows.find((row) => row.failures >= LIMITS[row.key.startsWith('email:') ? 'email' : 'ip']);
  if (blocked) {
    const retryMs = new Date(blocked.window_started_at).getTime() + WINDOW_MS - Date.now();
    const minutes = Math.max(1, Math.ceil(retryMs / 60_000));
    throw new AppError(
      'RATE_LIMITED',
      `Too many failed login attempts. Please wait ${minutes} minute${minutes === 1 ? '' : 's'} and try again.`,
    );
  }
}

export async function recordLoginFailure(db: Kysely<Database>, email: string, ip: string): Promise<void> {
  const now = new Date();
  const windowExpired = new Date(now.getTime() - WINDOW_MS).toISOString();
  await db.transaction().execute(async (trx) => {
    for (const key of [keyOf('email', email), keyOf('ip', ip)]) {
      await trx
        .insertInto('login_failures')
        .values({ key, failures: 1, window_started_at: now.toISOString() })
        .onConflict((oc) =>
          oc.column('key').doUpdateSet((eb) => ({
            failures: eb
              .case()
              .when('login_failures.window_started_at', '<=', windowExpired)
              .then(1)
              .else(eb('login_failures.failures', '+', 1))
              .end(),
            window_started_at: eb
              .case()
              .when('login_failures.window_started_at', '<=', windowExpired)
              .then(now.toISOString())
              .else(eb.ref('login_failures.window_started_at'))
              .end(),
          })),
        )
        .execute();
    }
  });
}

export const clearLoginFailures = (db: Kysely<Database>, email: string) =>
  db.deleteFrom('login_failures').where('key', '=', keyOf('email', email)).execute();
