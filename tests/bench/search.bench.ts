/*
 * The search benchmark (part of `npm run bench`): p99 latency and requests per second of text
 * queries, filter combinations and sorts at 16 connections, against 10,000 and 100,000 generated
 * listings (./generate.ts), on SQLite and, when BENCH_DATABASE_URL names a PostgreSQL database, on
 * PostgreSQL in a schema of its own. SEARCH_BENCH_SIZES (default "10000,100000") and
 * SEARCH_BENCH_SECONDS (default 5) change what is measured. Loopback only.
 */
import { loadavg } from 'node:os';
import autocannon from 'autocannon';
import pg from 'pg';
import { CATEGORY_CATALOGUE } from '../../src/server/db/seed/categories';
import { startBenchServer } from './start-server';

const CONNECTIONS = 16;
const SECONDS = Number(process.env.SEARCH_BENCH_SECONDS ?? 5);
const SIZES = (process.env.SEARCH_BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const POSTGRES = process.env.BENCH_DATABASE_URL;
// Generating and indexing 100,000 listings takes minutes on a busy machine.
const STARTUP_LIMIT_MS = 30 * 60_000;

const samsung = CATEGORY_CATALOGUE.find((c) => c.name === 'Samsung')!.id;
const QUERIES: Array<[label: string, path: string]> = [
  ['newest, no filter', '/api/search'],
  ['words: samsung galaxy', '/api/search?q=samsung+galaxy'],
  ['words: iphone 12 pro', '/api/search?q=iphone+12+pro'],
  ['misspelt: samsng galxy', '/api/search?q=samsng+galxy'],
  ['Bangla: আইফোন', `/api/search?q=${encodeURIComponent('আইফোন')}`],
  ['words + price, by price', '/api/search?q=galaxy&minPrice=20000&maxPrice=60000&sort=price_asc'],
  ['brand + max price', '/api/search?brand=samsung&maxPrice=30000'],
  ['category + condition, by price', `/api/search?category=${samsung}&condition=Good&sort=price_asc`],
  ['district + 7 days', '/api/search?district=Dhaka&posted=7d'],
  ['verified, price high-low', '/api/search?verified=true&sort=price_desc'],
  ['suggestions: gal', '/api/search/suggestions?q=gal'],
];

interface Row {
  label: string;
  p50: number;
  p99: number;
  rps: number;
  failures: number;
}

async function measure(origin: string): Promise<Row[]> {
  const rows: Row[] = [];
  for (const [label, path] of QUERIES) {
    const result = await autocannon({ url: origin + path, connections: CONNECTIONS, duration: SECONDS });
    rows.push({
      label,
      p50: result.latency.p50,
      p99: result.latency.p99,
      rps: result.requests.average,
      // No answer at all in the time given is a failure too, though autocannon counts none.
      failures: result.non2xx + result.errors + result.timeouts + (result.requests.total === 0 ? 1 : 0),
    });
  }
  return rows;
}

async function withSchema<T>(run: (env: Record<string, string>) => Promise<T>): Promise<T> {
  if (!POSTGRES) return run({});
  const schema = `bench_${process.pid}_${Date.now().toString(36)}`;
  const admin = new pg.Client({ connectionString: POSTGRES });
  await admin.connect();
  await admin.query(`create schema ${schema}`);
  try {
    return await run({ BENCH_DATABASE_URL: POSTGRES, BENCH_SCHEMA: schema });
  } finally {
    await admin.query(`drop schema ${schema} cascade`);
    await admin.end();
  }
}

/** The 1-minute load average, printed with each result: the machine is shared, so figures need it. */
const load = () => loadavg()[0]!.toFixed(2);

async function benchEngine(engine: 'sqlite' | 'postgres'): Promise<Map<number, Row[]>> {
  const results = new Map<number, Row[]>();
  for (const size of SIZES) {
    const run = async (env: Record<string, string>) => {
      const started = Date.now();
      const { origin, stop } = await startBenchServer({ ...env, BENCH_LISTINGS: String(size) }, STARTUP_LIMIT_MS);
      console.log(
        `${engine}, ${size} listings: generated and indexed in ${((Date.now() - started) / 1000).toFixed(0)} s`,
      );
      try {
        const before = load();
        const rows = await measure(origin);
        console.log(`${engine}, ${size} listings: measured, load average ${before} before, ${load()} after`);
        return rows;
      } finally {
        await stop();
      }
    };
    // BENCH_DATABASE_URL is in this process's environment, which the server inherits: emptied for SQLite.
    results.set(size, engine === 'postgres' ? await withSchema(run) : await run({ BENCH_DATABASE_URL: '' }));
  }
  return results;
}

/** Latencies per size, then (for two sizes) how the larger size's p50 and p99 compare with the smaller's. */
function report(engine: string, results: Map<number, Row[]>) {
  const sizes = [...results.keys()];
  const ratios = sizes.length === 2;
  const header = [
    'query'.padEnd(32),
    ...sizes.flatMap((n) => [`p50 @${n}`.padStart(12), `p99 @${n}`.padStart(12), `req/s @${n}`.padStart(13)]),
    ...(ratios ? ['p50 ratio'.padStart(10), 'p99 ratio'.padStart(10)] : []),
  ];
  console.log(`\n${engine}, ${CONNECTIONS} connections, ${SECONDS} s per query, latencies in ms\n${header.join('')}`);
  const first = results.get(sizes[0]!)!;
  first.forEach((row, index) => {
    const cells = sizes.flatMap((n) => {
      const r = results.get(n)![index]!;
      return [String(r.p50).padStart(12), String(r.p99).padStart(12), r.rps.toFixed(0).padStart(13)];
    });
    if (ratios) {
      const last = results.get(sizes[1]!)![index]!;
      cells.push((last.p50 / Math.max(1, row.p50)).toFixed(2).padStart(10));
      cells.push((last.p99 / Math.max(1, row.p99)).toFixed(2).padStart(10));
    }
    console.log(row.label.padEnd(32) + cells.join(''));
  });
  return [...results.values()].flat().every((row) => row.failures === 0);
}

console.log(
  `search benchmark: load average ${loadavg()
    .map((n) => n.toFixed(2))
    .join(', ')} at the start`,
);
let clean = report('SQLite', await benchEngine('sqlite'));
if (POSTGRES) clean = report('PostgreSQL', await benchEngine('postgres')) && clean;
else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL to measure it too.');
if (!clean) {
  console.error('\nSome requests did not succeed: the numbers above do not measure real answers.');
  process.exitCode = 1;
}
