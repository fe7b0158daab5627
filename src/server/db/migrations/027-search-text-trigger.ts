import { sql } from 'kysely';
import { engineMigration } from './ddl';
import { ftsTriggerStatements } from './006-search';

/**
 * SQLite's full-text index of `search_listings` (migration 006) was written again on every update of
 * a row: a price edit, a listing's "good price" mark or its seller's badge took the listing's words
 * out of the index and put them back. Now only an update that sets one of the indexed texts does
 * (the index syncs set only the columns that changed, search/indexing.ts). PostgreSQL's `document`
 * is a generated column of those texts: nothing to change there.
 */
export const searchTextTriggerMigration = engineMigration(async (db, _types, engine) => {
  if (engine === 'postgres') return;
  const { columns, remove, add } = ftsTriggerStatements;
  await sql`drop trigger search_listings_au`.execute(db);
  await sql
    .raw(`create trigger search_listings_au after update of ${columns} on search_listings begin ${remove} ${add} end`)
    .execute(db);
});
