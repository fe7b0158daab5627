import type { InjectOptions, RouteOptions } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { PublicCache, REFRESH_MS } from '#server/cache/public-cache';
import { WRITER_COOKIE } from '#server/cache/writer-cookie';
import { postgresChannel, type Channel } from '#server/events/channel';
import { onNamedOutside } from '#server/cache/tags';
import { computeFairPrices } from '#server/fair-price/repository';
import { housekeepingJobs } from '#server/housekeeping';
import { CONDITIONS, type Product } from '#shared/products';
import type { SellerProfile } from '#shared/reviews';
import type { SearchResult } from '#shared/search';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';
import { JOB_DROPS, unlistedJobDrops, WRITE_DROPS } from './support/cache-drops';
import { bookPhone } from './support/deal';
import { timeLimit } from './support/time-limits';
import { editListing, listProduct, uploadPhoto } from './support/products';
import { testDatabaseUrl } from './support/postgres';

/*
 * What each write drops from the public cache (docs/performance.md): the table of every write call
 * (support/cache-drops.ts, which the authorization matrix checks call by call), and here what stays
 * cached beside what a write changed, and the writer reading their own write.
 */

let t: TestApp;
const routes: Array<{ key: string; keepsPublicCache: boolean; namesNothing: boolean }> = [];
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let mine: Product;
let theirs: Product;

