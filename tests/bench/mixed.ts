/*
 * The mixed load of `npm run bench` (issue 26): the public reads at READ_CONNECTIONS connections,
 * alone and beside writes at 2, 10 and 50 a second of the kinds a live site has: opening the bell,
 * signing in and out, a booking request, a price edit, a new listing, a chat message.
 *
 * The reads come from wrk (wrk.ts), a process of its own that outruns the servers, not from this
 * process, which makes the writes: a slow write or poll here then never slows the read load. The
 * same six reads are measured on a bare node:http server sending the app's very bytes (yardstick.ts),
 * so a run shows whether the app or the generator was the limit. Every measurement gets the same
 * unmeasured second of reads first. The reads alone are measured before each write rate, in turn
 * (bare, alone, 2, alone, 10, alone, 50), `rounds` times: each rate's figure is its ratio to the
 * reads alone just before it, the median over the rounds with their spread, so a slow spell of the
 * shared machine lands on one pair, not on every figure; a p99's factor is to the median p99 of all
 * the measurements alone, which a single round's spike cannot move.
 *
 * The price edits go to EDITED phones in turn, listed at the start, so no phone's price history
 * grows long over a run (an edit reads it). An anonymous visitor polls an edited phone's page every
 * POLL_MS through a connection of its own during every measurement of the app, alone too (so the
 * reads alone carry the same polls): the phone of the oldest edit it has not yet seen, else each in
 * turn. The run says how long after each price edit's answer others still saw the old price. The server
 * processes' CPU time gives what a write costs without the machine's load: the CPU beyond what the
 * reads took at their cost alone just before, per write (the write and what it dropped computed again);
 * on PostgreSQL, its backends' CPU likewise. Each server process's event-loop delay over each
 * measurement (start/loop-delay.ts) says how long a request waited for the loop before its first
 * line ran, whatever held it (a statement, a computation, GC).
 */
import { Agent, get, request, type ClientRequest, type IncomingHttpHeaders } from 'node:http';
import { demoListing } from '#server/start/seed/factories';
import { phonePicture } from '#server/start/seed/pictures';
import { CHAT_BUYER } from './chat';
import { withCpu, type Measured } from './load';
import type { LoopDelay, Marketplace } from './marketplace';
import { wrk } from './wrk';
import { BROWSER_HEADERS, recordAnswers, startBareServer } from './yardstick';
import { describeMix, WRITE_MIXES, writeCycle, writeMixesToMeasure, type WriteKind, type WriteMix } from './write-mix';

const READ_CONNECTIONS = 64;
export const WRITE_RATES = [2, 10, 50];
/** The targets at the highest rate: reads keep this share of their rate alone, and p99 within this factor. */
const KEEP_RATE = 0.8;
const P99_FACTOR = 2;
const VISIBLE_WITHIN_MS = 1000;

/** How often the anonymous visitor asks for an edited phone's page. */
const POLL_MS = 20;
/**
 * The phones whose prices are edited, in turn: an edit reads its phone's price history, which one
 * phone edited throughout made longer with every edit of a run (16% of an edit's CPU at 4,400).
 */
const EDITED = 16;
/** How long after the last write the visitor goes on looking for its price. */
const LOOK_MS = 10_000;

/**
 * The server processes' CPU seconds over the measurement, PostgreSQL's backends' (0 on SQLite), and
 * the event-loop delay of the server process where it was worst (its p99 and longest, in ms).
 */
type Figure = Measured & { cpuS: number; databaseCpuS: number; loop: LoopDelay };

/** A price edit as answered: when, of which phone, to which price. */
interface Edit {
  answered: number;
  listingId: string;
  price: number;
}

/** A price a visitor never saw: what their last poll of its phone showed, and the page computed anew then. */
interface Unseen {
  price: number;
  polled: number;
  computed: number;
}

