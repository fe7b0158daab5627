import { sql, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '#server/db/connection';
import type { Database } from '#server/db/schema';
import { createSchema, dropSchema, testDatabaseUrl } from './support/postgres';

/*
 * PostgreSQL's pooled connections keep a statement the app runs again and again parsed and planned
 * (db/named-statements.ts): from its third run, by name; a statement without values, never.
 */
const url = testDatabaseUrl();

describe.runIf(url)('statements kept prepared on PostgreSQL', () => {
  let schema: string;
  let handle: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    schema = await createSchema('named');
    handle = openDatabase({ url, dataDir: `/tmp/phonehaat-named-${process.pid}`, schema });
  });
  afterAll(async () => {
    await handle.close();
    await dropSchema(schema);
  });

  /** The statements prepared on the connection `db` runs on. */
  const prepared = async (db: Kysely<Database>) =>
    (await sql<{ statement: string }>`select statement from pg_prepared_statements`.execute(db)).rows.map(
      (row) => row.statement,
    );

  it('names a text with values from its third run on, and runs it by that name after', async () => {
    await handle.db.connection().execute(async (db) => {
      const marker = 'named';
      const run = (n: number) => sql<{ n: number }>`select ${n}::int as n, ${marker}::text as marker`.execute(db);
      const ofMarker = async () => (await prepared(db)).filter((text) => text.includes('as marker'));
      for (const n of [1, 2]) expect((await run(n)).rows).toEqual([{ n, marker }]);
      expect(await ofMarker()).toEqual([]);
      expect((await run(3)).rows).toEqual([{ n: 3, marker }]);
      expect(await ofMarker()).toHaveLength(1);
      expect((await run(4)).rows).toEqual([{ n: 4, marker }]);
      expect(await ofMarker()).toHaveLength(1);
    });
  });

  it('never names a text without values', async () => {
    await handle.db.connection().execute(async (db) => {
      for (let n = 0; n < 4; n += 1) await sql`select 'no values' as plain`.execute(db);
      expect((await prepared(db)).filter((text) => text.includes('no values'))).toEqual([]);
    });
  });
});
