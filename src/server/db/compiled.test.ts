import SQLite from 'better-sqlite3';
import { Kysely, SqliteDialect } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { compiledChange, compiledOnce } from './compiled';
import type { Database } from './schema';

const file = new SQLite(':memory:');
file.exec(`create table categories (id text primary key, category_name text, position integer)`);
file.exec(`insert into categories values ('a', 'Apple', 1), ('b', 'Samsung', 2), ('c', 'Xiaomi', 3)`);
let compilations = 0;
const db = new Kysely<Database>({ dialect: new SqliteDialect({ database: file }) });
afterAll(() => db.destroy());

const categoriesFrom = compiledOnce((kysely, v: { from: number; first: number }) => {
  compilations += 1;
  return kysely
    .selectFrom('categories')
    .select('category_name')
    .where('position', '>=', v.from)
    .where('category_name', '!=', 'Xiaomi')
    .orderBy('position')
    .limit(v.first);
});

it('builds the query once and runs it with each call its own values, keeping the fixed ones', async () => {
  expect(await categoriesFrom(db, { from: 1, first: 5 })).toEqual([
    { category_name: 'Apple' },
    { category_name: 'Samsung' },
  ]);
  expect(await categoriesFrom(db, { from: 2, first: 1 })).toEqual([{ category_name: 'Samsung' }]);
  expect(compilations).toBe(1);
});

it('refuses a query whose value did not end up a parameter (changed while built)', async () => {
  const miscounted = compiledOnce((kysely, v: { first: number }) =>
    kysely
      .selectFrom('categories')
      .select('id')
      .limit(v.first + 1),
  );
  await expect(miscounted(db, { first: 1 })).rejects.toThrow('first did not end up a parameter');
});

it('answers how many rows a compiled-once update changed, none when there is nothing left to do', async () => {
  const moveLast = compiledChange((kysely, v: { from: number; to: number }) =>
    kysely.updateTable('categories').set({ position: v.to }).where('position', '=', v.from),
  );
  expect(await moveLast(db, { from: 3, to: 4 })).toBe(1);
  expect(await moveLast(db, { from: 3, to: 4 })).toBe(0);
  expect(await moveLast(db, { from: 4, to: 3 })).toBe(1);
});