interface Beside {
  rate: number;
  /** The kinds of write and their shares (write-mix.ts). */
  mix: WriteMix;
  /** The reads alone measured just before this rate's. */
  alone: Figure;
  reads: Figure;
  writes: { ok: number; failed: number; firstFailure: string };
  visibleMs: number[];
  unseen: Unseen[];
  /** The visitor's polls not answered 200, alone and beside writes. */
  pollsFailed: number;
}

export interface MixedResult {
  processes: number;
  /** The write mixes measured, the first the one the targets are judged on (BENCH_WRITE_MIX). */
  mixes: WriteMix[];
  /** The bare server, once a round, with its processes' CPU seconds. */
  bare: Array<Measured & { cpuS: number }>;
  /** Every rate's measurements, one a round: each rate's with each mix in turn. */
  rounds: Beside[][];
  seconds: number;
}

/** A buyer of the pool: their sign-in, their session, and the conversation they started about a phone. */
interface Buyer {
  credentials: { email: string; password: string };
  headers: Record<string, string>;
  conversation: string;
}

interface Writer {
  /** The seller's session: the edited phones' and the new listings'. */
  headers: Record<string, string>;
  /** The phones whose prices are edited, in turn. */
  edited: string[];
  photo: string;
  products: string[];
  buyers: Buyer[];
}

/**
 * Buyers the bell, sign-ins, bookings and messages are spread over in turn, as a live site's come
 * from many people: all from one account, they queued on its rows' locks (docs/performance.md).
 */
const BUYERS = 32;

const json = (headers: Record<string, string>) => ({
  ...headers,
  'content-type': 'application/json',
  'sec-fetch-site': 'same-origin',
});

let calls = 0;

/** A write's answer, read whole (so its connection goes back to the pool). */
interface Answer {
  status: number;
  headers: IncomingHttpHeaders;
  text: string;
}

/**
 * The writes' connections, kept open between calls as a browser keeps its own. Through node:http,
 * not fetch: the writer runs on the machine the server and wrk share, and what it spends is taken
 * from the reads. At 50 writes a second it used 1.4 to 1.8 ms of CPU a write through fetch, 0.8 to
 * 1.2 through node:http (29 Nov 2026, two cores, each three rounds). An idle connection is closed
 * before the server's own idle limit (72 s) would close it under a write.
 */
const connectionsOf = new Map<string, Agent>();

/**
 * A person's own connections (by their session, or as `call` names them; one more for the other
 * signed-out calls), as each visitor's browser has its own: the cluster hands each new connection to the next process, so a live site's
 * writes come to every process. Through one pool of connections, reused, they all came to one:
 * that process took all 50 writes a second while the other took none (29 Nov 2026, counted at the
 * front door). The bench's people are a few dozen, all kept.
 */
function connectionsFor(person: string): Agent {
  let agent = connectionsOf.get(person);
  if (!agent) connectionsOf.set(person, (agent = new Agent({ keepAlive: true, timeout: 60_000 })));
  return agent;
}
/** A write not answered by then has failed (a stuck one would hold the run's last wait for ever). */
const WRITE_TIMEOUT_MS = 30_000;

/** An answer read whole, as text. */
function answerOf(sent: ClientRequest): Promise<Answer> {
  return new Promise((resolve, reject) => {
    sent.on('response', (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode!, headers: response.headers, text }));
      response.on('error', reject);
    });
    sent.on('error', reject);
  });
}

/**
 * Each call from another address, as a live site's writes come from many people: from one, the
 * sign-ins alone would meet the per-address limit of sign-ins a minute within a round.
 */