const product = async (id: string) =>
  (await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${id}` })).json<Product>();
const sellerPage = async (actor: Actor) =>
  (await t.app.inject({ method: 'GET', url: `/api/sellers/${actor.user.uid}` })).json<SellerProfile>();

beforeAll(async () => {
  const onRoute = (route: RouteOptions) => {
    for (const method of [route.method].flat()) {
      if (['GET', 'HEAD', 'OPTIONS'].includes(method) || !route.url.startsWith('/api/')) continue;
      routes.push({
        key: `${method} ${route.url}`,
        keepsPublicCache: Boolean(route.config?.keepsPublicCache),
        namesNothing: Boolean(route.config?.namesNothing),
      });
    }
  };
  t = await createTestApp({}, { onRoute });
  [seller, otherSeller, buyer] = await Promise.all([
    registerActor(t.app, 'seller'),
    registerActor(t.app, 'seller'),
    registerActor(t.app, 'buyer'),
  ]);
  mine = await product(await listProduct(seller, { productName: 'Mine Phone' }));
  const categories = (await t.app.inject({ method: 'GET', url: '/api/categoires' })).json<Array<{ _id: string }>>();
  const elsewhere = categories.find((category) => category._id !== mine.category_id)!._id;
  theirs = await product(await listProduct(otherSeller, { productName: 'Theirs Phone', category_id: elsewhere }));
});
afterAll(() => t.close());

describe('the invalidation table', () => {
  it('lists every housekeeping job, everything dropped exactly for those that do not name what they change', () => {
    expect(housekeepingJobs.map((job) => job.name)).toEqual(Object.keys(JOB_DROPS));
    for (const job of housekeepingJobs) {
      expect(JOB_DROPS[job.name]!.includes('*'), job.name).toBe(job.changesPublic !== false);
    }
  });

  it('lists every write call of the API, and no call the API does not have', () => {
    const keys = routes.map((route) => route.key);
    expect(keys.length).toBeGreaterThan(50);
    expect(
      keys.filter((key) => !(key in WRITE_DROPS)),
      'write calls missing from tests/support/cache-drops.ts',
    ).toEqual([]);
    expect(Object.keys(WRITE_DROPS).filter((key) => !keys.includes(key))).toEqual([]);
  });

  it('drops everything exactly for the writes whose routes do not say their repositories name what they change', () => {
    for (const { key, keepsPublicCache } of routes) {
      expect(WRITE_DROPS[key]!.includes('*'), key).toBe(!keepsPublicCache);
    }
  });

  it('runs without a set for names only writes whose rows drop nothing (privateWrite)', () => {
    const setless = routes.filter((route) => route.namesNothing).map((route) => route.key);
    expect(setless.filter((key) => WRITE_DROPS[key]!.length > 0)).toEqual([]);
  });
});

/** The public answers a visitor reads, by what they show. */
const answers = () => ({
  mine: `/api/addvertise/product/${mine._id}`,
  theirs: `/api/addvertise/product/${theirs._id}`,
  all: '/api/all/phones',
  advertised: '/api/advertised_products',
  myCategory: `/api/category/${mine.category_id}`,
  theirCategory: `/api/category/${theirs.category_id}`,
  categories: '/api/categoires',
  mySellerPage: `/api/sellers/${seller.user.uid}`,
  theirSellerPage: `/api/sellers/${otherSeller.user.uid}`,
  theirPhones: `/api/sellers/${otherSeller.user.uid}/phones`,
  search: '/api/search',
});
type Answer = keyof ReturnType<typeof answers>;

/** Reads every answer, so each is cached. */
async function warm(): Promise<void> {
  for (const url of Object.values(answers())) {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, url).toBe(200);
  }
}

/** Which of the answers are still served from the cache. */
const kept = (): Answer[] =>
  (Object.entries(answers()) as Array<[Answer, string]>)
    .filter(([, url]) => t.app.publicCache.get(url) !== undefined)
    .map(([name]) => name);

const everyAnswer = () => Object.keys(answers()) as Answer[];

describe('a write drops only what it changed', () => {
  it('keeps everything for writes nothing public shows: sign-in and out, the bell, mail settings, messages, uploads, a booking request', async () => {
    await warm();
    const before = t.app.publicCache.generation;
    const calls = [
      await buyer.request({ method: 'PUT', url: '/api/notifications/read' }),
      await buyer.request({
        method: 'PUT',
        url: '/api/account/mail-settings',
        payload: { kinds: { booking_accepted: false } },
      }),
      await buyer.request({
        method: 'POST',
        url: '/api/store/booking/product',
        payload: { productId: theirs._id, phoneNumber: '01711223344', meetLocation: 'Rangpur' },
      }),
    ];
    const chat = await buyer.request({ method: 'POST', url: '/api/conversations', payload: { productId: mine._id } });
    const conversation = chat.json<{ _id: string }>()._id;
    calls.push(
      chat,
      await buyer.request({
        method: 'POST',
        url: `/api/conversations/${conversation}/messages`,
        payload: { clientId: `kept-${Date.now()}`, text: 'Is it still for sale?' },
      }),
    );
    await uploadPhoto(seller);
    const login = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: buyer.email, password: buyer.password },
    });
    const session = login.cookies.find((cookie) => cookie.name === 'phonehaat_session')!;
    calls.push(
      login,
      await t.app.inject({
        method: 'POST',
        url: '/api/auth/logout',
        headers: { cookie: `${session.name}=${session.value}`, origin: 'http://localhost:3000' },
      }),
    );
    for (const call of calls) expect(call.statusCode, call.body).toBeLessThan(300);
    expect(t.app.publicCache.generation).toBe(before);
    expect(kept()).toEqual(everyAnswer());
  });

  it("drops a listing's page and the lists and searches showing it when its price changes, and nothing else", async () => {
    await warm();
    const edited = await editListing(seller, mine._id, {
      category_id: mine.category_id,
      resalePrice: mine.resalePrice - 500,
    });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(kept().sort()).toEqual(
      ['advertised', 'categories', 'mySellerPage', 'theirs', 'theirCategory', 'theirSellerPage', 'theirPhones'].sort(),
    );
    expect((await product(mine._id)).resalePrice).toBe(mine.resalePrice - 500);
  });

  it("drops the lists a new listing enters and its seller's page (not the advertised list: a new listing is not advertised), and no other listing or category, not even the seller's other phone", async () => {
    await warm();
    await listProduct(seller, { productName: 'Another Mine', category_id: mine.category_id });
    expect(kept().sort()).toEqual(
      ['advertised', 'categories', 'mine', 'theirs', 'theirCategory', 'theirSellerPage', 'theirPhones'].sort(),
    );
  });

  it('drops a phone wherever it shows when a booking of it is accepted (it shows as reserved)', async () => {
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId: mine._id, phoneNumber: '01711223344', meetLocation: 'Rangpur' },
    });
    await warm();
    const id = booked.json<{ insertedId: string }>().insertedId;
    expect((await seller.request({ method: 'PUT', url: `/api/bookings/${id}/accept` })).statusCode).toBe(200);
    expect(kept().sort()).toEqual(
      ['advertised', 'categories', 'mySellerPage', 'theirs', 'theirCategory', 'theirSellerPage', 'theirPhones'].sort(),
    );
    expect((await product(mine._id)).reserved).toBe(true);
  });

  it("drops the seller's page (their count of sales) and the lists a sold phone leaves, not the seller's other phone", async () => {
    const sold = await listProduct(seller, { productName: 'Sold Mine', category_id: mine.category_id });
    const booking = await bookPhone(buyer, sold);
    expect((await seller.request({ method: 'PUT', url: `/api/bookings/${booking}/accept` })).statusCode).toBe(200);
    await warm();
    const salesBefore = (await sellerPage(seller)).soldDeals;
    expect((await seller.request({ method: 'PUT', url: `/api/bookings/${booking}/sold` })).statusCode).toBe(200);
    expect(kept().sort()).toEqual(
      ['advertised', 'categories', 'mine', 'theirs', 'theirCategory', 'theirSellerPage', 'theirPhones'].sort(),
    );
    expect((await sellerPage(seller)).soldDeals).toBe(salesBefore + 1);
  });
});

describe('an account deleted drops its listings, its seller page and the lists they are in, and nothing else', () => {
  /** A seller with a phone in my category, and their seller page and phones read too. */
  async function leaving(): Promise<{ actor: Actor; reads: string[] }> {
    const actor = await registerActor(t.app, 'seller');
    const listed = await listProduct(actor, { productName: 'Leaving Phone', category_id: mine.category_id });
    return {
      actor,
      reads: [
        `/api/addvertise/product/${listed}`,
        `/api/sellers/${actor.user.uid}`,
        `/api/sellers/${actor.user.uid}/phones`,
      ],
    };
  }
  const cached = (url: string) => t.app.publicCache.get(url) !== undefined;
  const notFound = async (url: string) => (await t.app.inject({ method: 'GET', url })).statusCode === 404;

  for (const how of ['by an admin', 'by themselves'] as const) {
    it(how, async () => {
      const { actor, reads } = await leaving();
      await warm();
      for (const url of reads) expect((await t.app.inject({ method: 'GET', url })).statusCode, url).toBe(200);
      const deleted =
        how === 'by themselves'
          ? await actor.request({ method: 'POST', url: '/api/account/delete', payload: { password: actor.password } })
          : await (await adminActor(t.app, t.db)).request({ method: 'DELETE', url: `/api/sellers/${actor.user.uid}` });
      expect(deleted.statusCode, deleted.body).toBe(200);
      expect(reads.map(cached)).toEqual([false, false, false]);
      // Not "all phones", the advertised list, the category it was in; nor another seller or phone.
      expect(kept().sort()).toEqual(
        ['categories', 'mine', 'mySellerPage', 'theirs', 'theirCategory', 'theirSellerPage', 'theirPhones'].sort(),
      );
      expect(await notFound(reads[0]!)).toBe(true);
    });
  }

  it('a buyer without reviews or reserved phones, by an admin: nothing a visitor reads', async () => {
    const leavingBuyer = await registerActor(t.app, 'buyer');
    await warm();
    const admin = await adminActor(t.app, t.db);
    const deleted = await admin.request({ method: 'DELETE', url: `/api/buyers/${leavingBuyer.user.uid}` });
    expect(deleted.statusCode, deleted.body).toBe(200);
    expect(kept()).toEqual(everyAnswer());
  });
});

describe('a listing write drops the searches that could count it before or after, and no other', () => {
  const cached = (url: string) => t.app.publicCache.get(url) !== undefined;
  const found = async (url: string) =>
    (await t.app.inject({ method: 'GET', url })).json<{ items: Product[] }>().items.map((item) => item._id);
  const words = (name: string) => ({ productName: `${name} Phone`, description: `A ${name.toLowerCase()} phone.` });

  it('by its words: an edit drops the searches of its words as they were and as they are', async () => {
    const quokka = await listProduct(seller, words('Quokka'));
    const koala = await listProduct(otherSeller, words('Koala'));
    const wombat = await listProduct(otherSeller, words('Wombat'));
    const searches = ['/api/search?q=quokka', '/api/search?q=koala', '/api/search?q=wombat'];
    const warmSearches = () => Promise.all(searches.map((url) => found(url)));
    expect(await warmSearches()).toEqual([[quokka], [koala], [wombat]]);

    const priced = await editListing(seller, quokka, { ...words('Quokka'), resalePrice: 12_345 });
    expect(priced.statusCode, priced.body).toBe(200);
    expect(searches.map(cached)).toEqual([false, true, true]);
    expect(await warmSearches()).toEqual([[quokka], [koala], [wombat]]);

    // Renamed, it could now be found by "wombat": that search goes too, "koala" stays.
    const renamed = await editListing(seller, quokka, words('Wombat Numbat'));
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(searches.map(cached)).toEqual([false, true, false]);
    expect((await found('/api/search?q=wombat')).sort()).toEqual([quokka, wombat].sort());
    expect(await found('/api/search?q=quokka')).toEqual([]);
  });

  it('by its filters: an edit drops the searches sharing a filter with it before or after, so their facets stay true', async () => {
    const [one, other] = CONDITIONS;
    const listed = await product(
      await listProduct(seller, { ...words('Capybara'), category_id: mine.category_id, productCondition: one }),
    );
    const search = (category: string, condition: string) => `/api/search?category=${category}&condition=${condition}`;
    const itsCategory = search(mine.category_id, other!);
    const elsewhere = search(theirs.category_id, other!);
    await Promise.all([found(itsCategory), found(elsewhere)]);

    const priced = await editListing(seller, listed._id, {
      ...words('Capybara'),
      category_id: mine.category_id,
      productCondition: one,
      resalePrice: listed.resalePrice + 1,
    });
    expect(priced.statusCode, priced.body).toBe(200);
    expect([cached(itsCategory), cached(elsewhere)]).toEqual([false, true]);

    // Moved to the other category, it counts in that search's condition facet now.
    await found(itsCategory);
    const moved = await editListing(seller, listed._id, {
      ...words('Capybara'),
      category_id: theirs.category_id,
      productCondition: one,
    });
    expect(moved.statusCode, moved.body).toBe(200);
    expect([cached(itsCategory), cached(elsewhere)]).toEqual([false, false]);
  });
});

describe("the fair prices' round drops only what it changed", () => {
  const cached = (url: string) => t.app.publicCache.get(url) !== undefined;
  const read = async (url: string) => {
    const response = await t.app.inject({ method: 'GET', url });
    expect(response.statusCode, response.body).toBe(200);
    return response;
  };
  /** The names the round makes (outside any request), with the answers they drop. */
  async function round(): Promise<string[]> {
    const heard: string[] = [];
    const stop = onNamedOutside((changed) => heard.push(...changed));
    try {
      await computeFairPrices(t.db);
    } finally {
      stop();
    }
    return heard;
  }

  it('nothing when no estimate or mark changed; a flipped listing drops the good-price searches that could count it and the fair prices, nothing else', async () => {
    const numbat = { productName: 'Numbat Phone', brand: 'Numbat', productCondition: 'Good' } as const;
    const list = (resalePrice: number) =>
      listProduct(seller, { ...numbat, category_id: mine.category_id, resalePrice });
    const [a, b] = [await list(10_000), await list(20_000)];
    for (const price of [30_000, 40_000, 50_000]) await list(price);
    // Asking 10,000 to 50,000: the middle half starts at 20,000, so only A is a good price.
    await round();
    const goodNumbats = `/api/search?goodPrice=true&q=numbat`;
    expect((await read(goodNumbats)).json<SearchResult>().items.map((item) => item._id)).toEqual([a]);

    const fairPriceOfNumbat = `/api/fair-price?productName=Numbat+Phone&productCondition=Good`;
    const otherCondition = CONDITIONS.find((condition) => condition !== numbat.productCondition)!;
    const related = [goodNumbats, fairPriceOfNumbat];
    const unrelated = [
      `/api/search?q=numbat`,
      `/api/addvertise/product/${a}`,
      `/api/addvertise/product/${b}`,
      `/api/search?goodPrice=true&category=${theirs.category_id}&condition=${otherCondition}`,
    ];
    const warmAll = async () => {
      await warm();
      for (const url of [...related, ...unrelated]) await read(url);
    };

    await warmAll();
    const before = t.app.publicCache.generation;
    expect(await round()).toEqual([]);
    expect(t.app.publicCache.generation).toBe(before);
    expect([...related, ...unrelated].filter(cached)).toEqual([...related, ...unrelated]);
    expect(kept()).toEqual(everyAnswer());

    // A asks 25,000 now: the middle half starts there, so B (20,000) becomes a good price at the
    // next round, and A is no longer one (its own write rated it).
    const edited = await editListing(seller, a, { ...numbat, category_id: mine.category_id, resalePrice: 25_000 });
    expect(edited.statusCode, edited.body).toBe(200);
    await warmAll();
    const dropped = await round();
    expect(unlistedJobDrops('fair prices', dropped)).toEqual([]);
    expect(related.filter(cached)).toEqual([]);
    expect(unrelated.filter(cached)).toEqual(unrelated);
    expect(kept()).toEqual(everyAnswer());
    expect((await read(goodNumbats)).json<SearchResult>().items.map((item) => item._id)).toEqual([b]);
  });
});

describe('under a stream of writes', () => {
  it('computes a popular answer again at most once a refresh time, and no visitor sees one that missed a write by more than a second', async () => {
    const cache = new PublicCache({ refreshMs: REFRESH_MS });
    const a = await buildApp(t.app.deps, { publicCache: cache });
    await a.ready();
    try {
      const url = '/api/all/phones';
      let computed = 0;
      const store = cache.store.bind(cache);
      cache.store = (key, ...rest) => ((computed += key === url ? 1 : 0), store(key, ...rest));
      const priceShown = async () =>
        (await a.inject({ method: 'GET', url })).json<Product[]>().find((item) => item._id === theirs._id)!.resalePrice;
      const writer = {
        ...otherSeller,
        request: (options: InjectOptions) =>
          a.inject({ ...options, headers: { ...options.headers, authorization: `bearer ${otherSeller.token}` } }),
      };
      // Another seller's phone: mine has a booking accepted by now, so it cannot be edited.
      // When each price was written (the time its edit was answered).
      const written = new Map<number, number>([[await priceShown(), 0]]);
      const started = performance.now();
      computed = 0;
      let oldest = 0;
      for (let n = 1; n <= 20; n += 1) {
        const price = theirs.resalePrice + n;
        const edited = await editListing(writer, theirs._id, { category_id: theirs.category_id, resalePrice: price });
        expect(edited.statusCode, edited.body).toBe(200);
        written.set(price, performance.now());
        const readAt = performance.now();
        const shown = await priceShown();
        // The first write the answer shown misses: the one after the price it shows.
        const missed = written.get(shown + 1);
        if (missed !== undefined) oldest = Math.max(oldest, readAt - missed);
      }
      const elapsed = performance.now() - started;
      expect(computed).toBeLessThanOrEqual(Math.ceil(elapsed / REFRESH_MS) + 1);
      expect(oldest).toBeLessThanOrEqual(1000);
      // The writer sees their own last price at once, through the cookie of their write.
      const last = await editListing(writer, theirs._id, {
        category_id: theirs.category_id,
        resalePrice: theirs.resalePrice + 100,
      });
      const wrote = last.cookies.find((cookie) => cookie.name === WRITER_COOKIE)!;
      const cookie = `${WRITER_COOKIE}=${encodeURIComponent(wrote.value)}`;
      const seen = (await a.inject({ method: 'GET', url, headers: { cookie } })).json<Product[]>();
      expect(seen.find((item) => item._id === theirs._id)!.resalePrice).toBe(theirs.resalePrice + 100);
    } finally {
      await a.close();
    }
  });
});

/**
 * Two processes' channels: PostgreSQL's NOTIFY on a channel of the test's own, or on SQLite what
 * the cluster's messages do, each message handed over on a later turn of the event loop.
 */
function channelPair(): [Channel, Channel] {
  const url = testDatabaseUrl();
  const name = `phonehaat_catalog_pair_${process.pid}`;
  if (url) return [postgresChannel(url, name), postgresChannel(url, name)];
  const hearers: Array<(message: string) => void> = [];
  const side = (other: number): Channel => ({
    publish: async (message) => void setImmediate(() => hearers[other]?.(message)),
    subscribe: async (onMessage) => void (hearers[1 - other] = onMessage),
    close: async () => {},
  });
  return [side(1), side(0)];
}

describe('under a stream of writes in another process', () => {
  it("shows a visitor no price replaced more than a second before, and the last one within a second, through the processes' channel", async () => {
    const [channelA, channelB] = channelPair();
    const a = await buildApp(t.app.deps, {
      publicCache: new PublicCache({ channel: channelA, refreshMs: REFRESH_MS }),
    });
    const b = await buildApp(t.app.deps, {
      publicCache: new PublicCache({ channel: channelB, refreshMs: REFRESH_MS }),
    });
    await Promise.all([a.ready(), b.ready()]);
    try {
      const id = await listProduct(otherSeller, { productName: 'Streamed Phone' });
      const url = `/api/addvertise/product/${id}`;
      const shownInB = async () => (await b.inject({ method: 'GET', url })).json<Product>().resalePrice;
      const writer = {
        ...otherSeller,
        request: (options: InjectOptions) =>
          a.inject({ ...options, headers: { ...options.headers, authorization: `bearer ${otherSeller.token}` } }),
      };
      const first = await shownInB();
      // When each price was replaced: the time the edit after it was answered.
      const replaced = new Map<number, number>();
      let oldest = 0;
      const look = async () => {
        const readAt = performance.now();
        const since = replaced.get(await shownInB());
        if (since !== undefined) oldest = Math.max(oldest, readAt - since);
      };
      for (let n = 1; n <= 20; n += 1) {
        const edited = await editListing(writer, id, { resalePrice: first + n });
        expect(edited.statusCode, edited.body).toBe(200);
        replaced.set(first + n - 1, performance.now());
        await look();
      }
      // The last price, seen in b: until then every read there shows a replaced one, and counts.
      await expect
        .poll(async () => (await look(), await shownInB()), { timeout: timeLimit(5000), interval: 20 })
        .toBe(first + 20);
      expect(oldest).toBeLessThanOrEqual(1000);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});

describe('read your own writes', () => {
  it('shows the writer their change at once in another process that has not heard of it yet, and others the answer before it until it has', async () => {
    // Process b hears process a only when the test lets the message through.
    const held: string[] = [];
    let deliver: (message: string) => void = () => {};
    const channelA: Channel = {
      publish: async (m) => void held.push(m),
      subscribe: async () => {},
      close: async () => {},
    };
    const channelB: Channel = {
      publish: async () => {},
      subscribe: async (onMessage) => void (deliver = onMessage),
      close: async () => {},
    };
    const a = await buildApp(t.app.deps, { publicCache: new PublicCache({ channel: channelA }) });
    const b = await buildApp(t.app.deps, { publicCache: new PublicCache({ channel: channelB }) });
    await Promise.all([a.ready(), b.ready()]);
    try {
      const url = `/api/addvertise/product/${theirs._id}`;
      const advertised = async (headers: Record<string, string> = {}) =>
        (await b.inject({ method: 'GET', url, headers })).json<Product>().advertiseStatus;
      expect(await advertised()).toBe(false);

      const made = await a.inject({
        method: 'PUT',
        url: `/api/advertise/product/${theirs._id}`,
        headers: { authorization: `Bearer ${otherSeller.token}` },
      });
      expect(made.statusCode, made.body).toBe(200);
      const wrote = made.cookies.find((cookie) => cookie.name === WRITER_COOKIE)!;
      expect(wrote.maxAge).toBeLessThanOrEqual(5);

      // Others still get the answer before the write here...
      expect(await advertised()).toBe(false);
      // ...the writer never.
      const cookie = `${WRITER_COOKIE}=${encodeURIComponent(wrote.value)}`;
      expect(await advertised({ cookie })).toBe(true);
      for (const message of held) deliver(message);
      expect(await advertised()).toBe(true);
    } finally {
      await Promise.all([a.close(), b.close()]);
    }
  });
});
