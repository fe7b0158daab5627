import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import SQLite from 'better-sqlite3';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { openDatabase } from './connection';

/*
 * SQLite's reads do not wait for the writes (connection.ts, WritersFirstSqliteDriver): a read that
 * missed the public cache used to wait for every write transaction of its process, and a write
 * outside a transaction slept the whole process while another process held the write lock.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'phonehaat-reads-beside-writes-'));
const { db, close } = openDatabase({ dataDir });
await sql`create table counted (n integer)`.execute(db);
await sql`insert into counted values (1)`.execute(db);
afterAll(async () => {
  await close();
  rmSync(dataDir, { recursive: true, force: true });
});

const counted = async () => (await sql<{ n: number }>`select n from counted`.execute(db)).rows.map((row) => row.n);

it('answers a read while a transaction of the same process is open, from the last commit', async () => {
  const during = await db.transaction().execute(async (trx) => {
    await sql`update counted set n = 2`.execute(trx);
    // On the one connection, this read waited for the transaction's end, which waited for it.
    return counted();
  });
  expect(during).toEqual([1]);
  expect(await counted()).toEqual([2]);
});

it("waits for another process's write lock without sleeping the event loop", async () => {
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