async function call(
  origin: string,
  method: string,
  path: string,
  headers: Record<string, string>,
  body?: unknown,
  person = headers.cookie ?? '',
) {
  calls += 1;
  const payload = body === undefined ? undefined : JSON.stringify(body);
  const sent = request(origin + path, {
    method,
    agent: connectionsFor(person),
    timeout: WRITE_TIMEOUT_MS,
    headers: {
      ...json(headers),
      'x-forwarded-for': `10.251.${(calls >> 8) & 255}.${calls & 255}`,
      ...(payload === undefined ? {} : { 'content-length': Buffer.byteLength(payload) }),
    },
  });
  sent.on('timeout', () => sent.destroy(new Error(`${method} ${path} not answered within ${WRITE_TIMEOUT_MS} ms`)));
  const answering = answerOf(sent);
  sent.end(payload);
  const answer = await answering;
  if (answer.status < 200 || answer.status > 299) {
    throw new Error(`${method} ${path} answered ${answer.status}: ${answer.text}`);
  }
  return answer;
}

const cookieOf = (answer: Answer) =>
  (answer.headers['set-cookie'] ?? [])
    .map((line) => line.split(';')[0]!)
    .filter((pair) => pair.startsWith('phonehaat_session='))
    .join('; ');

/**
 * The bench buyer (chat.ts) starts selling, uploads a photo and lists EDITED phones to edit (listing
 * asks for a proven address, which only the generated accounts have); BUYERS new buyers sign up.
 */
export async function prepareWriter(origin: string): Promise<Writer> {
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
  const edited: string[] = [];
  for (let n = 0; n < EDITED; n += 1) edited.push(await listPhone(origin, headers, photo, 0));
  // Phones to ask to book: ten pages picked at random, so a kept store's next run asks for others
  // (a second request for the same phone is refused, and a refusal costs less than a booking).
  const products: string[] = [];
  const pages = Math.max(
    1,
    Math.floor(Number((await call(origin, 'GET', '/api/all/phones', {})).headers['x-total-count']) / 100),
  );
  for (let n = 0; n < 10; n += 1) {
    const page = 1 + Math.floor(Math.random() * pages);
    const list = await call(origin, 'GET', `/api/all/phones?limit=100&page=${page}`, {});
    products.push(...(JSON.parse(list.text) as Array<{ _id: string }>).map((p) => p._id));
  }
  const run = `${process.pid}.${Date.now().toString(36)}`;
  const buyers = await Promise.all(
    Array.from({ length: BUYERS }, (_, n) => signUpBuyer(origin, run, n, products[n % products.length]!)),
  );
  return { headers, edited, photo, products, buyers };
}

/**
 * A new buyer, named after the run (a kept store keeps the last run's), who starts a conversation
 * about a phone: a new account's few a day, of which this is the only one.
 */
async function signUpBuyer(origin: string, run: string, n: number, productId: string): Promise<Buyer> {
  const credentials = { email: `bench.mixed.${run}.${n}@example.test`, password: 'bench mixed password' };
  const headers = { cookie: cookieOf(await call(origin, 'POST', '/api/auth/signup', {}, credentials)) };
  await call(origin, 'POST', '/api/addUser', headers, {
    name: `Bench Buyer ${n}`,
    email: credentials.email,
    role: 'buyer',
  });
  const started = await call(origin, 'POST', '/api/conversations', headers, { productId });
  return { credentials, headers, conversation: (JSON.parse(started.text) as { _id: string })._id };
}

async function listPhone(origin: string, headers: Record<string, string>, photo: string, n: number) {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  const listed = await call(origin, 'POST', '/api/store_products', headers, { ...fields, productImg: photo });
  return (JSON.parse(listed.text) as { insertedId: string }).insertedId;
}

let written = 0;
/**
 * Each phone's last price edit, which its next one waits for: edits of one phone sent side by side
 * may be committed in another order than sent (two processes, a lock queue), and the phone would
 * then end on an earlier price than the last one answered, which no visitor could ever see.
 */
const lastEdits = new Map<string, Promise<unknown>>();

/** Each kind's writes so far: its n-th goes to buyer n, so every kind meets every buyer of the pool in turn. */
const writtenOfKind = new Map<WriteKind, number>();

