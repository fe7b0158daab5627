import type { DeleteResult, UpdateResult } from 'kysely';

/**
 * Runs an update or a delete and answers how many rows it changed, as a number (the drivers count
 * in bigints). A guarded write ("where it is not so yet") changes 0 rows when there was nothing to do.
 */
export async function changedRows(query: {
  executeTakeFirst(): Promise<UpdateResult | DeleteResult>;
}): Promise<number> {
  const result = await query.executeTakeFirst();
  return Number('numUpdatedRows' in result ? result.numUpdatedRows : result.numDeletedRows);
}

/** Whether a guarded update or delete changed anything. */
export const changedAny = async (query: Parameters<typeof changedRows>[0]) => (await changedRows(query)) > 0;

/**
 * The columns of `next` whose values differ from the row as it was: an update that sets only these
 * leaves the indexes and triggers of the other columns alone (SQLite rewrites an index, and fires
 * an `update of` trigger, for every column set, changed or not). Both engines read booleans and
 * timestamps back as the application writes them (values.ts), so equal values compare equal.
 */
export function changedColumns<Row extends object>(
  before: Partial<Record<keyof Row, unknown>>,
  next: Row,
): Partial<Row> {
  const changed: Partial<Row> = {};
  for (const key of Object.keys(next) as Array<keyof Row>) {
    if (before[key] !== next[key]) changed[key] = next[key];
  }
  return changed;
}
