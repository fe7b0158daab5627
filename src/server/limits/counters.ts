import type { Kysely } from 'kysely';
import { changedRows } from '#server/db/changes';
import type { Database } from '#server/db/schema';

/** At most `max` uses per `windowMs`, counted from a key's first use in a window. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface Counted {
  allowed: boolean;
  /** When the window ends and the key may be used again (meaningful when not allowed). */
  retryAfterMs: number;
}

/**
 * Counts one use of `key` and answers whether it is within `rule`. One upsert adds the use or
 * starts a new window, so concurrent uses (any process, either engine) each see their own count
 * and no more than `max` are ever allowed in a window. Called in the transaction of what it limits:
 * a use that rolls back is not counted.
 */
export async function countUse(db: Kysely<Database>, key: string, rule: LimitRule, now = new Date()): Promise<Counted> {
  const nowIso = now.toISOString();
  const windowEnds = new Date(now.getTime() + rule.windowMs).toISOString();
  const row = await db
    .insertInto('limit_counters')
    .values({ key, used: 1, window_ends_at: windowEnds })
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('limit_counters.window_ends_at', '<=', nowIso);
        return {
          used: eb
            .case()
            .when(over)
            .then(1)
            .else(eb('limit_counters.used', '+', 1))
            .end(),
          window_ends_at: eb.case().when(over).then(windowEnds).else(eb.ref('limit_counters.window_ends_at')).end(),
        };
      }),
    )
    .returning(['used', 'window_ends_at'])
    .executeTakeFirstOrThrow();
  return { allowed: row.used <= rule.max, retryAfterMs: Math.max(0, Date.parse(row.window_ends_at) - now.getTime()) };
}

const KEYS_PER_READ = 1000;

/**
 * Which of `keys` have used all of `rule` in their current window, read without counting a use:
 * work that would only be refused can be left out before it starts. The count that decides stays
 * countUse's.
 */
export async function keysAtLimit(
  db: Kysely<Database>,
  keys: string[],
  rule: LimitRule,
  now = new Date(),
): Promise<Set<string>> {
  const full = new Set<string>();
  for (let start = 0; start < keys.length; start += KEYS_PER_READ) {
    const rows = await db
      .selectFrom('limit_counters')
      .select('key')
      .where('key', 'in', keys.slice(start, start + KEYS_PER_READ))
      .where('used', '>=', rule.max)
      .where('window_ends_at', '>', now.toISOString())
      .execute();
    for (const row of rows) full.add(row.key);
  }
  return full;
}

/** "3 hours", "1 minute": how long until a window ends, rounded up, for a refusal's message. */
export function waitWords(ms: number): string {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  if (minutes < 60) return `${minutes} minute${minutes === 1 ? '' : 's'}`;
  const hours = Math.ceil(minutes / 60);
  return `${hours} hour${hours === 1 ? '' : 's'}`;
}

/** Counters whose window has ended hold nothing: housekeeping drops them. */
export const deleteEndedCounters = (db: Kysely<Database>, now = new Date()) =>
  changedRows(db.deleteFrom('limit_counters').where('window_ends_at', '<=', now.toISOString()));