/** One write of `kind`; a price edit answers its phone and new price. A buyer's writes go to the pool's buyers in turn. */
function writeOf(kind: WriteKind, origin: string, writer: Writer): () => Promise<Omit<Edit, 'answered'> | undefined> {
  written += 1;
  const n = written;
  const ofKind = writtenOfKind.get(kind) ?? 0;
  writtenOfKind.set(kind, ofKind + 1);
  const { headers } = writer;
  const buyer = writer.buyers[ofKind % writer.buyers.length]!;
  switch (kind) {
    case 'bell':
      return async () => void (await call(origin, 'PUT', '/api/notifications/read', buyer.headers));
    case 'sign-in':
      return async () => {
        // On the buyer's own connections: each sign-in's session is a new one.
        const person = buyer.credentials.email;
        const session = cookieOf(await call(origin, 'POST', '/api/auth/login', {}, buyer.credentials, person));
        await call(origin, 'POST', '/api/auth/logout', { cookie: session }, undefined, person);
        return undefined;
      };
    case 'booking':
      return async () =>
        void (await call(origin, 'POST', '/api/store/booking/product', buyer.headers, {
          productId: writer.products[n % writer.products.length],
          phoneNumber: '01711223344',
          meetLocation: 'Rangpur',
        }));
    case 'price edit':
      return async () => {
        const { caption: _caption, hue: _hue, ...fields } = demoListing(0);
        const listingId = writer.edited[ofKind % writer.edited.length]!;
        // Each edit's price above the last: a visitor who sees a later one has seen this one too.
        // Above the listed price too: a lower price sends a listing to review (hidden) once five of
        // its model are for sale (docs/trust.md), as the edited phones are.
        const price = fields.resalePrice + n;
        const edit = (lastEdits.get(listingId) ?? Promise.resolve()).then(() =>
          call(origin, 'PUT', `/api/edit/product/${listingId}`, headers, {
            ...fields,
            resalePrice: price,
            productImg: writer.photo,
          }),
        );
        lastEdits.set(
          listingId,
          edit.catch(() => {}),
        );
        await edit;
        return { listingId, price };
      };
    case 'new listing':
      // The n-th new listing, not the n-th write: a new listing comes at the same place in every cycle
      // of the mix (write-mix.ts), so the n-th write put every one in the same category and model.
      return async () => void (await listPhone(origin, headers, writer.photo, ofKind));
    case 'message':
      return async () =>
        void (await call(origin, 'POST', `/api/conversations/${buyer.conversation}/messages`, buyer.headers, {
          clientId: `mixed-${process.pid}-${n}`,
          text: `Still for sale? (${n})`,
        }));
  }
}

/** The phone's price as a page answers it, through `agent`, from an address of the visitor's own. */
async function priceOf(url: string, agent: Agent | undefined, n: number): Promise<number> {
  const answer = await answerOf(
    get(url, { agent, headers: { 'x-forwarded-for': `10.250.${(n >> 8) & 255}.${n & 255}` } }),
  );
  if (answer.status !== 200) throw new Error(`${url} answered ${answer.status}`);
  return (JSON.parse(answer.text) as { resalePrice: number }).resalePrice;
}

interface Poll {
  sent: number;
  answered: number;
  listingId: string;
  /** NaN for a poll not answered 200 (on PostgreSQL a 503 when no pooled connection came within 5 s). */
  price: number;
}

const pageOf = (origin: string, listingId: string) => `${origin}/api/addvertise/product/${listingId}`;

/**
 * An anonymous visitor asking for an edited phone's page every POLL_MS, one request at a time, on a
 * connection of its own (not the writer's, not the read load's), from the start until `stop`: the
 * phone of the oldest edit `told` it has not seen yet, else the phones in turn.
 */
