/*
 * The good prices' marking at scale (issue 26), as CPU and the longest hold of the event loop rather
 * than rates: on a kept SQLite store, moves every fair price's lower bound up or down by a tenth in
 * turn (so each round flips thousands of marks, as a round after a week of sales may) and marks the
 * listings by the whole-table statements the round used to run, then batch by batch
 * (markGoodPrices), alternating, ROUNDS times each. Usage:
 *   node --import tsx tests/bench/good-price-marks.ts <store folder> [rounds]
 */
import { sql, type Kysely } from 'kysely';
import { openDatabase } from '#server/db/connection';
import { migrate } from '#server/db/migrate';
import type { Database } from '#server/db/schema';
import { markGoodPrices } from '#server/search/indexing';
import { loadAverage } from './load';

const [dataDir, rounds = '3'] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: good-price-marks.ts <store folder> [rounds]');

const good = sql`exists (select 1 from fair_prices f where f.model_key = search_listings.text_name
  and f.condition = search_listings.condition and search_listings.price < f.low)`;

/** The round's marking before it was batched: a read of the rows to name, then every listing in two statements. */
async function wholeTable(db: Kysely<Database>): Promise<number> {
  const { rows } = await sql`select id from search_listings where (is_good_price = false and ${good})
    or (is_good_price = true and not ${good}) limit 1001`.execute(db);
  if (rows.length === 0) return 0;
  const marked =
    await sql`update search_listings set is_good_price = true where is_good_price = false and ${good}`.execute(db);
  const unmarked =
    await sql`update search_listings set is_good_price = false where is_good_price = true and not ${good}`.execute(db);
  return Number(marked.numAffectedRows) + Number(unmarked.numAffectedRows);
}

const ways = { 'whole table': wholeTable, batched: markGoodPrices } as const;

/**
 * The longest the event loop was held while `work` ran: the longest gap between two turns (a
 * turn is where a request's I/O is taken), counting the stretch up to its end.
 */
async function longestHold<T>(work: () => Promise<T>): Promise<[T, number]> {
  let last = performance.now();
  let longest = 0;
  let running = true;
  const turn = () => {
    const now = performance.now();
    longest = Math.max(longest, now - last);
    last = now;
    if (running) setImmediate(turn);
  };
  setImmediate(turn);
  const result = await work();
  running = false;
  return [result, Math.max(longest, performance.now() - last)];
}

/** One marking's CPU and the longest the loop was held, after the fair prices moved by `factor`. */
async function measure(db: Kysely<Database>, mark: (db: Kysely<Database>) => Promise<number>, factor: number) {
  await sql`update fair_prices set low = cast(low * ${factor} as integer)`.execute(db);
  const cpu = process.cpuUsage();
  const [flipped, longestMs] = await longestHold(() => mark(db));
  const used = process.cpuUsage(cpu);
  return { flipped, cpuMs: (used.user + used.system) / 1000, longestMs };
}

const { db, close } = openDatabase({ dataDir });
try {
  await migrate(db, 'sqlite');
  await markGoodPrices(db);
  console.log(`load ${loadAverage()}`);
  console.log('way           flipped   CPU ms   longest hold ms');
  for (let round = 0; round < Number(rounds); round += 1) {
    for (const [name, mark] of Object.entries(ways)) {
      // Up, then back down: the same flips for each way; then a round that changes nothing.
      for (const factor of [1.1, 1 / 1.1, 1]) {
        const { flipped, cpuMs, longestMs } = await measure(db, mark, factor);
        console.log(
          `${name.padEnd(12)} ${String(flipped).padStart(8)} ${cpuMs.toFixed(0).padStart(8)} ${longestMs.toFixed(0).padStart(17)}`,
        );
      }
    }
  }
} finally {
  await close();
}
