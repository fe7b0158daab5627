/*
 * The mixed load of `npm run bench` (issue 26): the public reads at READ_CONNECTIONS connections,
 * alone and beside writes at 2, 10 and 50 a second of the kinds a live site has: opening the bell,
 * signing in and out, a booking request, a price edit, a new listing, a chat message. Each figure
 * is a ratio to the reads alone in the same run; and after each price edit an anonymous visitor
 * polls the phone's page until the new price shows, so the run says how long others saw the old one.
 * The server processes' CPU time during each figure gives what a write costs the readers without
 * the machine's load: the CPU beyond what the reads took at their cost alone, per write (the
 * write, what it dropped computed again, and the price polls).
 */
import autocannon from 'autocannon';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { CHAT_BUYER } from './chat';
import { withCpu, type Measured } from './load';
import { BROWSER_HEADERS } from './yardstick';

const READ_CONNECTIONS = 64;
export const WRITE_RATES = [2, 10, 50];
/** The targets at the highest rate: reads keep this share of their rate alone, and p99 within this factor. */
const KEEP_RATE = 0.8;
const P99_FACTOR = 2;
const VISIBLE_WITHIN_MS = 1000;

export interface MixedResult {
  alone: Measured & { cpuS: number };
  beside: Array<{
    rate: number;
    reads: Measured & { cpuS: number };
    writes: { ok: number; failed: number };
    visibleMs: number[];
  }>;
  seconds: number;
}

interface Writer {
  headers: Record<string, string>;
  listingId: string;
  photo: string;
  conversation: string;
  products: string[];
}

const json = (headers: Record<string, string>) => ({
  ...headers,
  'content-type': 'application/json',
  'sec-fetch-site': 'same-origin',
});

