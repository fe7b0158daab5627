import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { onWriters, openDatabase, POSTGRES_CONNECTIONS } from '#server/db/connection';
import { createSchema, dropSchema, testDatabaseUrl } from './support/postgres';

/*
 * Reads do not wait for the writes (db/connection.ts, ReadsApartDriver), on the engine the tests run
 * on: a read that missed the public cache used to wait for every write transaction of its process
 * (SQLite's one connection) or for one of the connections they held (PostgreSQL's one pool), and on
 * SQLite a write outside a transaction slept the whole process while another process held the write
 * lock.
 */
const url = testDatabaseUrl();
const dataDir = mkdtempSync(join(tmpdir(), 'phonehaat-reads-beside-writes-'));
const schema = url ? await createSchema('reads_beside') : undefined;
const { db, close } = openDatabase({ url, dataDir, schema });
await sql`create table counted (n integer)`.execute(db);
await sql`insert into counted values (1)`.execute(db);
afterAll(async () => {
  await close();
  if (schema) await dropSchema(schema);
  rmSync(dataDir, { recursive: true, force: true });
});

const counted = async () => (await sql<{ n: number }>`select n from counted`.execute(db)).rows.map((row) => row.n);

it('answers a read while a transaction of the same process is open, from the last commit', async () => {
  await sql`update counted set n = 1`.execute(db);
  const during = await db.transaction().execute(async (trx) => {
    await sql`update counted set n = 2`.execute(trx);
    // On SQLite's one connection, this read waited for the transaction's end, which waited for it.
    return counted();
  });
  expect(during).toEqual([1]);
  expect(await counted()).toEqual([2]);
});

it('answers a read while write transactions hold every connection the process had, waiting on a row lock', async () => {
  await sql`update counted set n = 0`.execute(db);
  let open!: () => void;
  const gate = new Promise<void>((resolve) => (open = resolve));
  // Each asks for its connection before the read does; the first holds the row lock, the rest wait for it.
  const writes = Array.from({ length: POSTGRES_CONNECTIONS }, () =>
    db.transaction().execute(async (trx) => {
      await sql`update counted set n = n + 1`.execute(trx);
      await gate;
    }),
  );
  await new Promise((resolve) => setImmediate(resolve));
  try {
    // Sharing their pool, it waited for a connection the transactions gave back only once it answered.
    expect(await counted()).toEqual([0]);
  } finally {
    open();
    await Promise.all(writes);
  }
  expect(await counted()).toEqual([POSTGRES_CONNECTIONS]);
});

it.runIf(url)('runs a read that writes after all on the writers’ connections', async () => {
  await sql`create sequence if not exists ticket`.execute(db);
  // nextval writes: the readers' connections refuse it before it changes anything.
  const { rows } = await sql<{ n: string }>`select nextval('ticket') as n`.execute(db);
  expect(Number(rows[0]!.n)).toBe(1);
});

it.runIf(url)(
  'runs the reads of a turn marked onWriters on the writers’ connections, the others on the readers’',
  async () => {
    const readOnly = async (on: typeof db) =>
      (await sql<{ ro: string }>`select current_setting('transaction_read_only') as ro`.execute(on)).rows[0]!.ro;
    expect(await readOnly(db)).toBe('on');
    expect(await onWriters(db, readOnly)).toBe('off');
    expect(await readOnly(db)).toBe('on');
  },
);

it.skipIf(url)("waits for another process's write lock without sleeping the event loop", async () => {
  const other = new SQLite(join(dataDir, 'phonehaat.sqlite'));
  other.exec('begin immediate');
  // The other process lets go of its lock 100 ms on, by a timer of this one: SQLite's busy handler
  // slept this thread until its busy timeout, so the timer came too late and the write failed.
  const lateness: number[] = [];
  const started = Date.now();
  setTimeout(() => {
    lateness.push(Date.now() - started - 100);
    other.exec('commit');
  }, 100);
  await sql`update counted set n = 3`.execute(db);
  other.close();
  expect(lateness[0]).toBeLessThan(1000);
  expect(await counted()).toEqual([3]);
});
