import type { Kysely, Selectable } from 'kysely';
import type { Database } from './schema';

/** Any table's columns by name: the view of the database a lookup generic in its table goes through. */
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
  const loose = db as unknown as Kysely<Loose>;
  const found = loose
    .selectFrom(table)
    .selectAll()
    .where((eb) => eb.and(key))
    .executeTakeFirst();
  return found as Promise<Selectable<Database[T]> | undefined>;
}
