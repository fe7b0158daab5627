/*
 * The public reads of the marketplace, each measured against the bare server sending the same bytes
 * (yardstick.ts), one after the other in the same run.
 */
import { measureLoad, type Measured } from './load';
import { recordAnswers, startBareServer } from './yardstick';

export const READ_CONNECTIONS = 64;
const DEEP_PAGE = 200;

export interface ReadRow {
  label: string;
  app: Measured;
  bare: Measured;
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
  const category = `/api/category/${(await read('/api/categoires')).first}`;
  return [
    ['all phones, first page', '/api/all/phones'],
    ['all phones, deep page', await deep('/api/all/phones')],
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

export async function measureReads(origin: string, seconds: number): Promise<ReadRow[]> {
  const reads = await publicReads(origin);
  const bare = await startBareServer(
    await recordAnswers(
      origin,
      reads.map(([, path]) => path),
    ),
  );
  try {
    const rows: ReadRow[] = [];
    for (const [label, path] of reads) {
      rows.push({
        label,
        bare: await measureLoad(bare.origin + path, READ_CONNECTIONS, seconds),
        app: await measureLoad(origin + path, READ_CONNECTIONS, seconds),
      });
    }
    return rows;
  } finally {
    await bare.stop();
  }
}
