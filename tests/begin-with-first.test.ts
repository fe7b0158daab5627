import { sql } from 'kysely';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendBeginWithFirstStatement } from '#server/db/begin-with-first';
import { openDatabase } from '#server/db/connection';
import { createSchema, dropSchema, testDatabaseUrl, withPg } from './support/postgres';

/*
 * A transaction's `begin` goes out with its first statement when that one has no values
 * (db/begin-with-first.ts): one round trip less for a message sent on PostgreSQL, whose first
 * statement is the same-text lock. What goes to the server, then what it does with it.
 */

/** A client that records the texts sent and answers each as pg would (an array for several statements). */
function recordingClient() {
  const sent: string[] = [];
  const client = {
    query: (text: string) => {
      sent.push(text);
      const answers = text
        .split('; ')
        .map((part) => ({ command: part.split(' ')[0]!.toUpperCase(), rows: [{ text: part }] }));
      return Promise.resolve(answers.length === 1 ? answers[0] : answers);
    },
  };
  const drop = sendBeginWithFirstStatement(client as unknown as pg.PoolClient);
  return { client: client as unknown as { query: (text: string, values?: unknown[]) => Promise<unknown> }, sent, drop };
}

describe("a transaction's begin", () => {
  it('goes out with a first statement without values, in one round trip', async () => {
    const { client, sent } = recordingClient();
    expect(await client.query('begin')).toMatchObject({ rows: [] });
    expect(sent).toEqual([]);
    // The caller gets the answer of its own statement, the last of the two.
    expect(await client.query('select pg_advisory_xact_lock(7)', [])).toMatchObject({
      rows: [{ text: 'select pg_advisory_xact_lock(7)' }],
    });
    await client.query('update t set a = $1', [1]);
    await client.query('commit');
    expect(sent).toEqual(['begin; select pg_advisory_xact_lock(7)', 'update t set a = $1', 'commit']);
  });

  it('goes out alone first when the first statement has values', async () => {
    const { client, sent } = recordingClient();
    await client.query('begin');
    await client.query('select $1', [1]);
    await client.query('rollback');
    expect(sent).toEqual(['begin', 'select $1', 'rollback']);
  });

  it('is never sent for a transaction ended before any statement, nor carried to the next holder', async () => {
    const { client, sent, drop } = recordingClient();
    await client.query('begin');
    await client.query('rollback');
    await client.query('begin');
    await client.query('commit');
    await client.query('begin');
    drop(); // released with its begin still held
    await client.query('select 1');
    expect(sent).toEqual(['select 1']);
  });

  it('leaves statements outside a transaction alone', async () => {
    const { client, sent } = recordingClient();
    await client.query('select 1');
    await client.query('select $1', [2]);
    expect(sent).toEqual(['select 1', 'select $1']);
  });
});

const url = testDatabaseUrl();

describe.runIf(url)("a transaction's begin on PostgreSQL", () => {
  let schema: string;
  let handle: ReturnType<typeof openDatabase>;

  beforeAll(async () => {
    schema = await createSchema('begin_first');
    handle = openDatabase({ url, dataDir: `/tmp/phonehaat-begin-first-${process.pid}`, schema });
    await sql`create table marks (id int primary key)`.execute(handle.db);
  });

  afterAll(async () => {
    await handle?.close();
    if (schema) await dropSchema(schema);
  });

  const marks = async () =>
    (
      await handle.db
        .selectFrom('marks' as never)
        .select(sql<number>`id`.as('id'))
        .execute()
    ).length;

  it('runs the statements in one transaction: a failure takes back all of them, a commit keeps them', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`select pg_advisory_xact_lock(41)`.execute(trx);
        await sql`insert into marks values (${1})`.execute(trx);
        await sql`insert into marks values (${1})`.execute(trx); // a duplicate key
      }),
    ).rejects.toThrow();
    expect(await marks()).toBe(0);
    await handle.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(41)`.execute(trx);
      await sql`insert into marks values (${2})`.execute(trx);
    });
    expect(await marks()).toBe(1);
  });

  it('holds the first statement’s lock until the commit, as a transaction does', async () => {
    const heldElsewhere = () =>
      withPg(async (client) => {
        const { rows } = await client.query<{ got: boolean }>('select pg_try_advisory_lock(42) as got');
        if (rows[0]!.got) await client.query('select pg_advisory_unlock(42)');
        return !rows[0]!.got;
      }, url);
    await handle.db.transaction().execute(async (trx) => {
      await sql`select pg_advisory_xact_lock(42)`.execute(trx);
      expect(await heldElsewhere()).toBe(true);
      await sql`select 1`.execute(trx);
      expect(await heldElsewhere()).toBe(true);
    });
    expect(await heldElsewhere()).toBe(false);
  });

  it('takes back a combined first statement that fails, and the connection serves the next transaction', async () => {
    await expect(
      handle.db.transaction().execute(async (trx) => {
        await sql`select 1 / 0`.execute(trx);
      }),
    ).rejects.toThrow();
    const inTransaction = await handle.db.transaction().execute(async (trx) => {
      await sql`select 1`.execute(trx);
      const { rows } = await sql<{ open: boolean }>`select now() <> statement_timestamp() as open`.execute(trx);
      return rows[0]!.open;
    });
    expect(inTransaction).toBe(true);
  });
});
