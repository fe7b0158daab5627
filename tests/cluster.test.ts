import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '#shared/products';
import { cookieFrom, httpCall, type HttpAnswer } from './support/http-call';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { timeLimit } from './support/time-limits';

/*
 * WEB_CONCURRENCY=2 as a user starts it: the primary prepares the database and demo data once, two
 * server processes share the port, and a change made through one is seen at once in the other's cache
 * and search; an answer before it is never served to a request begun more than a second after it.
 */
/** The most a stale answer may be served after a write elsewhere (issue 26). */
const STALE_AT_MOST_MS = 1000;

let data: ServerData;
let server: ServerProcess;

beforeAll(async () => {
  data = await serverData();
  server = await startServerProcess({ ...data.env, WEB_CONCURRENCY: '2', SEED_DEMO: '1' });
}, timeLimit(120_000));

afterAll(async () => {
  await server?.stop();
  await data?.dispose();
});

/** The demo seller signed in, and their listings. */
async function demoSeller(origin: string): Promise<{ cookie: string; mine: Product[] }> {
  const login = await httpCall(origin, 'POST', '/api/auth/login', {
    body: { email: 'seller@example.com', password: 'phonehaat-demo' },
  });
  const cookie = cookieFrom(login, 'phonehaat_session');
  const mine = await httpCall(origin, 'GET', '/api/products?email=seller%40example.com&limit=100', {
    headers: { cookie },
  });
  return { cookie, mine: JSON.parse(mine.body) as Product[] };
}

const ids = (body: string) => (JSON.parse(body) as Array<{ _id: string }>).map((p) => p._id);

it(
  'serves from two processes, and a deletion through one leaves every cached list within moments',
  async () => {
    const origin = server.origin;
    // Several connections, so both processes have the list cached. An answer computed while the first
    // housekeeping round starts the cache over is not kept (it has no ETag): then ask again.
    let before: HttpAnswer[] = [];
    await expect
      .poll(async () => {
        before = await Promise.all([1, 2, 3, 4].map(() => httpCall(origin, 'GET', '/api/all/phones')));
        return before.every((answer) => answer.status === 200 && answer.headers.etag);
      })
      .toBe(true);

    const login = await httpCall(origin, 'POST', '/api/auth/login', {
      body: { email: 'seller@example.com', password: 'phonehaat-demo' },
    });
    expect(login.status).toBe(200);
    const cookie = cookieFrom(login, 'phonehaat_session');
    const listed = ids(before[0]!.body);
    const mine = await httpCall(origin, 'GET', '/api/products?email=seller%40example.com&limit=100', {
      headers: { cookie },
    });
    const victim = ids(mine.body).find((id) => listed.includes(id))!;
    expect(victim).toBeDefined();

    // A browser sends its page's origin with every change.
    const deleted = await httpCall(origin, 'DELETE', `/api/delete/product/${victim}`, { headers: { cookie, origin } });
    expect(deleted.status).toBe(200);
    // The other process hears of it through the channel (the cluster's IPC, PostgreSQL's NOTIFY),
    // a moment after the answer: nothing else (a login, say) drops the lists meanwhile.
    await expect
      .poll(
        async () => {
          const after = await Promise.all([1, 2, 3, 4].map(() => httpCall(origin, 'GET', '/api/all/phones')));
          return after.some((answer) => ids(answer.body).includes(victim));
        },
        { timeout: timeLimit(2_000), interval: 50 },
      )
      .toBe(false);
  },
  timeLimit(60_000),
);

it(
  "a listing deleted through one process leaves the other's search within a second, its counts included",
  async () => {
    const origin = server.origin;
    const { cookie, mine } = await demoSeller(origin);
    const victim = mine.find((product) => !product.sellStatus && !product.hidden && !product.reserved)!;
    const search = `/api/search?q=${encodeURIComponent(victim.productName)}`;
    const totals = async () =>
      (await Promise.all([1, 2, 3, 4].map(() => httpCall(origin, 'GET', search)))).map(
        (answer) => (JSON.parse(answer.body) as { total: number }).total,
      );
    // Both processes have searched, so each holds the listing columns and the words' matches.
    const [before] = await totals();
    expect(await totals()).toEqual([before, before, before, before]);

    const deleted = await httpCall(origin, 'DELETE', `/api/delete/product/${victim._id}`, {
      headers: { cookie, origin },
    });
    expect(deleted.status).toBe(200);
    // The other process's index hears of it on the search's own channel, its cached searches on the
    // cache's: the two may arrive in either order, so a search may be a moment behind (issue 26).
    await expect
      .poll(totals, { timeout: timeLimit(STALE_AT_MOST_MS), interval: 50 })
      .toEqual([before! - 1, before! - 1, before! - 1, before! - 1]);
  },
  timeLimit(60_000),
);

it(
  'serves no answer older than a second after a write in the other process',
  async () => {
    const origin = server.origin;
    const { cookie, mine } = await demoSeller(origin);
    const victim = mine.find((product) => !product.sellStatus && !product.hidden)!;
    const page = `/api/addvertise/product/${victim._id}`;
    // Several connections, so both processes have it cached.
    await expect
      .poll(async () => {
        const answers = await Promise.all([1, 2, 3, 4].map(() => httpCall(origin, 'GET', page)));
        return answers.every((answer) => answer.status === 200 && answer.headers.etag);
      })
      .toBe(true);

    const hidden = await httpCall(origin, 'PUT', `/api/hide/product/${victim._id}`, { headers: { cookie, origin } });
    expect(hidden.status).toBe(200);
    const wroteAt = Date.now();

    const late: number[] = [];
    let seen = false;
    while (Date.now() - wroteAt < 2 * STALE_AT_MOST_MS) {
      const begun = Date.now() - wroteAt;
      const answers = await Promise.all([1, 2, 3, 4].map(() => httpCall(origin, 'GET', page)));
      const shown = answers.map((answer) => (JSON.parse(answer.body) as Product).hidden);
      if (begun > STALE_AT_MOST_MS && shown.includes(false)) late.push(begun);
      seen ||= shown.every(Boolean);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
    expect(late, 'stale answers to requests begun this many ms after the write').toEqual([]);
    expect(seen).toBe(true);
  },
  timeLimit(60_000),
);
