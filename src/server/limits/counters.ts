import type { Kysely } from 'kysely';
import { slices } from '#server/db/batches';
import { changedRows } from '#server/db/changes';
import { compiledOnce } from '#server/db/compiled';
import type { Database } from '#server/db/schema';

/** At most `max` uses per `windowMs`, counted from a key's first use in a window. */
export interface LimitRule {
  max: number;
  windowMs: number;
}

export interface Counted {
  allowed: boolean;
  /** The key's uses in its window, this one included. */
  used: number;
  /** When the window ends and the key may be used again (meaningful when not allowed). */
  retryAfterMs: number;
}

/**
 * Counts one use of `key` and answers whether it is within `rule`. One upsert adds the use or
 * starts a new window, so concurrent uses (any process, either engine) each see their own count
 * and no more than `max` are ever allowed in a window (unless takeBackUse gives one back). Called in the transaction of what it limits:
 * a use that rolls back is not counted.
 */
export async function countUse(db: Kysely<Database>, key: string, rule: LimitRule, now = new Date()): Promise<Counted> {
  const nowIso = now.toISOString();
  const windowEnds = new Date(now.getTime() + rule.windowMs).toISOString();
  const [row] = await oneUse(db, { key, used: 1, windowEnds, nowIso });
  const counted = countedOf(row!, 1, rule, now);
  return { ...counted, allowed: counted.allowed === 1 };
}

/**
 * The upsert of `countUses` for one key: a booking request, a mail queued, a new account's
 * conversation each count one use, and building the upsert cost more CPU than SQLite running it.
 */
const oneUse = compiledOnce((db, v: { key: string; used: number; windowEnds: string; nowIso: string }) =>
  upsertUses(db, [{ key: v.key, used: v.used }], v.windowEnds, v.nowIso),
);

/** Adds the uses of each key to its window's count, or starts a new window: the rows as they are now. */
const upsertUses = (
  db: Kysely<Database>,
  uses: Array<{ key: string; used: number }>,
  windowEnds: string,
  nowIso: string,
) =>
  db
    .insertInto('limit_counters')
    .values(uses.map((use) => ({ ...use, window_ends_at: windowEnds })))
    .onConflict((oc) =>
      oc.column('key').doUpdateSet((eb) => {
        const over = eb('limit_counters.window_ends_at', '<=', nowIso);
        return {
          used: eb
            .case()
            .when(over)
            .then(eb.ref('excluded.used'))
            .else(eb('limit_counters.used', '+', eb.ref('excluded.used')))
            .end(),
          window_ends_at: eb.case().when(over).then(windowEnds).else(eb.ref('limit_counters.window_ends_at')).end(),
        };
      }),
    )
    .returning(['key', 'used', 'window_ends_at']);

/** How many of `wanted` uses a key's row allows (the first ones), how many it holds, and when its window ends. */
const countedOf = (row: { used: number; window_ends_at: string }, wanted: number, rule: LimitRule, now: Date) => ({
  allowed: Math.min(wanted, Math.max(0, rule.max - (row.used - wanted))),
  used: row.used,
  retryAfterMs: Math.max(0, Date.parse(row.window_ends_at) - now.getTime()),
});

/** Rows per upsert: well within either engine's limit of parameters per statement. */
const KEYS_PER_UPSERT = 500;

/**
 * Counts `uses.get(key)` uses of each key in one upsert per 500 keys, and answers for each how many
 * of them are within `rule` (the first ones; the rest are counted but refused, which only says the
 * window is full) and how many the window holds now. The keys are taken in sorted order, so two transactions counting the same keys
 * lock their rows (PostgreSQL) in one order and never deadlock.
 */
export async function countUses(
  db: Kysely<Database>,
  uses: ReadonlyMap<string, number>,
  rule: LimitRule,
  now = new Date(),
): Promise<Map<string, { allowed: number; used: number; retryAfterMs: number }>> {
  const nowIso = now.toISOString();
  const windowEnds = new Date(now.getTime() + rule.windowMs).toISOString();
  const keys = [...uses.keys()].sort();
  const counted = new Map<string, { allowed: number; used: number; retryAfterMs: number }>();
  for (const slice of slices(keys, KEYS_PER_UPSERT)) {
    const rows = await upsertUses(
      db,
      slice.map((key) => ({ key, used: uses.get(key)! })),
      windowEnds,
      nowIso,
    ).execute();
    for (const row of rows) counted.set(row.key, countedOf(row, uses.get(row.key)!, rule, now));
  }
  return counted;
}

/** Forgets what `keys` used: the next use of each starts a new window. */
export async function forgetUses(db: Kysely<Database>, keys: string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.deleteFrom('limit_counters').where('key', 'in', keys).execute();
}

/** Takes back one counted use of `key`, one that turned out not to be what the limit is for. */
export async function takeBackUse(db: Kysely<Database>, key: string): Promise<void> {
  await db
    .updateTable('limit_counters')
    .set((eb) => ({ used: eb('used', '-', 1) }))
    .where('key', '=', key)
    .where('used', '>', 0)
    .execute();
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
  for (const slice of slices(keys, KEYS_PER_READ)) {
    const rows = await db
      .selectFrom('limit_counters')
      .select('key')
      .where('key', 'in', slice)
      .where('used', '>=', rule.max)
      .where('window_ends_at', '>', now.toISOString())
      .execute();
    for (const row of rows) full.add(row.key);
  }
  return full;
}

/**
 * How long until a window ends, rounded up, in minutes under an hour and in hours past it: the
 * values `{wait}` and `{unit}` of a refusal's catalog message, which writes them in its language.
 */
export function waitFor(ms: number): { wait: number; unit: 'minute' | 'hour' } {
  const minutes = Math.max(1, Math.ceil(ms / 60_000));
  return minutes < 60 ? { wait: minutes, unit: 'minute' } : { wait: Math.ceil(minutes / 60), unit: 'hour' };
}

/** Counters whose window has ended hold nothing: housekeeping drops them. */
export const deleteEndedCounters = (db: Kysely<Database>, now = new Date()) =>
  changedRows(db.deleteFrom('limit_counters').where('window_ends_at', '<=', now.toISOString()));
