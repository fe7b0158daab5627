import { brotliDecompressSync } from 'node:zlib';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { postgresChannel, type Channel } from '#server/events/channel';
import { asyncHookOn } from '#server/cache/async-hook-probe';
import { PublicCache } from '#server/cache/public-cache';
import { ensureClientBuilt } from '../scripts/client-build';
import { createTestApp, type TestApp } from './support/app';
import { timeLimit } from './support/time-limits';
import { fromOwnPage, logInActor, registerActor, type Actor } from './support/actors';
import { mailTo, RESET_SUBJECT, tokenOfLink, VERIFY_SUBJECT } from './support/mail';
import { listProduct, uploadPhoto } from './support/products';

let t: TestApp;
let seller: Actor;

beforeAll(async () => {
  // A write route that does not say what it changes, as a new one might be (every real one does).
  t = await createTestApp({}, {}, {}, (app) => void app.post('/api/unclassified', async () => ({ done: true })));
  seller = await registerActor(t.app, 'seller');
  await listProduct(seller);
});
afterAll(() => t.close());

const get = (url: string, headers: Record<string, string> = {}, app: FastifyInstance = t.app) =>
  app.inject({ method: 'GET', url, headers });
const names = (body: string) => (JSON.parse(body) as Array<{ productName: string }>).map((p) => p.productName);
/** Renames every listing behind the app's back, as an operator in the database would. */
const renameAllQuietly = (name: string) => t.db.updateTable('products').set({ product_name: name }).execute();

