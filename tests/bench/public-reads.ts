/*
 * The public reads of the marketplace, each measured against the bare server sending the same bytes
 * (yardstick.ts), in turn in the same run.
 */
import { measureInTurn, type Measured } from './load';
import type { Marketplace } from './marketplace';
import { recordAnswers, startBareServer, type BareServer } from './yardstick';

export const READ_CONNECTIONS = 64;
/** As for the long tail of searches: a computed answer's cost shows at fewer connections. */
const COMPUTED_CONNECTIONS = 16;
const DEEP_PAGE = 200;

export interface ReadRow {
  label: string;
  app: Measured;
  bare: Measured;
  /** The app with every request new (a parameter the API ignores): every answer computed, as on a miss. */
  computed: Measured;
}

/** The reads, with ids and page numbers taken from the data at hand. */
async function publicReads(origin: string): Promise<Array<[label: string, path: string]>> {
  const read = async (path: string) => {
    const response = await fetch(origin + path);
    if (!response.ok) throw new Error(`${path} answered ${response.status}`);
    const body = (await response.json()) as Array<{ _id: string }>;
    return { first: body[0]!._id, pages: Math.ceil(Number(response.headers.get('x-total-count')) / 20) };
  };
  const deep = async (path: string) =>
    `${path}${path.includes('?') ? '&' : '?'}page=${Math.min(DEEP_PAGE, Math.max(1, (await read(path)).pages))}`;
  /** The same deep page by the cursor the page before it links to, as a client following links asks for it. */
  const deepByCursor = async (path: string) => {
    const before = (await deep(path)).replace(
      /page=(\d+)$/,
      (_, page: string) => `page=${Math.max(1, Number(page) - 1)}`,
    );
    const next = /<([^>]+)>; rel="next"/.exec((await fetch(origin + before)).headers.get('link') ?? '')?.[1];
    if (!next) throw new Error(`${before} links to no next page`);
    return next;
  };
  const category = `/api/category/${(await read('/api/categoires')).first}`;
  return [
    ['all phones, first page', '/api/all/phones'],
    ['all phones, deep page', await deep('/api/all/phones')],
    ['all phones, deep by cursor', await deepByCursor('/api/all/phones')],
    ['advertised, first page', '/api/advertised_products'],
    ['advertised, deep page', await deep('/api/advertised_products')],
    ['category, first page', category],
    ['category, deep page', await deep(category)],
    ['a product', `/api/addvertise/product/${(await read('/api/all/phones')).first}`],
    ['categories', '/api/categoires'],
    ['search: words', '/api/search?q=samsung+galaxy'],
    ['search: filters, by price', '/api/search?brand=samsung&maxPrice=30000&sort=price_asc'],
  ];
}

/**
 * Every read of every marketplace (one per size, all running at once) against its bare server (in as
 * many processes as the app), in turn: for each read, the bare server and the app of each size one
 * after the other, `rounds` times.
 */
export async function measureReads(
  apps: Map<number, Marketplace>,
  seconds: number,
  rounds: number,
): Promise<Map<number, ReadRow[]>> {
  const sides: Array<{ size: number; origin: string; reads: Array<[string, string]>; bare: BareServer }> = [];
  try {
    for (const [size, { origin, processes }] of apps) {
      const reads = await publicReads(origin);
      const answers = await recordAnswers(
        origin,
        reads.map(([, path]) => path),
      );
      sides.push({ size, origin, reads, bare: await startBareServer(answers, processes) });
    }
    const rows = new Map(sides.map(({ size }) => [size, [] as ReadRow[]]));
    for (const [index, [label]] of sides[0]!.reads.entries()) {
      const urls = sides.flatMap(({ origin, reads, bare }) => [bare.origin, origin].map((o) => o + reads[index]![1]));
      // The app's CPU per answer too (every second URL is an app's), for the 1M/100k cost ratio.
      const measured = await measureInTurn(urls, READ_CONNECTIONS, seconds, rounds, (at) => {
        if (at % 2 === 0) return {};
        const app = apps.get(sides[(at - 1) / 2]!.size)!;
        return { cpuSeconds: app.cpuSeconds, databaseCpuSeconds: app.databaseCpuSeconds };
      });
      // With each marketplace's CPU per answer: the cost that the 1M/100k target compares, which the
      // machine's other load moves far less than the rates.
      const computed = await measureInTurn(
        sides.map(({ origin, reads }) => origin + reads[index]![1]),
        COMPUTED_CONNECTIONS,
        seconds,
        rounds,
        (side) => {
          const app = apps.get(sides[side]!.size)!;
          return { everyRequestNew: true, cpuSeconds: app.cpuSeconds, databaseCpuSeconds: app.databaseCpuSeconds };
        },
      );
      sides.forEach(({ size }, side) => {
        rows
          .get(size)!
          .push({ label, bare: measured[2 * side]!, app: measured[2 * side + 1]!, computed: computed[side]! });
      });
    }
    return rows;
  } finally {
    await Promise.all(sides.map(({ bare }) => bare.stop()));
  }
}
