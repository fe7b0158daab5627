import type { Kysely } from 'kysely';
import { slices } from '../batches';

/** The two tables as they stand before this migration (the login counters' is gone after it). */
interface CounterTables {
  login_failures: { key: string; failures: number; window_started_at: string };
  limit_counters: { key: string; used: number; window_ends_at: string };
}

/** The window every login and mailed-action counter had (src/server/auth/throttle.ts). */
const LOGIN_WINDOW_MS = 15 * 60 * 1000;
/** The login counters' keys, named apart in the shared table; the mailed actions' (`verify:`, `reset-…:`) already are. */
const LOGIN_KINDS = ['pair:', 'email:', 'ip:'];
const ROWS_PER_INSERT = 500;

const sharedKey = (key: string) => (LOGIN_KINDS.some((kind) => key.startsWith(kind)) ? `login-${key}` : key);

/**
 * Login attempts and mailed actions are counted in `limit_counters` with every other limit, through
 * one counter (src/server/limits/counters.ts) and one housekeeping sweep. The windows still running
 * move over with their counts, so the upgrade lets no one start afresh; then `login_failures` goes,
 * with its index. Processes of the release before count in that table, so the upgrade stops them all
 * before migrating, as for every release. SQLite runs a migration's statements without one
 * transaction: a run stopped between the copy and the drop copies again harmlessly on the next start.
 */
export const oneCounterTableMigration = {
  async up(db: Kysely<unknown>) {
    const counters = db as Kysely<CounterTables>;
    const runningSince = new Date(Date.now() - LOGIN_WINDOW_MS).toISOString();
    const running = await counters
      .selectFrom('login_failures')
      .select(['key', 'failures', 'window_started_at'])
      .where('window_started_at', '>', runningSince)
      .execute();
    const moved = running.map((row) => ({
      key: sharedKey(row.key),
      used: row.failures,
      window_ends_at: new Date(Date.parse(row.window_started_at) + LOGIN_WINDOW_MS).toISOString(),
    }));
    for (const slice of slices(moved, ROWS_PER_INSERT))
      await counters
        .insertInto('limit_counters')
        .values(slice)
        .onConflict((conflict) => conflict.column('key').doNothing())
        .execute();
    await db.schema.dropTable('login_failures').ifExists().execute();
  },
};
