import { request as httpRequest, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type {
  KyselyPlugin,
  PluginTransformQueryArgs,
  PluginTransformResultArgs,
  QueryResult,
  RootOperationNode,
  UnknownRow,
} from 'kysely';
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from 'vitest';
import { buildApp } from '#server/app';
import { STREAM_LIMITS } from '#server/notifications/stream';
import { createTestApp, type TestApp } from './support/app';
import { fromOwnPage, logInActor, registerActor, type Actor } from './support/actors';
import { listProduct } from './support/products';
import { timeLimit } from './support/time-limits';

/*
 * The live unread count (GET /api/notifications/stream) under load from one account or one address
 * (docs/security.md, "Limits"): streams are capped and the oldest closed, a change or a heartbeat
 * reads the count once per account, however many streams it has, and a stream ends with its session.
 */

/** Counts the reads of the notifications table the app makes, per account (streams of other tests beat too). */
class NotificationReads implements KyselyPlugin {
  private readonly seen: string[] = [];
  of(userId: string): number {
    return this.seen.filter((query) => query.includes(`"${userId}"`)).length;
  }
  transformQuery({ node }: PluginTransformQueryArgs): RootOperationNode {
    if (node.kind === 'SelectQueryNode' && JSON.stringify(node.from).includes('"notifications"'))
      this.seen.push(JSON.stringify(node));
    return node;
  }
  transformResult({ result }: PluginTransformResultArgs): Promise<QueryResult<UnknownRow>> {
    return Promise.resolve(result);
  }
}

const HEARTBEAT_MS = 400;
let t: TestApp;
let app: FastifyInstance;
let port: number;
const reads = new NotificationReads();

beforeAll(async () => {
  t = await createTestApp();
  app = await buildApp({ ...t.app.deps, db: t.db.withPlugin(reads) }, { notificationHeartbeatMs: HEARTBEAT_MS });
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as AddressInfo).port;
}, timeLimit(60_000));
afterAll(async () => {
  await app.close();
  await t.close();
});

interface OpenStream {
  counts: number[];
  text: () => string;
  ended: Promise<void>;
  isEnded: () => boolean;
  close(): void;
}

async function openStream(actor: Pick<Actor, 'cookie'>, on = port): Promise<OpenStream> {
  const request = httpRequest({
    port: on,
    host: '127.0.0.1',
    path: '/api/notifications/stream',
    headers: { cookie: actor.cookie, accept: 'text/event-stream' },
  });
  request.end();
  const response = await new Promise<IncomingMessage>((resolve) => request.on('response', resolve));
  expect(response.statusCode).toBe(200);
  response.setEncoding('utf8');
  let text = '';
  const counts: number[] = [];
  let ended = false;
  response.on('data', (chunk: string) => {
    text += chunk;
    for (const match of chunk.matchAll(/data: \{"unread":(\d+)\}/g)) counts.push(Number(match[1]));
  });
  const end = new Promise<void>((resolve) => response.on('close', resolve)).then(() => void (ended = true));
  return { counts, text: () => text, ended: end, isEnded: () => ended, close: () => request.destroy() };
}

const openMany = async (actor: Actor, n: number) => {
  const streams: OpenStream[] = [];
  // One after another, so their order of opening is known.
  for (let i = 0; i < n; i++) streams.push(await openStream(actor));
  await expect.poll(() => streams.every((stream) => stream.counts.length > 0)).toBe(true);
  return streams;
};

describe('live streams per account and per address', () => {
  it(`keeps ${STREAM_LIMITS.perAccount} streams per account: the oldest is closed for a new one, and told to wait before it comes back`, async () => {
    const seller = await registerActor(t.app, 'seller');
    const streams = await openMany(seller, STREAM_LIMITS.perAccount);
    const newest = await openStream(seller);
    await streams[0]!.ended;
    expect(streams[0]!.text()).toMatch(/retry: \d{6,}\n\n/);
    expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
    expect(newest.isEnded()).toBe(false);
    for (const stream of [...streams, newest]) stream.close();
  });

  it(
    `keeps ${STREAM_LIMITS.perAddress} streams per address, whichever accounts open them`,
    async () => {
      const accounts = Math.ceil(STREAM_LIMITS.perAddress / STREAM_LIMITS.perAccount) + 1;
      const people = await Promise.all(Array.from({ length: accounts }, () => registerActor(t.app, 'buyer')));
      const streams: OpenStream[] = [];
      for (const person of people.slice(0, -1)) streams.push(...(await openMany(person, STREAM_LIMITS.perAccount)));
      expect(streams).toHaveLength(STREAM_LIMITS.perAddress);
      expect(streams.some((stream) => stream.isEnded())).toBe(false);
      const last = await openStream(people.at(-1)!);
      await streams[0]!.ended;
      expect(streams.slice(1).some((stream) => stream.isEnded())).toBe(false);
      for (const stream of [...streams, last]) stream.close();
    },
    timeLimit(60_000),
  );
});

