import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';

/**
 * How many listings each public list holds (`listing_counts`), kept by triggers on `products` in
 * the writing transaction. The lists' `X-Total-Count` was a count of every row of the list on each
 * cache miss: about 70 ms for "all phones" at a million listings, and more as the catalogue grows.
 * A trigger sees every write, whichever function makes it (a cascade from a deleted seller too), so
 * no write can forget the count.
 *
 * Scopes: `all`, `advertised` and `category:<id>`, counting the listings a visitor sees (unsold, not
 * hidden, not waiting on a review: the lists' own filter, `ProductFilter` in products/repository.ts).
 *
 * PostgreSQL counts once per statement (transition tables) and changes each scope's row once, in the
 * scopes' order, so two transactions that each write several listings take the rows' locks in the
 * same order and cannot deadlock on them; a bulk insert of 500 listings is three row updates.
 * SQLite (one writer at a time) counts per row.
 */
export function listingCountsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('listing_counts')
        .addColumn('scope', 'text', (c) => c.primaryKey())
        .addColumn('count', 'bigint', (c) => c.notNull())
        .execute();
      await (engine === 'postgres' ? postgresTriggers(db) : sqliteTriggers(db));
      await sql`insert into listing_counts (scope, count)
        select scope, count(*) from (${scopesOf(sql.raw('products'), engine)}) counted group by scope`.execute(db);
    },
  };
}

const publicOn = (engine: Engine) =>
  engine === 'postgres'
    ? 'not r.is_sold and not r.is_hidden and r.review_state is null'
    : 'r.is_sold = 0 and r.is_hidden = 0 and r.review_state is null';

/** One row per (listing, scope) of the public listings among `rows` (migration 039 counts with it too). */
export const scopesOf = (rows: ReturnType<typeof sql.raw>, engine: Engine) => {
  const where = sql.raw(publicOn(engine));
  return sql`select 'all' as scope from ${rows} r where ${where}
    union all select 'advertised' from ${rows} r where ${where} and r.is_advertised ${sql.raw(engine === 'postgres' ? '' : '= 1')}
    union all select 'category:' || r.category_id from ${rows} r where ${where}`;
};

async function postgresTriggers(db: Kysely<unknown>) {
  const delta = (rows: string, sign: string) =>
    sql`select scope, ${sql.raw(sign)}1 as delta from (${scopesOf(sql.raw(rows), 'postgres')}) s`;
  await sql`create function listing_counts_apply() returns trigger language plpgsql as $$
    begin
      if tg_op = 'INSERT' then
        insert into listing_counts (scope, count)
          select scope, sum(delta) from (${delta('new_rows', '+')}) d group by scope order by scope
          on conflict (scope) do update set count = listing_counts.count + excluded.count;
      elsif tg_op = 'DELETE' then
        insert into listing_counts (scope, count)
          select scope, sum(delta) from (${delta('old_rows', '-')}) d group by scope order by scope
          on conflict (scope) do update set count = listing_counts.count + excluded.count;
      else
        insert into listing_counts (scope, count)
          select scope, sum(delta) from (${delta('new_rows', '+')} union all ${delta('old_rows', '-')}) d
          group by scope having sum(delta) <> 0 order by scope
          on conflict (scope) do update set count = listing_counts.count + excluded.count;
      end if;
      return null;
    end $$`.execute(db);
  await sql`create trigger listing_counts_insert after insert on products
    referencing new table as new_rows for each statement execute function listing_counts_apply()`.execute(db);
  await sql`create trigger listing_counts_update after update on products
    referencing old table as old_rows new table as new_rows for each statement execute function listing_counts_apply()`.execute(
    db,
  );
  await sql`create trigger listing_counts_delete after delete on products
    referencing old table as old_rows for each statement execute function listing_counts_apply()`.execute(db);
}

/** `row` (new or old) adds `sign` to each scope it is public in. */
const sqliteChange = (row: 'new' | 'old', sign: '+' | '-') => {
  const isPublic = `${row}.is_sold = 0 and ${row}.is_hidden = 0 and ${row}.review_state is null`;
  const add = (scope: string, when: string) =>
    `insert into listing_counts (scope, count) select ${scope}, ${sign}1 where ${when}
      on conflict (scope) do update set count = count ${sign} 1;`;
  return [
    add(`'all'`, isPublic),
    add(`'advertised'`, `${isPublic} and ${row}.is_advertised = 1`),
    add(`'category:' || ${row}.category_id`, isPublic),
  ].join('\n');
};

async function sqliteTriggers(db: Kysely<unknown>) {
  await sql
    .raw(`create trigger listing_counts_insert after insert on products begin ${sqliteChange('new', '+')} end`)
    .execute(db);
  await sql
    .raw(`create trigger listing_counts_delete after delete on products begin ${sqliteChange('old', '-')} end`)
    .execute(db);
  // Only when a column the scopes read changed: a price edit or a view count costs nothing here.
  await sql
    .raw(
      `create trigger listing_counts_update after update of is_sold, is_hidden, review_state, is_advertised, category_id
        on products begin ${sqliteChange('old', '-')} ${sqliteChange('new', '+')} end`,
    )
    .execute(db);
}