function visitor(origin: string, phones: string[]) {
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const polls: Poll[] = [];
  const unseen: Edit[] = [];
  let running = true;
  let n = 0;
  const seenAfter = ({ answered, listingId, price }: Edit): number => {
    const poll = polls.find((p) => p.listingId === listingId && p.sent >= answered && p.price >= price);
    return poll ? poll.answered - answered : Infinity;
  };
  const polling = (async () => {
    while (running) {
      while (unseen.length > 0 && seenAfter(unseen[0]!) !== Infinity) unseen.shift();
      const listingId = unseen[0]?.listingId ?? phones[n % phones.length]!;
      const sent = Date.now();
      const price = await priceOf(pageOf(origin, listingId), agent, (n += 1)).catch(() => NaN);
      polls.push({ sent, answered: Date.now(), listingId, price });
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
  })();
  return {
    /** An edit answered: the visitor looks at its phone until it sees its price. */
    told: (edit: Edit) => unseen.push(edit),
    /** How long after its answer the visitor first saw an edit's price (or a later one's) on a page asked for after it. */
    seenAfter,
    /** The price the last poll of a phone showed. */
    lastPrice: (listingId: string) => polls.findLast((p) => p.listingId === listingId)?.price ?? NaN,
    /** Polls answered other than 200 since `since`. */
    failedSince: (since: number) => polls.filter((p) => p.sent >= since && Number.isNaN(p.price)).length,
    /** Until every edit of `edits` was seen or LOOK_MS passed. */
    async lookFor(edits: Edit[]) {
      const until = Date.now() + LOOK_MS;
      while (Date.now() < until && edits.some((edit) => seenAfter(edit) === Infinity)) {
        await new Promise((resolve) => setTimeout(resolve, POLL_MS));
      }
    },
    async stop() {
      running = false;
      await polling;
      agent.destroy();
    },
  };
}

/**
 * Writes at `rate` a second for `seconds`, each on time whatever the last one took, of the mix's
 * kinds in its cycle's order from its start (write-mix.ts), or of one kind only (mixed-profile.ts);
 * the price edits as answered, each also told to `answered` (the visitor) as it is.
 */
export async function writeAt(
  origin: string,
  writer: Writer,
  rate: number,
  seconds: number,
  which: WriteMix | WriteKind,
  answered: (edit: Edit) => void = () => {},
) {
  const cycle = which in WRITE_MIXES ? writeCycle(which as WriteMix) : [which as WriteKind];
  const counts = { ok: 0, failed: 0, firstFailure: '' };
  const edits: Edit[] = [];
  const pending: Array<Promise<void>> = [];
  const start = Date.now();
  for (let n = 0; n < rate * seconds; n += 1) {
    const due = start + (n * 1000) / rate;
    await new Promise((resolve) => setTimeout(resolve, Math.max(0, due - Date.now())));
    const write = writeOf(cycle[n % cycle.length]!, origin, writer);
    pending.push(
      write().then(
        (edited) => {
          counts.ok += 1;
          if (edited === undefined) return;
          const edit = { answered: Date.now(), ...edited };
          edits.push(edit);
          answered(edit);
        },
        (error: unknown) => {
          counts.failed += 1;
          counts.firstFailure ||= error instanceof Error ? error.message.slice(0, 200) : String(error);
        },
      ),
    );
  }
  await Promise.all(pending);
  return { counts, edits };
}

/** The six public reads in turn, from many addresses, at READ_CONNECTIONS connections (wrk). */
export const readLoad = (origin: string, paths: string[], seconds: number) =>
  wrk(origin + paths[0]!, READ_CONNECTIONS, seconds, { headers: BROWSER_HEADERS, paths });

/**
 * The same unmeasured second of reads before every measurement, the store's files read first: each
 * process has its answers, and the database its pages, warm (Marketplace.warmStore).
 */
async function measuredReads(
  origin: string,
  paths: string[],
  seconds: number,
  app: Pick<Marketplace, 'cpuSeconds' | 'databaseCpuSeconds' | 'loopDelay' | 'warmStore'>,
  beside: () => Promise<void> = async () => {},
): Promise<Figure> {
  await app.warmStore();
  await readLoad(origin, paths, 1);
  await app.loopDelay();
  const [[[reads], cpuS], databaseCpuS] = await withCpu(app.databaseCpuSeconds, () =>
    withCpu(app.cpuSeconds, () => Promise.all([readLoad(origin, paths, seconds), beside()])),
  );
  return { ...reads, cpuS, databaseCpuS, loop: worstLoop(await app.loopDelay()) };
}

/** The server processes' event-loop delay, each figure the worst process's. */
const worstLoop = (processes: LoopDelay[]): LoopDelay => ({
  p50: Math.max(...processes.map((one) => one.p50)),
  p99: Math.max(...processes.map((one) => one.p99)),
  max: Math.max(...processes.map((one) => one.max)),
  stalls: processes.reduce((sum, one) => sum + one.stalls, 0),
  gcMs: processes.reduce((sum, one) => sum + one.gcMs, 0),
  gcLongest: Math.max(...processes.map((one) => one.gcLongest)),
});

export async function readPaths(origin: string): Promise<string[]> {
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

/**
 * `rounds` times: the bare server, then for each write rate the reads alone and the reads beside
 * that rate, `seconds` each after the same unmeasured second.
 */
export async function measureMixed(
  app: Pick<Marketplace, 'origin' | 'processes' | 'cpuSeconds' | 'databaseCpuSeconds' | 'loopDelay' | 'warmStore'>,
  seconds: number,
  rounds: number,
  mixes: WriteMix[] = writeMixesToMeasure(),
): Promise<MixedResult> {
  const { origin, processes } = app;
  const writer = await prepareWriter(origin);
  const paths = await readPaths(origin);
  const bareServer = await startBareServer(await recordAnswers(origin, paths), processes);
  const result: MixedResult = { processes, mixes, bare: [], rounds: [], seconds };
  try {
    for (let round = 0; round < rounds; round += 1) {
      await readLoad(bareServer.origin, paths, 1);
      const [bare, cpuS] = await withCpu(bareServer.cpuSeconds, () => readLoad(bareServer.origin, paths, seconds));
      result.bare.push({ ...bare, cpuS });
      const row: Beside[] = [];
      // A rate's mixes side by side in time, each after reads alone of its own: what the machine
      // does meanwhile then lands on both alike.
      for (const [rate, mix] of WRITE_RATES.flatMap((r) => mixes.map((m) => [r, m] as const))) {
        const looking = visitor(origin, writer.edited);
        const started = Date.now();
        try {
          const alone = await measuredReads(origin, paths, seconds, app);
          let writes: Awaited<ReturnType<typeof writeAt>> | undefined;
          const reads = await measuredReads(origin, paths, seconds, app, async () => {
            writes = await writeAt(origin, writer, rate, seconds, mix, looking.told);
          });
          const { counts, edits } = writes!;
          await looking.lookFor(edits);
          const unseen: Unseen[] = [];
          for (const edit of edits) {
            if (looking.seenAfter(edit) !== Infinity) continue;
            const fresh = `${pageOf(origin, edit.listingId)}?_=unseen${Date.now()}`;
            const computed = await priceOf(fresh, undefined, 0).catch(() => NaN);
            unseen.push({ price: edit.price, polled: looking.lastPrice(edit.listingId), computed });
          }
          const visibleMs = edits.map(looking.seenAfter);
          row.push({
            rate,
            mix,
            alone,
            reads,
            writes: counts,
            visibleMs,
            unseen,
            pollsFailed: looking.failedSince(started),
          });
        } finally {
          await looking.stop();
        }
      }
      result.rounds.push(row);
    }
  } finally {
    await bareServer.stop();
  }
  return result;
}

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = sorted.length >> 1;
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
/** The median and, over more than one measurement, the lowest and highest: `0.93 (0.88–1.02)`. */
const spread = (values: number[], digits: number) =>
  values.length > 1
    ? `${median(values).toFixed(digits)} (${Math.min(...values).toFixed(digits)}–${Math.max(...values).toFixed(digits)})`
    : median(values).toFixed(digits);

/** Prints the table; answers whether the targets held at the highest rate and every price showed in time. */
export function reportMixed(engine: string, { processes, mixes, bare, rounds, seconds }: MixedResult): boolean {
  const alone = rounds.flatMap((row) => row.map((r) => r.alone));
  // A p99 is judged against the median of every measurement alone, not the one just before: a single
  // 4 s round's p99 alone swings from 4 to 700 ms on a quiet machine, and a spike there made a slow
  // round beside writes read as "held".
  const aloneP99 = median(alone.map((m) => m.p99));
  const perRead = (figure: Measured, cpuS: number) => (cpuS * 1000) / Math.max(1, figure.rps * seconds);
  const readMs = (figure: Measured & { cpuS: number }) => perRead(figure, figure.cpuS);
  // CPU per read, not requests a second, is what the app adds to the bare server's work: the
  // rates move with what else runs on a shared machine, from one measurement to the next.
  const bareReadMs = median(bare.map(readMs));
  const databaseReadMs = (figure: Figure) => perRead(figure, figure.databaseCpuS);
  // PostgreSQL's backends are processes of their own, left out of the server's CPU (SQLite has none).
  // Beside writes too: with every answer cached, the reads alone may leave them without a tick of CPU.
  const database = rounds.flat().some((r) => r.alone.databaseCpuS > 0 || r.reads.databaseCpuS > 0);
  console.log(
    `\n${engine}, mixed load: the six public reads at ${READ_CONNECTIONS} connections (wrk), medians of ${rounds.length} round(s) of ${seconds} s each, (lowest–highest)`,
  );
  console.log(
    `bare server (${processes} processes, the same bytes): ${spread(
      bare.map((m) => m.rps),
      0,
    )} req/s, p99 ${spread(
      bare.map((m) => m.p99),
      1,
    )} ms, server CPU ${bareReadMs.toFixed(3)} ms/read`,
  );
  console.log(
    `reads alone (${alone.length} measurements, one before each rate${mixes.length > 1 ? ' and mix' : ''}): ${spread(
      alone.map((m) => m.rps),
      0,
    )} req/s, p99 ${spread(
      alone.map((m) => m.p99),
      1,
    )} ms, ${spread(
      alone.map((m) => m.rps / median(bare.map((b) => b.rps))),
      2,
    )} of bare; event-loop delay p99 ${spread(
      alone.map((m) => m.loop.p99),
      1,
    )} ms (longest ${Math.max(...alone.map((m) => m.loop.max)).toFixed(0)} ms); server CPU ${median(alone.map(readMs)).toFixed(3)} ms/read (${(
      median(alone.map(readMs)) / bareReadMs
    ).toFixed(2)}× bare's)${database ? `, PostgreSQL ${median(alone.map(databaseReadMs)).toFixed(3)} ms/read` : ''}`,
  );
  let held = true;
  for (const mix of mixes) held = reportMix(mix, mix === mixes[0]) && held;
  return held;

  /**
   * One mix's table. The rate and p99 targets are judged on the first mix only (`judged`), and
   * every line names its mix; a changed price seen in time is judged on every mix.
   */
  function reportMix(mix: WriteMix, judged: boolean): boolean {
    console.log(
      `${mix} write mix (${describeMix(mix)})${mixes.length > 1 ? (judged ? ': the targets are judged on this one' : ': for comparison, its rate and p99 lines not judged') : ''}`,
    );
    console.log(
      `${'writes/s'.padEnd(10)}${'req/s'.padStart(8)}${'ratio to alone'.padStart(20)}${'p99'.padStart(8)}${'p99 × alone'.padStart(20)}${'writes ok/failed'.padStart(18)}${'price seen (max)'.padStart(18)}${'CPU s/s'.padStart(9)}${'CPU ms/write'.padStart(22)}${database ? 'PostgreSQL ms/write'.padStart(22) : ''}${'loop p99 (longest)'.padStart(20)}`,
    );
    let held = true;
    for (const rate of WRITE_RATES) {
      const rows = rounds.map((row) => row.find((r) => r.rate === rate && r.mix === mix)!);
      const ratios = rows.map((r) => r.reads.rps / r.alone.rps);
      const p99s = rows.map((r) => r.reads.p99 / Math.max(1, aloneP99));
      // What the server (and PostgreSQL's backends) used beyond the reads at their cost alone just before, per write.
      const perWrite = rows.map(
        (r) => (r.reads.cpuS * 1000 - r.reads.rps * seconds * readMs(r.alone)) / Math.max(1, r.writes.ok),
      );
      const databasePerWrite = rows.map(
        (r) =>
          (r.reads.databaseCpuS * 1000 - r.reads.rps * seconds * databaseReadMs(r.alone)) / Math.max(1, r.writes.ok),
      );
      const ok = rows.reduce((sum, r) => sum + r.writes.ok, 0);
      const failed = rows.reduce((sum, r) => sum + r.writes.failed, 0);
      const seen = Math.max(...rows.flatMap((r) => r.visibleMs));
      console.log(
        `${String(rate).padEnd(10)}${median(rows.map((r) => r.reads.rps))
          .toFixed(0)
          .padStart(8)}${spread(ratios, 2).padStart(20)}${median(rows.map((r) => r.reads.p99))
          .toFixed(1)
          .padStart(
            8,
          )}${spread(p99s, 2).padStart(20)}${`${ok}/${failed}`.padStart(18)}${`${seen} ms`.padStart(18)}${median(
          rows.map((r) => r.reads.cpuS / seconds),
        )
          .toFixed(2)
          .padStart(
            9,
          )}${spread(perWrite, 1).padStart(22)}${database ? spread(databasePerWrite, 1).padStart(22) : ''}${`${median(
          rows.map((r) => r.reads.loop.p99),
        ).toFixed(1)} (${Math.max(...rows.map((r) => r.reads.loop.max)).toFixed(0)}) ms`.padStart(20)}`,
      );
      for (const failure of new Set(rows.map((r) => r.writes.firstFailure).filter(Boolean))) {
        console.log(`  a write that failed: ${failure}`);
      }
      const pollsFailed = rows.reduce((sum, r) => sum + r.pollsFailed, 0);
      if (pollsFailed > 0) console.log(`  the visitor's polls not answered 200 (alone and beside): ${pollsFailed}`);
      for (const { price, polled, computed } of rows.flatMap((r) => r.unseen)) {
        console.log(`  price ${price} never seen: the visitor's last page showed ${polled}, computed anew ${computed}`);
      }
      const targets: Array<[string, boolean, judgedHere: boolean]> = [
        [`a changed price seen within ${VISIBLE_WITHIN_MS} ms`, seen <= VISIBLE_WITHIN_MS, true],
      ];
      if (rate === Math.max(...WRITE_RATES)) {
        targets.push([`reads keep ≥ ${KEEP_RATE} of their rate alone`, median(ratios) >= KEEP_RATE, judged]);
        targets.push([`p99 ≤ ${P99_FACTOR}× alone`, median(p99s) <= P99_FACTOR, judged]);
      }
      for (const [target, met, judgedHere] of targets) {
        console.log(
          `  ${met ? 'held' : 'missed'}: ${rate} writes/s, ${mix} mix: ${target}${judgedHere ? '' : ' (not judged: for comparison)'}`,
        );
        if (judgedHere) held &&= met;
      }
    }
    return held;
  }
}
