import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Product } from '#shared/products';
import { cookieFrom, httpCall } from './support/http-call';
import { serverData, type ServerData } from './support/server-database';
import { startServerProcess, type ServerProcess } from './support/server-process';
import { timeLimit } from './support/time-limits';

/*
 * Two server processes sharing a port and a database (the cluster's channel on SQLite, NOTIFY on
 * PostgreSQL): after a write through one, the other may serve the answer before it while it
 * recomputes, but never to a request begun more than a second after the write's answer.
 */
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

/** The most a stale answer may be served after a write elsewhere (issue 26). */
const STALE_AT_MOST_MS = 1000;

it(
  'serves no answer older than a second after a write in the other process',
  async () => {
    const origin = server.origin;
    const login = await httpCall(origin, 'POST', '/api/auth/login', {
      body: { email: 'seller@example.com', password: 'phonehaat-demo' },
    });
    const cookie = cookieFrom(login, 'phonehaat_session');
    const mine = await httpCall(origin, 'GET', '/api/products?email=seller%40example.com&limit=100', {
      headers: { cookie },
    });
    const victim = (JSON.parse(mine.body) as Product[]).find((product) => !product.sellStatus && !product.hidden)!;
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
