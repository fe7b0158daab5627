import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { compiledInsert } from './keys';
import type { Database } from './schema';

const file = new SQLite(':memory:');
file.exec(`create table categories (id text primary key, category_name text, position integer default 7)`);
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
afterAll(() => db.destroy());

const insertCategory = compiledInsert('categories', ['id', 'category_name']);
const rows = () => file.prepare('select * from categories order by id').all();

it('inserts each row with its own values, leaving the columns it does not name to their defaults', async () => {
  await insertCategory(db, { id: 'a', category_name: 'Apple' });
  await insertCategory(db, { id: 'b', category_name: 'Samsung' });
  expect(rows()).toEqual([
    { id: 'a', category_name: 'Apple', position: 7 },
    { id: 'b', category_name: 'Samsung', position: 7 },
  ]);
});

it('refuses a row with a field it does not name, or without one it does, and writes nothing', async () => {
  const row = { id: 'c', category_name: 'Xiaomi', position: 3 };
  await expect(insertCategory(db, row)).rejects.toThrow('does not name position');
  await expect(insertCategory(db, { id: 'd' } as unknown as typeof row)).rejects.toThrow('has no category_name');
  expect(rows()).toHaveLength(2);
});