describe('cached public answers', () => {
  it('answer with an entity tag, and 304 without a body to a client that has it', async () => {
    const first = await get('/api/all/phones');
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^W\/".+"$/);
    expect(first.headers['cache-control']).toBe('no-cache');

    const again = await get('/api/all/phones', { 'if-none-match': etag });
    expect(again.statusCode).toBe(304);
    expect(again.body).toBe('');
    expect(again.headers.etag).toBe(etag);

    const other = await get('/api/all/phones', { 'if-none-match': 'W/"something-else"' });
    expect(other.statusCode).toBe(200);
    expect(other.body).toBe(first.body);
  });

  it('keep the paging headers and answer compressed from the cache', async () => {
    await listProduct(seller);
    const first = await get('/api/all/phones?limit=1');
    expect(first.headers['x-total-count']).toBe('2');
    const cached = await get('/api/all/phones?limit=1');
    expect(cached.headers['x-total-count']).toBe('2');
    expect(cached.headers.link).toBe(first.headers.link);
    expect(cached.headers['content-type']).toMatch(/^application\/json/);

    const whole = await get('/api/all/phones');
    expect(whole.rawPayload.length).toBeGreaterThan(1024);
    const compressed = await get('/api/all/phones', { 'accept-encoding': 'gzip, br' });
    expect(compressed.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(compressed.rawPayload).toString()).toBe(whole.body);
  });

  it('are kept until a write changes what they show, or a write nobody classified', async () => {
    await get('/api/all/phones');
    await renameAllQuietly('Renamed behind the cache');
    // Proof that the answer comes from the cache: the database already says otherwise.
    expect(names((await get('/api/all/phones')).body)).not.toContain('Renamed behind the cache');

    // A refused change changes nothing and keeps the cache.
    const refused = await seller.request({ method: 'POST', url: '/api/store_products', payload: {} });
    expect(refused.statusCode).toBe(400);
    expect(names((await get('/api/all/phones')).body)).not.toContain('Renamed behind the cache');

    // A call that changes nothing public (a logout, a new account) keeps the cache too.
    expect((await seller.request({ method: 'POST', url: '/api/auth/logout' })).statusCode).toBe(204);
    await registerActor(t.app, 'buyer');
    expect(names((await get('/api/all/phones')).body)).not.toContain('Renamed behind the cache');

    // A write whose route does not say that its repositories name what it changes starts the cache
    // over, even one that has nothing to do with listings: a new call cannot leave a list wrong.
    expect((await t.app.inject({ method: 'POST', url: '/api/unclassified' })).statusCode).toBe(200);
    expect(names((await get('/api/all/phones')).body)).toEqual([
      'Renamed behind the cache',
      'Renamed behind the cache',
    ]);
  });

  it('show a new listing in every public list and its category at once', async () => {
    seller = await registerActor(t.app, 'seller');
    const lists = ['/api/all/phones', '/api/categoires'];
    const before = await Promise.all(lists.map((url) => get(url)));
    const id = await listProduct(seller, { productName: 'Fresh Listing 1' });
    const product = await get(`/api/addvertise/product/${id}`);
    const category = (product.json() as { category_id: string }).category_id;
    expect(names((await get('/api/all/phones')).body)).toContain('Fresh Listing 1');
    expect(names((await get(`/api/category/${category}`)).body)).toContain('Fresh Listing 1');
    expect(before.every((r) => r.statusCode === 200)).toBe(true);

    await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    expect(names((await get('/api/advertised_products')).body)).toContain('Fresh Listing 1');
    await seller.request({ method: 'DELETE', url: `/api/delete/product/${id}` });
    expect(names((await get('/api/all/phones')).body)).not.toContain('Fresh Listing 1');
    expect((await get(`/api/addvertise/product/${id}`)).statusCode).toBe(404);
  });

  it('tell the other processes what a write changed, in one message a burst, apart from the search index', async () => {
    const recording = (published: string[]): Channel => ({
      publish: async (message) => void published.push(message),
      subscribe: async () => {},
      close: async () => {},
    });
    const dropped: string[] = [];
    const indexed: string[] = [];
    const publicCache = new PublicCache({ channel: recording(dropped), batchMs: 60_000 });
    const app = await buildApp(t.app.deps, { publicCache, searchChannel: recording(indexed) });
    await app.ready();
    try {
      // The first write after a quiet spell is told at once, before its answer goes...
      const otherSeller = await registerActor(app, 'seller');
      expect(dropped).toEqual([`drop seller:${otherSeller.user.uid} reviews`]);
      // ...the writes within the next moment together, in the next message.
      const ids = [
        await listProduct(otherSeller, { productName: 'Told Across' }),
        await listProduct(otherSeller, { productName: 'Told Across Again' }),
      ];
      expect(dropped).toHaveLength(1);
      await publicCache.flush();
      expect(dropped).toHaveLength(2);
      const told = dropped[1]!.split(' ');
      expect(told[0]).toBe('drop');
      // The searches that could find them (their words, 'told' among them), not every search.
      expect(told).toEqual(
        expect.arrayContaining([...ids.map((id) => `listing:${id}`), 'list:all', 'search:any', 'search:word:told']),
      );
      expect(told).not.toContain('search');
      // The search index's own notes go on its own channel.
      expect(indexed.some((note) => note.includes(ids[0]!))).toBe(true);
      expect(indexed.every((note) => !note.startsWith('drop'))).toBe(true);
    } finally {
      await app.close();
    }
  });

  it('are not shared between callers of private lists', async () => {
    const mine = await seller.request({
      method: 'GET',
      url: `/api/products?email=${encodeURIComponent(seller.email)}`,
    });
    expect(mine.headers.etag).toBeUndefined();
  });

  it('are kept by the writes no public answer shows: photos, sign-up, mailed links, unsubscribing', async () => {
    const generation = () => t.app.publicCache.generation;
    const post = (url: string, payload: object) => t.app.inject({ method: 'POST', url, payload });
    const before = generation();
    /** The write went through (a refused one keeps the cache anyway) and the cache outlived it. */
    const kept = (call: string, response: LightMyRequestResponse, status = 200) => {
      expect(response.statusCode, `${call}: ${response.body}`).toBe(status);
      expect(generation(), call).toBe(before);
    };

    await uploadPhoto(seller);
    expect(generation(), 'POST /uploads').toBe(before);

    const email = `kept-cache.${process.pid}@example.test`;
    const signup = await post('/api/auth/signup', { email, password: 'correct horse battery' });
    kept('POST /auth/signup', signup, 201);
    const cookie = signup.cookies.find((c) => c.name === 'phonehaat_session')!;
    kept(
      'POST /account/verify-email/resend',
      await t.app.inject({
        method: 'POST',
        url: '/api/account/verify-email/resend',
        headers: fromOwnPage(`${cookie.name}=${cookie.value}`),
      }),
    );
    const verifyToken = tokenOfLink(await mailTo(t.app, email, VERIFY_SUBJECT), '/verify-email');
    kept('POST /account/verify-email', await post('/api/account/verify-email', { token: verifyToken }));

    // Anyone may ask for a reset of any address: it must not let them keep the cache cold.
    kept(
      'POST /account/forgot-password (no account)',
      await post('/api/account/forgot-password', { email: `nobody.${email}` }),
    );
    kept('POST /account/forgot-password', await post('/api/account/forgot-password', { email }));
    const resetToken = tokenOfLink(await mailTo(t.app, email, RESET_SUBJECT), '/reset-password');
    kept(
      'POST /account/reset-password',
      await post('/api/account/reset-password', { token: resetToken, password: 'a new long password' }),
    );

    const userId = signup.json<{ uid: string }>().uid;
    const unsubscribeToken = await t.app.deps.tokens.signUnsubscribe(userId, 'booking_accepted');
    kept('POST /account/unsubscribe', await post('/api/account/unsubscribe', { token: unsubscribeToken }));

    // The profile is what shows on listings (and makes a seller): that write still drops the cache.
    const buyer = await logInActor(t.app, email, 'a new long password');
    const profile = { name: 'Kept Cache', email, role: 'seller', photoURL: 'https://example.com/me.jpg' };
    const added = await buyer.request({ method: 'POST', url: '/api/addUser', payload: profile });
    expect(added.statusCode, added.body).toBe(200);
    expect(generation()).toBeGreaterThan(before);
  });

  it('leave no async hook on once the writes have answered, for every async resource of a hit to call', async () => {
    // A listing write, a refused one and one nobody classified at once, each naming its changes in a
    // context of its own (cache/scoped-storage.ts). Last here: its drops reach the other tests' counts.
    const [, refused, unclassified] = await Promise.all([
      listProduct(seller),
      seller.request({ method: 'POST', url: '/api/store_products', payload: {} }),
      t.app.inject({ method: 'POST', url: '/api/unclassified' }),
    ]);
    expect([refused.statusCode, unclassified.statusCode]).toEqual([400, 200]);
    expect(await asyncHookOn()).toBe(false);
  });

  it(
    'leave no async hook on once a page has been rendered on the server',
    async () => {
      // React's Node renderer would switch one on for good (client/render/entry.tsx).
      ensureClientBuilt('public cache test');
      const rendered = await t.app.inject({ method: 'GET', url: '/', headers: { accept: 'text/html' } });
      expect(rendered.statusCode).toBe(200);
      expect(rendered.body).toContain('id="server-state"');
      expect(await asyncHookOn()).toBe(false);
    },
    timeLimit(240_000),
  );
});

