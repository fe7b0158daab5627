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
