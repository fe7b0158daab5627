import { sql, type Expression, type Kysely, type SqlBool } from 'kysely';
import type { Database } from '#server/db/schema';

/*
 * The kinds of notification a person turned off, one table a channel: a row (user, kind) means
 * "not by this channel"; no row, the kind is on. Mail (Account settings, the unsubscribe link) and
 * push (the device settings) keep theirs the same way.
 */

/** A channel's table of turned-off kinds. */
export type OptOutTable = 'mail_opt_outs' | 'push_opt_outs';

export async function optedOutKinds(db: Kysely<Database>, table: OptOutTable, userId: string): Promise<Set<string>> {
  const rows = await db.selectFrom(table).select('kind').where('user_id', '=', userId).execute();
  return new Set(rows.map((row) => row.kind));
}

/** Turns one kind on (its row goes) or off (its row is written once). */
export async function setKind(
  db: Kysely<Database>,
  table: OptOutTable,
  userId: string,
  kind: string,
  on: boolean,
): Promise<void> {
  if (on) {
    await db.deleteFrom(table).where('user_id', '=', userId).where('kind', '=', kind).execute();
  } else {
    await db
      .insertInto(table)
      .values({ user_id: userId, kind })
      .onConflict((oc) => oc.columns(['user_id', 'kind']).doNothing())
      .execute();
  }
}

/** A settings form's choices (a kind left out keeps its state), saved together. */
export async function saveKinds(
  db: Kysely<Database>,
  table: OptOutTable,
  userId: string,
  kinds: Partial<Record<string, boolean>>,
): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const [kind, on] of Object.entries(kinds)) {
      if (on !== undefined) await setKind(trx, table, userId, kind, on);
    }
  });
}

/**
 * A channel's settings form, saved: its choices (saveKinds), then the settings as they now read
 * (`settingsOf`), which the form shows again. A caller names its form's request type, which its
 * schema checks: saveKinds itself takes any kind.
 */
export const settingsUpdate =
  <Request extends { kinds: Partial<Record<string, boolean>> }, Settings>(
    table: OptOutTable,
    settingsOf: (db: Kysely<Database>, userId: string) => Promise<Settings>,
  ) =>
  async (db: Kysely<Database>, userId: string, request: Request): Promise<Settings> => {
    await saveKinds(db, table, userId, request.kinds);
    return settingsOf(db, userId);
  };

/** A condition for a query of people: the person (the column `userColumn` names) left `kind` on. */
export const kindIsOn = (table: OptOutTable, userColumn: string, kind: string): Expression<SqlBool> =>
  sql<SqlBool>`not exists (select kind from ${sql.table(table)}
    where ${sql.ref(`${table}.user_id`)} = ${sql.ref(userColumn)} and ${sql.ref(`${table}.kind`)} = ${kind})`;
