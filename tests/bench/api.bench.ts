/*
 * `npm run bench`: the marketplace as a user starts it (marketplace.ts), at 10,000 and 100,000
 * generated listings (BENCH_SIZES), on SQLite and on PostgreSQL (BENCH_DATABASE_URL, default the
 * local server's `postgres` database; skipped when none answers). For each: every public read
 * against a bare node:http server sending the same bytes (public-reads.ts), the search requests
 * (search-queries.ts), and the server's memory after the load. Prints the tables and which targets
 * held (report.ts); exits 1 when a request failed. BENCH_SECONDS (default 5): time per measurement.
 */
import pg from 'pg';
import { loadAverage } from './load';
import { startMarketplace, type BenchEngine } from './marketplace';
import { measureReads, READ_CONNECTIONS } from './public-reads';
import { report, type SizeResult } from './report';
import { measureSearches } from './search-queries';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
process.env.BENCH_DATABASE_URL ||= 'postgres://postgres@127.0.0.1:5432/postgres';

async function postgresAnswers(): Promise<boolean> {
  const client = new pg.Client({ connectionString: process.env.BENCH_DATABASE_URL, connectionTimeoutMillis: 2000 });
  try {
    await client.connect();
    return true;
  } catch {
    return false;
  } finally {
    await client.end().catch(() => {});
  }
}

async function benchSize(engine: BenchEngine, size: number): Promise<SizeResult> {
  const started = Date.now();
  const app = await startMarketplace(engine, size);
  console.log(
    `${engine}, ${size} listings: ready in ${((Date.now() - started) / 1000).toFixed(0)} s, load average ${loadAverage()}`,
  );
  try {
    const reads = await measureReads(app.origin, SECONDS);
    const searches = await measureSearches(app.origin, SECONDS);
    console.log(`${engine}, ${size} listings: measured, load average ${loadAverage()}`);
    return { reads, searches, memoryMb: await app.memory() };
  } finally {
    await app.stop();
  }
}

const engines: BenchEngine[] = ['sqlite'];
if (await postgresAnswers()) engines.push('postgres');
else console.log(`PostgreSQL skipped: nothing answers at ${process.env.BENCH_DATABASE_URL}`);
console.log(
  `benchmark: ${engines.join(' and ')}, ${SIZES.join(' and ')} listings, load average ${loadAverage()} at the start`,
);

let held = true;
let clean = true;
for (const engine of engines) {
  const results = new Map<number, SizeResult>();
  for (const size of SIZES) results.set(size, await benchSize(engine, size));
  held = report(engine, results, `${READ_CONNECTIONS} connections, ${SECONDS} s each`) && held;
  clean &&= [...results.values()].every((r) => r.reads.every((row) => row.app.failures === 0));
}
console.log(held ? '\nEvery target held.' : '\nSome targets were missed (listed above).');
if (!clean) {
  console.error('Some requests did not succeed: the numbers above do not measure real answers.');
  process.exitCode = 1;
}
