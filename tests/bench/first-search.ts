/*
 * A word search's first answer (issue 26), as CPU of the process: on a kept store (a SQLite
 * folder, or a PostgreSQL database's URL: a copy, `createdb -T`), the listing
 * columns read first, then for each words a first search by best match (nothing kept for them), its
 * second page, a deep page past the ranked matches, and the matches' exact count beside the answer's
 * total. `ranked`: how many matches are ranked (RANKED_MATCHES; a large number ranks them all, as
 * before the bound). Usage:
 *   node --import tsx tests/bench/first-search.ts <store folder | postgres://…> [ranked]
 */
import { tmpdir } from 'node:os';
import { sql } from 'kysely';
import { searchQuerySchema } from '#shared/search';
import { openDatabase } from '#server/db/connection';
import { RANKED_MATCHES } from '#server/search/facets';
import { textMatch } from '#server/search/repository';
import { KEPT_IDS_LIMITS, SqlSearch } from '#server/search/sql-search';
import { termsOf } from '#server/search/words';

const [dataDir, rankedArgument = String(RANKED_MATCHES)] = process.argv.slice(2);
if (!dataDir) throw new Error('usage: first-search.ts <store folder> [ranked]');
const ranked = Number(rankedArgument);
// Into SQL as a LIMIT: NaN or a fraction there would fail in the middle of a run, or rank nothing.
if (!Number.isSafeInteger(ranked) || ranked < 1) {
  throw new Error(`ranked is a whole number of matches, 1 or more (was "${rankedArgument}")`);
}

const WORDS = ['samsung galaxy', 'iphone 12 pro', 'galaxy a52', 'redmi note'];
/** Past 20,000 matches at 20 a page. */
const DEEP_PAGE = 1_050;

const url = dataDir.startsWith('postgres://') ? dataDir : undefined;
const { db, engine, close } = openDatabase({ url, dataDir: url ? tmpdir() : dataDir });
const search = new SqlSearch(db, engine, KEPT_IDS_LIMITS, ranked);

async function cpuOf<T>(work: () => Promise<T>): Promise<[T, number]> {
  const before = process.cpuUsage();
  const result = await work();
  const { user, system } = process.cpuUsage(before);
  return [result, Math.round((user + system) / 1000)];
}

const [, columnsMs] = await cpuOf(() => search.search(searchQuerySchema.parse({})));
// The code's first run (compiled as it goes) on words not measured.
await search.search(searchQuerySchema.parse({ q: 'pixel', page: 2 }));
console.log(`store ${dataDir}, ranked ${ranked}: columns read in ${columnsMs} ms of CPU`);
for (const q of WORDS) {
  const [first, firstMs] = await cpuOf(() => search.search(searchQuerySchema.parse({ q })));
  const [, secondMs] = await cpuOf(() => search.search(searchQuerySchema.parse({ q, page: 2 })));
  const [deep, deepMs] = await cpuOf(() => search.search(searchQuerySchema.parse({ q, page: DEEP_PAGE })));
  const match = textMatch(engine, (await termsOf(db, q)).terms);
  const { rows } = await sql<{
    n: number | string;
  }>`select count(*) as n from search_listings s where ${match.where}`.execute(db);
  console.log(
    JSON.stringify({
      q,
      firstMs,
      secondMs,
      deepMs,
      deepRows: deep.rows.length,
      total: first.total,
      estimate: first.totalIsEstimate,
      matches: Number(rows[0]!.n),
    }),
  );
}
await close();
