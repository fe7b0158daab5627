import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';
import { scopesOf } from './021-listing-counts';
import { addColumns } from './ddl';

/** Rows a scope's count is spread over on PostgreSQL; a list's total reads at most this many. */
export const LISTING_COUNT_SLOTS = 16;

/**
 * On PostgreSQL a scope's count (migration 021) is spread over `LISTING_COUNT_SLOTS` rows, one per
 * backend (`pg_backend_pid()` modulo the slots), and a list's total is their sum. With one row a
 * scope, every new listing updated the `all` row and held its lock until its commit, so new listings
 * of the whole site took turns: under 20 a second on one server process, all ten pooled connections
 * waited in that row's queue (docs/performance.md, "New listings took turns on one count").
 * Transactions on other backends now update other rows. One transaction is on one backend, so it
 * keeps writing one slot's rows, in the scopes' order as before, and cannot deadlock on them.
 * SQLite has one writer at a time and keeps one row a scope.
 */
export function listingCountSlotsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      if (engine !== 'postgres') return;
      await addColumns(db, 'listing_counts', [['slot', 'smallint', (c) => c.notNull().defaultTo(0)]]);
      await sql`alter table listing_counts drop constraint listing_counts_pkey`.execute(db);
      await sql`alter table listing_counts add primary key (scope, slot)`.execute(db);
      const delta = (rows: string, sign: string) =>
        sql`select scope, ${sql.raw(sign)}1 as delta from (${scopesOf(sql.raw(rows), 'postgres')}) s`;
      const apply = (deltas: ReturnType<typeof sql>) =>
        sql`insert into listing_counts (scope, slot, count)
          select scope, mine, sum(delta) from (${deltas}) d group by scope having sum(delta) <> 0 order by scope
          on conflict (scope, slot) do update set count = listing_counts.count + excluded.count;`;
      await sql`create or replace function listing_counts_apply() returns trigger language plpgsql as $$
        declare
          mine smallint := pg_backend_pid() % ${sql.lit(LISTING_COUNT_SLOTS)};
        begin
          if tg_op = 'INSERT' then
            ${apply(delta('new_rows', '+'))}
          elsif tg_op = 'DELETE' then
            ${apply(delta('old_rows', '-'))}
          else
            ${apply(sql`${delta('new_rows', '+')} union all ${delta('old_rows', '-')}`)}
          end if;
          return null;
        end $$`.execute(db);
    },
  };
}
