/*
 * The search benchmark (part of `npm run bench`): p99 latency and requests per second of text
 * queries, filter combinations and sorts at 16 connections, against 10,000 and 100,000 generated
 * listings (./generate.ts), on SQLite and, when BENCH_DATABASE_URL names a PostgreSQL database, on
 * PostgreSQL in a schema of its own. SEARCH_BENCH_SIZES (default "10000,100000") and
 * SEARCH_BENCH_SECONDS (default 5) change what is measured. Loopback only.
 */
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
      p99: result.latency.p99,
      rps: result.requests.average,
      failures: result.non2xx + result.errors + result.timeouts,
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
        return await measure(origin);
      } finally {
        await stop();
      }
    };
    results.set(size, engine === 'postgres' ? await withSchema(run) : await run({}));
  }
  return results;
}

function report(engine: string, results: Map<number, Row[]>) {
  const sizes = [...results.keys()];
  const header = [
    'query'.padEnd(34),
    ...sizes.flatMap((n) => [`p99 ms @${n}`.padStart(15), `req/s @${n}`.padStart(15)]),
  ];
  if (sizes.length === 2) header.push('p99 ratio'.padStart(11));
  console.log(`\n${engine}, ${CONNECTIONS} connections, ${SECONDS} s per query\n${header.join('')}`);
  const first = results.get(sizes[0]!)!;
  first.forEach((row, index) => {
    const cells = sizes.flatMap((n) => {
      const r = results.get(n)![index]!;
      return [String(r.p99).padStart(15), r.rps.toFixed(0).padStart(15)];
    });
    if (sizes.length === 2) {
      const last = results.get(sizes[1]!)![index]!;
      cells.push((last.p99 / Math.max(1, row.p99)).toFixed(2).padStart(11));
    }
    console.log(row.label.padEnd(34) + cells.join(''));
  });
  return [...results.values()].flat().every((row) => row.failures === 0);
}

let clean = report('SQLite', await benchEngine('sqlite'));
if (POSTGRES) clean = report('PostgreSQL', await benchEngine('postgres')) && clean;
else console.log('\nPostgreSQL skipped: set BENCH_DATABASE_URL to measure it too.');
if (!clean) {
  console.error('\nSome requests did not succeed: the numbers above do not measure real answers.');
  process.exitCode = 1;
}