async function call(origin: string, method: string, path: string, headers: Record<string, string>, body?: unknown) {
  const response = await fetch(origin + path, {
    method,
    headers: json(headers),
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}: ${await response.text()}`);
  return response;
}

const cookieOf = (response: Response) =>
  response.headers
    .getSetCookie()
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.startsWith('phonehaat_session='))
    .join('; ');

/** The bench buyer (chat.ts) starts selling too, uploads a photo and lists a phone to edit. */
async function prepareWriter(origin: string): Promise<Writer> {
  const cookie = cookieOf(await call(origin, 'POST', '/api/auth/login', {}, CHAT_BUYER));
  const headers = { cookie };
  await call(origin, 'POST', '/api/account/start-selling', headers, {
    name: 'Bench Buyer',
    phoneNumber: '01711223344',
    acceptTerms: true,
  });
  const picture = await phonePicture({ caption: 'Bench', hue: 120, width: 640, height: 480 });
  const form = new FormData();
  form.append('image', new Blob([new Uint8Array(picture)], { type: 'image/webp' }), 'photo.webp');
  const uploaded = await fetch(`${origin}/api/uploads`, {
    method: 'POST',
    headers: { cookie, 'sec-fetch-site': 'same-origin' },
    body: form,
  });
  if (!uploaded.ok) throw new Error(`the bench photo was refused: ${uploaded.status}`);
  const photo = ((await uploaded.json()) as { data: { url: string } }).data.url;
  const listingId = await listPhone(origin, headers, photo, 0);
  const inbox = await call(origin, 'GET', '/api/conversations/inbox/buying', headers);
  const conversation = ((await inbox.json()) as Array<{ _id: string }>)[0]!._id;
  const products: string[] = [];
  for (let page = 1; page <= 10; page += 1) {
    const list = await call(origin, 'GET', `/api/all/phones?limit=100&page=${page}`, {});
    products.push(...((await list.json()) as Array<{ _id: string }>).map((p) => p._id));
  }
  return { headers, listingId, photo, conversation, products };
}

async function listPhone(origin: string, headers: Record<string, string>, photo: string, n: number) {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  const listed = await call(origin, 'POST', '/api/store_products', headers, { ...fields, productImg: photo });
  return ((await listed.json()) as { insertedId: string }).insertedId;
}

let written = 0;

/** One write of each kind in turn; a price edit answers the new price. */
function nextWrite(origin: string, writer: Writer): () => Promise<number | undefined> {
  written += 1;
  const n = written;
  const { headers } = writer;
  const kinds: Array<() => Promise<number | undefined>> = [
    async () => void (await call(origin, 'PUT', '/api/notifications/read', headers)),
    async () => {
      const session = cookieOf(await call(origin, 'POST', '/api/auth/login', {}, CHAT_BUYER));
      await call(origin, 'POST', '/api/auth/logout', { cookie: session });
      return undefined;
    },
    async () =>
      void (await call(origin, 'POST', '/api/store/booking/product', headers, {
        productId: writer.products[n % writer.products.length],
        phoneNumber: '01711223344',
        meetLocation: 'Rangpur',
      })),
    async () => {
      const { caption: _caption, hue: _hue, ...fields } = demoListing(0);
      // Each edit's price above the last: a visitor who sees a later one has seen this one too.
      const price = 20_000 + n;
      await call(origin, 'PUT', `/api/edit/product/${writer.listingId}`, headers, {
        ...fields,
        resalePrice: price,
        productImg: writer.photo,
      });
      return price;
    },
    async () => void (await listPhone(origin, headers, writer.photo, n)),
    async () =>
      void (await call(origin, 'POST', `/api/conversations/${writer.conversation}/messages`, headers, {
        clientId: `mixed-${process.pid}-${n}`,
        text: `Still for sale? (${n})`,
      })),
  ];
  return kinds[n % kinds.length]!;
}

/** How long after a price edit's answer an anonymous visitor first sees the new price (or a later edit's). */
async function visibleAfter(origin: string, listingId: string, price: number): Promise<number> {
  const start = Date.now();
  while (Date.now() - start < 10_000) {
    const page = await fetch(`${origin}/api/addvertise/product/${listingId}`, { headers: BROWSER_HEADERS });
    if (((await page.json()) as { resalePrice: number }).resalePrice >= price) return Date.now() - start;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return Infinity;
}

/** Writes at `rate` a second for `seconds`, each on time whatever the last one took. */
async function writeAt(origin: string, writer: Writer, rate: number, seconds: number) {
  const counts = { ok: 0, failed: 0 };
  const visibleMs: number[] = [];
  const pending: Array<Promise<void>> = [];
  const start = Date.now();
  for (let n = 0; n < rate * seconds; n += 1) {
    const due = start + (n * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const write = nextWrite(origin, writer);
    pending.push(
      write().then(
        async (price) => {
          counts.ok += 1;
          if (price !== undefined) visibleMs.push(await visibleAfter(origin, writer.listingId, price));
        },
        () => void (counts.failed += 1),
      ),
    );
  }
  await Promise.all(pending);
  return { counts, visibleMs };
}

/** The public reads in turn, from many addresses, at READ_CONNECTIONS connections. */
async function readLoad(origin: string, paths: string[], seconds: number): Promise<Measured> {
  let sent = 0;
  const result = await autocannon({
    url: origin,
    connections: READ_CONNECTIONS,
    duration: seconds,
    headers: BROWSER_HEADERS,
    requests: [
      {
        setupRequest: (request) => {
          const n = sent++;
          return {
            ...request,
            path: paths[n % paths.length]!,
            headers: { ...request.headers, 'x-forwarded-for': `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}` },
          };
        },
      },
    ],
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    failures: result.non2xx + result.errors + result.timeouts,
  };
}

async function readPaths(origin: string): Promise<string[]> {
  const first = async (path: string) => ((await (await fetch(origin + path)).json()) as Array<{ _id: string }>)[0]!._id;
  return [
    '/api/all/phones',
    '/api/advertised_products',
    '/api/categoires',
    `/api/category/${await first('/api/categoires')}`,
    `/api/addvertise/product/${await first('/api/all/phones')}`,
    '/api/search?q=samsung+galaxy',
  ];
}

/** Reads alone, then beside each write rate, `seconds` each; `cpuSeconds` reads the server processes' CPU time. */
export async function measureMixed(
  origin: string,
  seconds: number,
  cpuSeconds: () => Promise<number>,
): Promise<MixedResult> {
  const writer = await prepareWriter(origin);
  const paths = await readPaths(origin);
  await readLoad(origin, paths, 1);
  const [alone, aloneCpuS] = await withCpu(cpuSeconds, () => readLoad(origin, paths, seconds));
  const beside: MixedResult['beside'] = [];
  for (const rate of WRITE_RATES) {
    const [[reads, { counts, visibleMs }], cpuS] = await withCpu(cpuSeconds, () =>
      Promise.all([readLoad(origin, paths, seconds), writeAt(origin, writer, rate, seconds)]),
    );
    beside.push({ rate, reads: { ...reads, cpuS }, writes: counts, visibleMs });
  }
  return { alone: { ...alone, cpuS: aloneCpuS }, beside, seconds };
}

/** Prints the table; answers whether the targets held at the highest rate and every price showed in time. */
export function reportMixed(engine: string, { alone, beside, seconds }: MixedResult): boolean {
  // The server's CPU per read alone, and beside writes what it used beyond the reads at that cost, per write.
  const readMs = (alone.cpuS * 1000) / Math.max(1, alone.rps * seconds);
  console.log(`\n${engine}, mixed load: public reads beside writes (ratios to the reads alone in this run)`);
  console.log(
    `${'writes/s'.padEnd(10)}${'req/s'.padStart(8)}${'ratio'.padStart(7)}${'p99'.padStart(6)}${'×alone'.padStart(8)}${'writes ok/failed'.padStart(18)}${'price seen after (max)'.padStart(24)}${'server CPU s/s'.padStart(16)}${'CPU ms/write'.padStart(14)}`,
  );
  console.log(
    `${'none'.padEnd(10)}${alone.rps.toFixed(0).padStart(8)}${'1.00'.padStart(7)}${String(alone.p99).padStart(6)}${''.padStart(8 + 18 + 24)}${(alone.cpuS / seconds).toFixed(2).padStart(16)}${`(${readMs.toFixed(2)}/read)`.padStart(14)}`,
  );
  let held = true;
  for (const { rate, reads, writes, visibleMs } of beside) {
    const ratio = reads.rps / alone.rps;
    const p99 = reads.p99 / Math.max(1, alone.p99);
    const seen = visibleMs.length ? Math.max(...visibleMs) : NaN;
    const perWrite = (reads.cpuS * 1000 - reads.rps * seconds * readMs) / Math.max(1, writes.ok);
    console.log(
      `${String(rate).padEnd(10)}${reads.rps.toFixed(0).padStart(8)}${ratio.toFixed(2).padStart(7)}${String(reads.p99).padStart(6)}${p99.toFixed(2).padStart(8)}${`${writes.ok}/${writes.failed}`.padStart(18)}${`${seen} ms`.padStart(24)}${(reads.cpuS / seconds).toFixed(2).padStart(16)}${perWrite.toFixed(1).padStart(14)}`,
    );
    const targets: Array<[string, boolean]> = [
      [`a changed price seen within ${VISIBLE_WITHIN_MS} ms`, seen <= VISIBLE_WITHIN_MS],
    ];
    if (rate === Math.max(...WRITE_RATES)) {
      targets.push([`reads keep ≥ ${KEEP_RATE} of their rate alone`, ratio >= KEEP_RATE]);
      targets.push([`p99 ≤ ${P99_FACTOR}× alone`, p99 <= P99_FACTOR]);
    }
    for (const [target, ok] of targets) {
      console.log(`  ${ok ? 'held' : 'missed'}: ${rate} writes/s: ${target}`);
      held &&= ok;
    }
  }
  return held;
}
