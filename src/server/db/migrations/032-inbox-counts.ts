import { sql, type Kysely } from 'kysely';
import type { Engine } from '../connection';

/**
 * How many conversations each person's inbox holds on each side (`chat_inbox_counts`), kept by
 * triggers on `conversations` in the writing transaction. The inbox's X-Total-Count was a count of
 * all of the person's conversations on every page read: the largest part of PostgreSQL's work for
 * the first page at 1,000 conversations (the page itself reads 21 rows). A trigger sees every write,
 * whichever function makes it, and the foreign keys' own changes too (a deleted account's
 * conversations losing it, `on delete set null`), so no write can forget the count.
 *
 * An inbox holds a side's conversations that have a message (`last_message_at` set; chat/repository.ts,
 * inboxOf). Only a conversation's creation or deletion, its first message and a person leaving it
 * change that, so the send's update of its last line, which the trigger's condition passes over, costs
 * no more than the condition. A person's rows go with their account.
 *
 * Each conversation changes its buyer's row, then its seller's: two transactions that start
 * conversations of the same buyer take the rows' locks in the same order and wait for each other,
 * without deadlock. A count taken away where no row is (the account's rows already gone in the same
 * delete) is nothing to take away: only the count added is an upsert.
 */
export function inboxCountsMigration(engine: Engine) {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('chat_inbox_counts')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('side', 'text', (c) => c.notNull().check(sql`side in ('buying', 'selling')`))
        .addColumn('count', 'integer', (c) => c.notNull())
        .addPrimaryKeyConstraint('chat_inbox_counts_pk', ['user_id', 'side'])
        .execute();
      await (engine === 'postgres' ? postgresTriggers(db) : sqliteTriggers(db));
      await countInboxes(db);
    },
  };
}

/** Counts every inbox from the conversations (the backfill; tests check the kept counts against it). */
export async function countInboxes(db: Kysely<unknown>): Promise<void> {
  await sql`delete from chat_inbox_counts`.execute(db);
  await sql`insert into chat_inbox_counts (user_id, side, count)
    select buyer_id, 'buying', count(*) from conversations
      where buyer_id is not null and last_message_at is not null group by buyer_id
    union all
    select seller_id, 'selling', count(*) from conversations
      where seller_id is not null and last_message_at is not null group by seller_id`.execute(db);
}

/** The statements that take `row`'s conversation out of (`-`) or put it into (`+`) its people's inboxes. */
function changes(row: 'new' | 'old', sign: '+' | '-'): string {
  const one = (column: string, side: string) =>
    sign === '+'
      ? `insert into chat_inbox_counts (user_id, side, count) select ${row}.${column}, '${side}', 1
          where ${row}.${column} is not null and ${row}.last_message_at is not null
          on conflict (user_id, side) do update set count = chat_inbox_counts.count + 1;`
      : `update chat_inbox_counts set count = count - 1
          where ${row}.last_message_at is not null and user_id = ${row}.${column} and side = '${side}';`;
  return one('buyer_id', 'buying') + '\n' + one('seller_id', 'selling');
}

/** An update that moves the conversation in or out of an inbox: any other passes the trigger by. */
const moves = (distinct: string) => `(old.last_message_at is null) <> (new.last_message_at is null)
  or old.buyer_id ${distinct} new.buyer_id or old.seller_id ${distinct} new.seller_id`;

async function postgresTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `create function chat_inbox_counts_apply() returns trigger language plpgsql as $$
      begin
        if tg_op <> 'INSERT' then ${changes('old', '-')} end if;
        if tg_op <> 'DELETE' then ${changes('new', '+')} end if;
        return null;
      end $$`,
    )
    .execute(db);
  // Row triggers with a condition: PostgreSQL checks it as the row is written and calls nothing when
  // it fails (a statement trigger has no condition and would run on every message sent).
  await sql`create trigger chat_inbox_counts_insert after insert on conversations
    for each row when (new.last_message_at is not null) execute function chat_inbox_counts_apply()`.execute(db);
  await sql
    .raw(
      `create trigger chat_inbox_counts_update after update of last_message_at, buyer_id, seller_id on conversations
      for each row when (${moves('is distinct from')}) execute function chat_inbox_counts_apply()`,
    )
    .execute(db);
  await sql`create trigger chat_inbox_counts_delete after delete on conversations
    for each row when (old.last_message_at is not null) execute function chat_inbox_counts_apply()`.execute(db);
}

async function sqliteTriggers(db: Kysely<unknown>) {
  await sql
    .raw(
      `create trigger chat_inbox_counts_insert after insert on conversations
      when new.last_message_at is not null begin ${changes('new', '+')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger chat_inbox_counts_update after update of last_message_at, buyer_id, seller_id on conversations
      when ${moves('is not')} begin ${changes('old', '-')} ${changes('new', '+')} end`,
    )
    .execute(db);
  await sql
    .raw(
      `create trigger chat_inbox_counts_delete after delete on conversations
      when old.last_message_at is not null begin ${changes('old', '-')} end`,
    )
    .execute(db);
}