describe('live streams in all', () => {
  it('past the process-wide number a new stream is refused with a message, and taken again once one ends', async () => {
    const small = await buildApp(t.app.deps, { notificationStreamLimits: { ...STREAM_LIMITS, total: 2 } });
    await small.listen({ port: 0, host: '127.0.0.1' });
    const smallPort = (small.server.address() as AddressInfo).port;
    try {
      const [a, b] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'buyer')]);
      const first = await openStream(a, smallPort);
      await openStream(b, smallPort);
      const url = `http://127.0.0.1:${smallPort}/api/notifications/stream`;
      const refused = await fetch(url, { headers: { cookie: a.cookie } });
      expect(refused.status).toBe(503);
      expect(await refused.json()).toMatchObject({
        code: 'UNAVAILABLE',
        message: expect.stringContaining('Too many pages are following their notifications'),
      });
      first.close();
      const opened = async () => {
        const controller = new AbortController();
        const response = await fetch(url, { headers: { cookie: a.cookie }, signal: controller.signal });
        controller.abort();
        return response.status;
      };
      await expect.poll(opened).toBe(200);
    } finally {
      await small.close();
    }
  });
});

describe('reading the count', () => {
  it('a change reads the count once for all the streams of an account', async () => {
    const [seller, buyer] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'buyer')]);
    const productId = await listProduct(seller);
    const streams = await openMany(seller, STREAM_LIMITS.perAccount);
    onTestFinished(() => streams.forEach((stream) => stream.close()));
    const beats = () => streams[0]!.text().split(': still here').length - 1;
    const [beatsBefore, readsBefore] = [beats(), reads.of(seller.user.uid)];
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka' },
    });
    expect(booked.statusCode).toBe(201);
    await expect.poll(() => streams.every((stream) => stream.counts.at(-1) === 1)).toBe(true);
    // One read for the change and one for each heartbeat that came meanwhile, never one per stream;
    // the last stream's opening may have asked for one more round, still under way when counting began.
    const changeReads = reads.of(seller.user.uid) - readsBefore;
    expect(changeReads).toBeGreaterThanOrEqual(1);
    expect(changeReads).toBeLessThanOrEqual(1 + beats() - beatsBefore + 1);
  });

  it('a heartbeat reads the count once for all the streams of an account', async () => {
    const seller = await registerActor(t.app, 'seller');
    const streams = await openMany(seller, STREAM_LIMITS.perAccount);
    onTestFinished(() => streams.forEach((stream) => stream.close()));
    const beats = () => streams[0]!.text().split(': still here').length - 1;
    await expect.poll(beats, { timeout: timeLimit(5_000) }).toBeGreaterThan(0);
    const [beatsBefore, readsBefore] = [beats(), reads.of(seller.user.uid)];
    await expect.poll(beats, { timeout: timeLimit(10_000) }).toBeGreaterThanOrEqual(beatsBefore + 3);
    const [beatsAfter, readsAfter] = [beats(), reads.of(seller.user.uid)];
    // Every stream of the account hears each beat, and the count is read once a beat (one more may be under way).
    for (const stream of streams)
      expect(stream.text().split(': still here').length - 1).toBeGreaterThanOrEqual(beatsAfter - 1);
    expect(readsAfter - readsBefore).toBeLessThanOrEqual(beatsAfter - beatsBefore + 1);
  });
});

describe('a stream ends with its session', () => {
  it('at logout', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const stream = await openStream(buyer);
    await expect.poll(() => stream.counts).toEqual([0]);
    const out = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      headers: fromOwnPage(buyer.cookie),
    });
    expect(out.statusCode).toBe(204);
    await stream.ended;
  });

  it("at a password change for the other devices' streams, and the changing device's stays", async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const other = await logInActor(t.app, buyer.email, buyer.password);
    const [here, there] = [await openStream(buyer), await openStream(other)];
    await expect.poll(() => [here.counts, there.counts]).toEqual([[0], [0]]);
    const changed = await app.inject({
      method: 'POST',
      url: '/api/account/password',
      headers: fromOwnPage(buyer.cookie),
      payload: { currentPassword: buyer.password, newPassword: 'another long password 2026' },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    await there.ended;
    expect(here.isEnded()).toBe(false);
    here.close();
  });

  it('at account deletion', async () => {
    const buyer = await registerActor(t.app, 'buyer');
    const stream = await openStream(buyer);
    await expect.poll(() => stream.counts).toEqual([0]);
    const deleted = await app.inject({
      method: 'POST',
      url: '/api/account/delete',
      headers: fromOwnPage(buyer.cookie),
      payload: { password: buyer.password },
    });
    expect(deleted.statusCode, deleted.body).toBe(200);
    await stream.ended;
  });
});
