/*
 * Bulk loading for generated benchmark data: a table's secondary indexes are dropped while its
 * rows go in and built again after, from the statements the database itself kept for them. Building
 * an index once from all rows (a sort) is several times faster than keeping it in step with a
 * million inserts in random key order. On SQLite the full-text index's insert trigger is treated
 * the same way: the FTS5 index is rebuilt in one pass from its content table.
 */
import { sql, type Kysely } from 'kysely';
import type { Engine } from '#server/db/connection';
import type { Database } from '#server/db/schema';

interface Kept {
  drop: string;
  create: string;
}

async function keptFor(db: Kysely<Database>, engine: Engine, table: string): Promise<Kept[]> {
  if (engine === 'postgres') {
    // Indexes behind a primary key or unique constraint stay: the constraint needs them.
    const { rows } = await sql<{ name: string; definition: string }>`
      select indexname as name, indexdef as definition from pg_indexes
      where schemaname = current_schema() and tablename = ${table}
        and indexname not in (select conname from pg_constraint)`.execute(db);
    return rows.map((row) => ({ drop: `drop index "${row.name}"`, create: row.definition }));
  }
  // Automatic indexes (a primary key's, a unique column's) have no statement and stay.
  const { rows } = await sql<{ type: string; name: string; definition: string }>`
    select type, name, sql as definition from sqlite_master
    where tbl_name = ${table} and sql is not null
      and (type = 'index' or (type = 'trigger' and name = 'search_listings_ai'))`.execute(db);
  return rows.map((row) => ({ drop: `drop ${row.type} "${row.name}"`, create: row.definition }));
}

/** Runs `fill` with `tables`' secondary indexes dropped, then builds them again. */
export async function withIndexesAfter(
  db: Kysely<Database>,
  engine: Engine,
  tables: string[],
  fill: () => Promise<void>,
): Promise<void> {
  const kept = (await Promise.all(tables.map((table) => keptFor(db, engine, table)))).flat();
  for (const { drop } of kept) await sql.raw(drop).execute(db);
  await fill();
  for (const { create } of kept) await sql.raw(create).execute(db);
  if (engine === 'sqlite' && tables.includes('search_listings')) {
    await sql`insert into search_listings_fts (search_listings_fts) values ('rebuild')`.execute(db);
  }
}
