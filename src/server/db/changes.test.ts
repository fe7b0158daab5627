import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { changedColumns } from './changes';
import { openDatabase } from './connection';
import { migrate } from './migrate';

it('names only the columns whose values changed', () => {
  const before = { price: 100, name: 'galaxy', is_verified: true, posted_at: '2026-11-27T10:00:00.000Z', grade: null };
  expect(changedColumns(before, { ...before })).toEqual({});
  expect(changedColumns(before, { ...before, price: 90, grade: 'A' })).toEqual({ price: 90, grade: 'A' });
  expect(changedColumns(before, { is_verified: false, name: 'galaxy' })).toEqual({ is_verified: false });
});

const dataDir = mkdtempSync(join(tmpdir(), 'phonehaat-changes-'));
const { db, close } = openDatabase({ dataDir });
afterAll(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

/** Rows the statement wrote, those of SQLite's triggers included (the full-text index's). */
async function rowsWritten(statement: string): Promise<number> {
  const count = async () => (await sql<{ n: number }>`select total_changes() as n`.execute(db)).rows[0]!.n;
  const before = await count();
  await sql.raw(statement).execute(db);
  return (await count()) - before;
}

it("rewrites a listing's words in SQLite's full-text index only when an update sets its texts", async () => {
  await migrate(db, 'sqlite');
  // A row of the index alone, without the listing and seller it stands for.
  await sql`pragma foreign_keys = off`.execute(db);
  await sql`insert into search_listings (product_id, seller_id, category_id, name, brand, brand_key, condition,
    price, district, is_seller_verified, posted_at, text_name, text_brand, text_location, text_description)
    values ('p1', 's1', 'c1', 'Galaxy', 'Samsung', 'samsung', 'used', 100, 'Dhaka', 0, '2026-11-27T10:00:00.000Z',
    'galaxy', 'samsung', 'dhaka', 'clean phone')`.execute(db);
  expect(await rowsWritten(`update search_listings set price = 90 where product_id = 'p1'`)).toBe(1);
  // The row, then the full-text index's own tables.
  expect(
    await rowsWritten(`update search_listings set text_name = 'galaxy s9' where product_id = 'p1'`),
  ).toBeGreaterThan(1);
  const found = await sql<{
    n: number;
  }>`select count(*) as n from search_listings_fts where search_listings_fts match 's9'`.execute(db);
  expect(found.rows[0]!.n).toBe(1);
});
