import type { Insertable, Kysely, Selectable } from 'kysely';
import { compiledChange, compiledOnce } from './compiled';
import { byId, newId } from './ids';
import type { Database } from './schema';

/** Any table's columns by name: the view of the database that a helper generic in its table goes through. */
type Loose = Record<string, Record<string, unknown>>;

/**
 * The row of `table` that a unique key names (`{ product_id, buyer_id }`: the columns of a unique
 * index, each equal to its value), or undefined: "is it there already", asked before a row that may
 * exist only once is written (insertOnce's `find`), or to reach it by what a request names.
 */
export function rowByKey<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  key: Partial<Selectable<Database[T]>>,
): Promise<Selectable<Database[T]> | undefined> {
  const found = (db as unknown as Kysely<Loose>)
    .selectFrom(table)
    .selectAll()
    .where((eb) => eb.and(key))
    .executeTakeFirst();
  return found as Promise<Selectable<Database[T]> | undefined>;
}

/** The tables whose rows have an `id`. */
type WithId = { [T in keyof Database]: Database[T] extends { id: unknown } ? T : never }[keyof Database];

/**
 * The lookup of a row of `table` by the id a request named: the row, or undefined (also for a
 * string that cannot be an id, without asking the database: byId). Compiled once per table
 * (compiled.ts): writes read their target's row this way, often twice (its owner, then in the
 * transaction), and Kysely building the query again cost about as much as SQLite reading the row.
 */
export function rowById<T extends WithId>(table: T) {
  const row = compiledOnce((db, v: { id: string }) =>
    (db as unknown as Kysely<Loose>).selectFrom(table).selectAll().where('id', '=', v.id),
  );
  return byId(
    async (db: Kysely<Database>, id: string) => (await row(db, { id }))[0] as Selectable<Database[T]> | undefined,
    undefined,
  );
}

/** Inserts `row` under a new id, made at `now` (ids made later sort later), and answers the id. */
export async function insertNew<T extends WithId>(
  db: Kysely<Database>,
  table: T,
  row: Omit<Insertable<Database[T]>, 'id'>,
  now = Date.now(),
): Promise<string> {
  const id = newId(now);
  await (db as unknown as Kysely<Loose>)
    .insertInto(table)
    .values({ ...row, id })
    .execute();
  return id;
}

/**
 * The insert of one row of `table` that every request of a kind makes (a booking, a notification, a
 * mail), compiled once (compiled.ts): the row's `columns` are named, as the values stand in for
 * nothing to spread while the statement is built. Every named column takes a value (null where the
 * column allows it): one left out would be written NULL, not its default. A row with a field the
 * list does not name is refused, so a column added to a row's builder cannot be dropped unseen.
 * Answers the rows inserted (1).
 */
export function compiledInsert<T extends keyof Database, C extends keyof Insertable<Database[T]> & string>(
  table: T,
  columns: readonly C[],
): (db: Kysely<Database>, row: { [K in C]-?: Exclude<Insertable<Database[T]>[K], undefined> }) => Promise<number> {
  const named = new Set<string>(columns);
  const insert = compiledChange((db, v: Record<string, string | number | null>) =>
    (db as unknown as Kysely<Loose>).insertInto(table).values(Object.fromEntries(columns.map((c) => [c, v[c]]))),
  );
  return async (db, row) => {
    const values = row as Record<string, string | number | null | undefined>;
    for (const key of Object.keys(values)) {
      if (!named.has(key)) throw new Error(`${table}: the insert compiled once does not name ${key}`);
    }
    for (const column of columns) {
      if (values[column] === undefined) throw new Error(`${table}: the insert compiled once has no ${column}`);
    }
    return insert(db, values as Record<string, string | number | null>);
  };
}

/**
 * Inserts `row` under a new id unless a unique index of `table` holds its key already (an earlier
 * row, or another request's that got there first: the index decides a race): the new id, or null.
 */
export async function insertUnlessTaken<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  row: Omit<Insertable<Database[T]>, 'id'>,
): Promise<string | null> {
  const id = newId();
  const inserted = await (db as unknown as Kysely<Loose>)
    .insertInto(table)
    .values({ ...row, id })
    .onConflict((oc) => oc.doNothing())
    .returning('id')
    .execute();
  return inserted.length ? id : null;
}

/**
 * Which of `values` stand in `column` of the rows of `table` that `key` names ("which of these
 * uploads are the caller's"): a list's question asked in one query, and none for an empty list.
 */
export async function presentAmong<T extends keyof Database>(
  db: Kysely<Database>,
  table: T,
  column: keyof Database[T] & string,
  values: readonly string[],
  key: Partial<Selectable<Database[T]>>,
): Promise<Set<string>> {
  if (values.length === 0) return new Set();
  const name: string = column;
  const rows = await (db as unknown as Kysely<Loose>)
    .selectFrom(table as string)
    .select(name)
    .where((eb) => eb.and(key))
    .where(name, 'in', values)
    .execute();
  // `in` matches no null, so every value read is one of `values`.
  return new Set(rows.map((row) => row[name] as string));
}
