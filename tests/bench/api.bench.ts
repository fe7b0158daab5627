/*
 * `npm run bench`: the marketplace as a user starts it (marketplace.ts), at 10,000 and 100,000
 * generated listings (BENCH_SIZES), on SQLite and on PostgreSQL (BENCH_DATABASE_URL, default the
 * local server's `postgres` database; skipped when none answers). Per engine, one marketplace per
 * size runs at once, and they are measured in turn: every public read against a bare node:http
 * server sending the same bytes (public-reads.ts), the search requests (search-queries.ts), each
 * server's memory after that load, then the search requests as a long tail of different searches
 * and the memory again, chat's two signed-in calls (chat.ts), and the public reads beside a stream
 * of writes (mixed.ts). Prints the tables and which targets held (report.ts); exits
 * 1 when a request failed. BENCH_SECONDS (default 2): time per measurement; BENCH_ROUNDS (default
 * 3): measurements per figure, of which the median is kept; BENCH_ENGINES (default
 * `sqlite,postgres`); BENCH_ONLY=mixed measures the mixed load alone (a before/after of a write's
 * cost in minutes, not the whole hour); BENCH_ONLY=sizes measures the sizes against each other alone
 * (start-up, the public reads with their CPU per answer, searches, memory: the million's targets),
 * without chat, the mixed load and the alerts, which write into the stores.
 */
import { loadAverage } from './load';
import { startMarketplace, type BenchEngine, type Marketplace } from './marketplace';
import { measureReads, READ_CONNECTIONS } from './public-reads';
import { report, type SizeResult } from './report';
import { measureLongTail, measureSearches } from './search-queries';
import { measureChat, reportChat, type ChatResult } from './chat';
import { benchAlertListing } from './alerts-listing';
import { enginesToMeasure } from './engines';
import { measureMixed, reportMixed, type MixedResult } from './mixed';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 2);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 3);
const SIZES = (process.env.BENCH_SIZES ?? '10000,100000').split(',').map(Number);
const ONLY_MIXED = process.env.BENCH_ONLY === 'mixed';
/** The sizes compared alone (start-up, reads, searches, memory): no chat, mixed load or alerts, which write. */
const ONLY_SIZES = process.env.BENCH_ONLY === 'sizes';

/** The reads beside a stream of writes (mixed.ts), with the server's CPU time, in ROUNDS rounds. */
const mixedOn = (app: Marketplace) => measureMixed(app, SECONDS * 2, ROUNDS);

const memoryOf = async (apps: Map<number, Marketplace>) =>
  new Map(await Promise.all([...apps].map(async ([size, app]) => [size, await app.memory()] as const)));

async function benchEngine(
  engine: BenchEngine,
): Promise<{ results?: Map<number, SizeResult>; chat?: ChatResult; mixed?: MixedResult }> {
  const apps = new Map<number, Marketplace>();
  try {
    for (const size of SIZES) {
      const app = await startMarketplace(engine, size);
      apps.set(size, app);
      console.log(
        `${engine}, ${size} listings: ${app.reused ? 'kept from an earlier run' : `generated in ${app.filledInS.toFixed(0)} s`}; started and answering in ${app.startedInS.toFixed(1)} s (target: 60 s: ${app.startedInS <= 60 ? 'held' : 'missed'}), search columns read by every process ${app.searchReadyInS.toFixed(1)} s later, idle (past the first housekeeping round) ${app.settledInS.toFixed(1)} s after that`,
      );
    }
    const origins = new Map([...apps].map(([size, app]) => [size, app.origin]));
    console.log(
      `${engine}: measuring ${apps.get(SIZES[0]!)!.processes} server processes, load average ${loadAverage()}`,
    );
    if (ONLY_MIXED) {
      const mixed = await mixedOn(apps.get(SIZES[0]!)!);
      console.log(`${engine}: measured, load average ${loadAverage()}`);
      return { mixed };
    }
    const reads = await measureReads(apps, SECONDS, ROUNDS);
    const searches = await measureSearches(origins, SECONDS, ROUNDS);
    const memoryMb = await memoryOf(apps);
    await measureLongTail(origins, SECONDS, ROUNDS, searches);
    const memoryAfterLongTailMb = await memoryOf(apps);
    const smallest = apps.get(SIZES[0]!)!;
    const results = new Map<number, SizeResult>();
    for (const [size, app] of apps) {
      results.set(size, {
        reads: reads.get(size)!,
        searches: searches.get(size)!,
        memoryMb: memoryMb.get(size)!,
        memoryAfterLongTailMb: memoryAfterLongTailMb.get(size)!,
        startedInS: app.startedInS,
      });
    }
    if (ONLY_SIZES) {
      console.log(`${engine}: measured, load average ${loadAverage()}`);
      return { results };
    }
    // Chat is the same at every catalogue size: measured on the smallest, whose buyer has 1,000 conversations.
    const chat = await measureChat(smallest, SECONDS, ROUNDS);
    // The reads beside a stream of writes (mixed.ts), on the smallest catalogue: last, as it writes.
    const mixed = await mixedOn(smallest);
    console.log(`${engine}: measured, load average ${loadAverage()}`);
    return { results, chat, mixed };
  } finally {
    await Promise.all([...apps.values()].map((app) => app.stop()));
  }
}

const engines = await enginesToMeasure();
console.log(
  `benchmark: ${engines.join(' and ')}, ${SIZES.join(' and ')} listings, load average ${loadAverage()} at the start`,
);

let held = true;
let clean = true;
for (const engine of engines) {
  const { results, chat, mixed } = await benchEngine(engine);
  const settings = `${READ_CONNECTIONS} connections, median of ${ROUNDS} × ${SECONDS} s; the bare server in as many processes as the app`;
  if (results) held = report(engine, results, settings) && held;
  if (chat) held = reportChat(engine, chat) && held;
  if (mixed) held = reportMixed(engine, mixed) && held;
  clean &&= [...(results?.values() ?? [])].every((r) => r.reads.every((row) => row.app.failures === 0));
}
// Listing a phone with 100,000 saved alerts (docs/alerts.md).
if (!ONLY_MIXED && !ONLY_SIZES) for (const engine of engines) held = (await benchAlertListing(engine)) && held;
console.log(held ? '\nEvery target held.' : '\nSome targets were missed (listed above).');
if (!clean) {
  console.error('Some requests did not succeed: the numbers above do not measure real answers.');
  process.exitCode = 1;
}