const postgresUrl = process.env.TEST_DATABASE_URL;

describe.runIf(postgresUrl)('two processes on one PostgreSQL', () => {
  it("drop each other's cached answers through LISTEN/NOTIFY", async () => {
    const caches = [0, 1].map(() => new PublicCache({ channel: postgresChannel(postgresUrl!, 'phonehaat_catalog') }));
    const [a, b] = await Promise.all(caches.map((cache) => buildApp(t.app.deps, { publicCache: cache })));
    await Promise.all([a!.ready(), b!.ready()]);
    try {
      const otherSeller = await registerActor(a!, 'seller');
      expect(names((await get('/api/all/phones', {}, b)).body)).not.toContain('Heard Across');
      await listProduct(otherSeller, { productName: 'Heard Across' });
      await expect.poll(async () => names((await get('/api/all/phones', {}, b)).body)).toContain('Heard Across');
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });

  it('hear a burst of Bangla search words, whose message is longer in bytes than in letters', async () => {
    // A channel of the test's own: the app processes above hear nothing of it.
    const channel = `phonehaat_catalog_bangla_${process.pid}`;
    const [a, b] = [0, 1].map(() => new PublicCache({ channel: postgresChannel(postgresUrl!, channel) }));
    await b!.listen();
    try {
      // 340 four-letter Bangla beginnings: under 6,000 letters, over PostgreSQL's 8,000-byte payload.
      const letters = [...'অআইঈউঊএঐওঔকখগঘঙচছজঝঞটঠডঢণতথদধনপফবভমযরলশষসহ'];
      const words = Array.from(
        { length: 340 },
        (_, n) => `search:word:${letters[n % 39]}${letters[(n >> 1) % 39]}${letters[(n >> 2) % 39]}${letters[n % 7]}`,
      );
      expect(new Set(words).size).toBe(340);
      expect(words.join(' ').length).toBeLessThan(6000);
      expect(Buffer.byteLength(words.join(' '))).toBeGreaterThan(8000);
      // As a search answer records it (search/answer-tags.ts): every search, and its word.
      b!.store('/api/search?q=bangla', b!.begin(), '[]', {}, ['search', words[339]!]);
      expect(b!.get('/api/search?q=bangla')).toBeDefined();
      await a!.bump(words);
      await expect.poll(() => b!.get('/api/search?q=bangla')).toBeUndefined();
    } finally {
      await Promise.all([a!.close(), b!.close()]);
    }
  });
});

describe('cached public answers at the front door (a real socket)', () => {
  let origin: string;
  beforeAll(async () => {
    origin = await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  /** Fastify's own answers carry the rate limit's headers; the front door's do not. */
  const fromFastify = (response: Response) => response.headers.has('x-ratelimit-limit');
  const fetchList = (headers: Record<string, string> = {}) => fetch(`${origin}/api/all/phones`, { headers });

  it('come from the cache with the headers and bytes Fastify sent first', async () => {
    t.app.publicCache.invalidate();
    const first = await fetchList();
    const again = await fetchList();
    expect(fromFastify(first)).toBe(true);
    expect(fromFastify(again)).toBe(false);
    expect(await again.text()).toBe(await first.text());
    for (const name of [
      'etag',
      'content-type',
      'x-total-count',
      'cache-control',
      'content-security-policy',
      'x-frame-options',
      'x-content-type-options',
      'referrer-policy',
    ]) {
      expect(again.headers.get(name), name).toBe(first.headers.get(name));
    }
    // Made once per answer: its length is known, so the body is not sent in chunks.
    expect(Number(again.headers.get('content-length'))).toBeGreaterThan(0);
    expect(again.headers.get('transfer-encoding')).toBeNull();
    const notModified = await fetchList({ 'if-none-match': again.headers.get('etag')! });
    expect(notModified.status).toBe(304);
  });

  it('stop serving an answer as soon as a change is made', async () => {
    const lister = await registerActor(t.app, 'seller');
    await fetchList();
    expect(fromFastify(await fetchList())).toBe(false);
    await listProduct(lister, { productName: 'Past The Front Door' });
    const fresh = await fetchList();
    expect(names(await fresh.text())).toContain('Past The Front Door');
  });

  it('leave requests with an Origin, and HEAD, to Fastify', async () => {
    await fetchList();
    expect(fromFastify(await fetchList({ origin: 'https://elsewhere.example' }))).toBe(true);
    expect(fromFastify(await fetch(`${origin}/api/all/phones`, { method: 'HEAD' }))).toBe(true);
  });
});
