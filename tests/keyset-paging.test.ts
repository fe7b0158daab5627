import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BAD_CURSOR_MESSAGE_ID, encodeListCursor } from '#shared/common';
import { translate } from '#shared/i18n/translate';
import type { Product } from '#shared/products';
import { createTestApp, type TestApp } from './support/app';
import { registerActor, type Actor } from './support/actors';
import { listProduct } from './support/products';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';

/*
 * The public lists page by `page` (as the spec has it) or by `after`, a cursor naming the last
 * listing already read; the Link header's next page carries the cursor. Following the cursors
 * from the first page must give what the numbered pages give, each listing once.
 */

let t: TestApp;
let seller: Actor;
const category = CATEGORY_CATALOGUE[0];
let sold: string;
let hidden: string;

const get = (url: string) => t.app.inject({ method: 'GET', url });
const idsOf = (products: Product[]) => products.map((p) => p._id);
const nextOf = (link: string | string[] | undefined) =>
  typeof link === 'string' ? /^<([^>]+)>; rel="next"$/.exec(link)?.[1] : undefined;

/** Every page from `first` on, following the Link header: the ids in order and the URLs asked. */
async function followLinks(first: string) {
  const ids: string[] = [];
  const urls: string[] = [];
  for (let url: string | undefined = first; url !== undefined;) {
    const response = await get(url);
    expect(response.statusCode, url).toBe(200);
    urls.push(url);
    ids.push(...idsOf(response.json<Product[]>()));
    url = nextOf(response.headers.link);
    expect(urls.length).toBeLessThan(50);
  }
  return { ids, urls };
}

/** Every numbered page, as the spec's client asks for them. */
async function numberedPages(path: string, limit: number) {
  const ids: string[] = [];
  for (let page = 1; ; page++) {
    const response = await get(`${path}${path.includes('?') ? '&' : '?'}page=${page}&limit=${limit}`);
    const items = response.json<Product[]>();
    if (items.length === 0) return ids;
    ids.push(...idsOf(items));
  }
}

const lists = () => ['/api/all/phones', '/api/advertised_products', `/api/category/${category.id}`];

beforeAll(async () => {
  t = await createTestApp();
  seller = await registerActor(t.app, 'seller');
  const ids: string[] = [];
  for (let i = 0; i < 9; i++) ids.push(await listProduct(seller, { category_id: category.id }));
  for (const id of ids.slice(0, 7)) {
    const advertised = await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    expect(advertised.statusCode).toBe(200);
  }
  // Four listings posted in the same millisecond: only their ids order them.
  await t.db
    .updateTable('products')
    .set({ posted_at: '2026-11-20T10:00:00.000Z' })
    .where('id', 'in', ids.slice(2, 6))
    .execute();
  sold = ids[3]!;
  hidden = ids[6]!;
  await t.db.updateTable('products').set({ is_sold: true }).where('id', '=', sold).execute();
  expect((await seller.request({ method: 'PUT', url: `/api/hide/product/${hidden}` })).statusCode).toBe(200);
});
afterAll(() => t.close());

describe('paging after a cursor', () => {
  it('gives every listing once, in the order of the pages, on each public list', async () => {
    for (const path of lists()) {
      const whole = await get(`${path}?limit=100`);
      const all = idsOf(whole.json<Product[]>());
      expect(all.length, path).toBeGreaterThanOrEqual(5);
      expect(all).not.toContain(sold);
      expect(all).not.toContain(hidden);
      for (const limit of [1, 2, 3]) {
        const { ids, urls } = await followLinks(`${path}?limit=${limit}`);
        expect(ids, `${path} by ${limit}`).toEqual(all);
        expect(new Set(ids).size).toBe(ids.length);
        expect(urls.length).toBe(Math.ceil(all.length / limit));
        // After the first page, every link names the last listing, never a page number.
        for (const url of urls.slice(1)) {
          expect(url).toMatch(/[?&]after=[A-Za-z0-9_-]+/);
          expect(url).not.toMatch(/[?&]page=/);
        }
        expect(await numberedPages(path, limit)).toEqual(all);
      }
    }
  });

  it('sends X-Total-Count on every page and a Link only while more follow', async () => {
    const all = (await get('/api/all/phones?limit=100')).json<Product[]>();
    const first = await get('/api/all/phones?limit=2');
    expect(first.headers['x-total-count']).toBe(String(all.length));
    expect(first.headers.link).toBe(
      `</api/all/phones?limit=2&after=${encodeListCursor({ postedAt: all[1]!.postedOn, id: all[1]!._id })}>; rel="next"`,
    );
    const second = await get(nextOf(first.headers.link)!);
    expect(second.headers['x-total-count']).toBe(String(all.length));
    expect(idsOf(second.json<Product[]>())).toEqual(idsOf(all.slice(2, 4)));

    const beforeLast = all.at(-2)!;
    const last = await get(
      `/api/all/phones?limit=1&after=${encodeListCursor({ postedAt: beforeLast.postedOn, id: beforeLast._id })}`,
    );
    expect(idsOf(last.json<Product[]>())).toEqual([all.at(-1)!._id]);
    expect(last.headers.link).toBeUndefined();

    // A cursor is a place in the order, not a lookup: one naming no listing still reads on from there.
    const future = await get(
      `/api/all/phones?limit=100&after=${encodeListCursor({ postedAt: '2100-01-01T00:00:00.000Z', id: 'f'.repeat(24) })}`,
    );
    expect(idsOf(future.json<Product[]>())).toEqual(idsOf(all));

    const lastOne = all.at(-1)!;
    const past = await get(
      `/api/all/phones?after=${encodeListCursor({ postedAt: lastOne.postedOn, id: lastOne._id })}`,
    );
    expect(past.statusCode).toBe(200);
    expect(past.json()).toEqual([]);
    expect(past.headers.link).toBeUndefined();
  });

  it('reads on from the same listing when one is added or sold meanwhile', async () => {
    const before = idsOf((await get(`/api/category/${category.id}?limit=100`)).json<Product[]>());
    const first = await get(`/api/category/${category.id}?limit=2`);
    const next = nextOf(first.headers.link)!;

    const added = await listProduct(seller, { category_id: category.id });
    const second = await get(next);
    expect(idsOf(second.json<Product[]>())).toEqual(before.slice(2, 4));
    expect(idsOf(second.json<Product[]>())).not.toContain(added);
    // The numbered page moved by one: the listing added first pushed everything down.
    const numbered = await get(`/api/category/${category.id}?limit=2&page=2`);
    expect(idsOf(numbered.json<Product[]>())).toEqual(before.slice(1, 3));

    // The listing the cursor names may itself be sold since: the next page does not depend on it.
    await t.db.updateTable('products').set({ is_sold: true }).where('id', '=', before[1]!).execute();
    await t.app.publicCache.bump(); // as a write through the API would: the cache starts over
    const afterSold = await get(next);
    expect(idsOf(afterSold.json<Product[]>())).toEqual(before.slice(2, 4));
    await t.db.updateTable('products').set({ is_sold: false }).where('id', '=', before[1]!).execute();
    await t.db.updateTable('products').set({ is_hidden: true }).where('id', '=', added).execute();
    await t.app.publicCache.bump();
  });

  it('keeps cursor answers in the front-door cache until something changes', async () => {
    const first = await get('/api/all/phones?limit=2');
    const next = nextOf(first.headers.link)!;
    const answer = await get(next);
    expect(answer.headers.etag).toBeTruthy();
    const etag = answer.headers.etag as string;
    const again = await t.app.inject({ method: 'GET', url: next, headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);

    const renamed = 'Renamed behind the cache';
    await t.db.updateTable('products').set({ product_name: renamed }).execute();
    expect((await get(next)).body).not.toContain(renamed);
    await t.app.publicCache.bump();
    expect((await get(next)).body).toContain(renamed);
  });
});

describe('a cursor the list did not give out', () => {
  const b64 = (text: string) => Buffer.from(text).toString('base64url');
  const id = 'a'.repeat(24);
  const bad: Record<string, string> = {
    empty: '',
    'not base64url': 'abc!def',
    'base64 with padding': `${b64(`2026-11-20T10:00:00.000Z|${id}`)}==`,
    'random bytes': b64('\u0000\u00ff garbage'),
    'no id': b64('2026-11-20T10:00:00.000Z'),
    'a malformed id': b64('2026-11-20T10:00:00.000Z|not-an-id'),
    'a time without milliseconds': b64(`2026-11-20T10:00:00Z|${id}`),
    'a day that does not exist': b64(`2026-02-30T10:00:00.000Z|${id}`),
    'a third part': b64(`2026-11-20T10:00:00.000Z|${id}|x`),
    'far too long': 'A'.repeat(400),
    'a SQL fragment': b64(`2026-11-20T10:00:00.000Z' or 1=1 --|${id}`),
  };
  for (const [name, after] of Object.entries(bad)) {
    it(`is a 400 with a message: ${name}`, async () => {
      for (const path of lists()) {
        const response = await get(`${path}?after=${encodeURIComponent(after)}`);
        expect(response.statusCode, `${path} ${name}`).toBe(400);
        expect(response.json()).toMatchObject({
          code: 'VALIDATION_FAILED',
          message: translate('en', BAD_CURSOR_MESSAGE_ID),
          fields: { after: translate('en', BAD_CURSOR_MESSAGE_ID) },
        });
      }
    });
  }

  it('is a 400 when given with a page number too', async () => {
    const after = encodeListCursor({ postedAt: '2026-11-20T10:00:00.000Z', id });
    const response = await get(`/api/all/phones?page=2&after=${after}`);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Give either page or after, not both');
  });
});

describe('the OpenAPI document', () => {
  it('describes `after` on each public list, and on no other list', async () => {
    const doc = (await get('/api/openapi.json')).json<{
      paths: Record<
        string,
        {
          get?: {
            parameters?: Array<{
              name: string;
              in: string;
              required?: boolean;
              description?: string;
              schema: { description?: string };
            }>;
          };
        }
      >;
    }>();
    for (const path of ['/api/all/phones', '/api/advertised_products', '/api/category/{id}']) {
      const after = doc.paths[path]!.get!.parameters!.find((p) => p.name === 'after');
      expect(after, path).toMatchObject({ in: 'query' });
      expect(after!.required ?? false).toBe(false);
      expect(after!.description ?? after!.schema.description).toContain('cursor');
    }
    for (const path of ['/api/products', '/api/buyers', '/api/notifications']) {
      expect(doc.paths[path]!.get!.parameters!.map((p) => p.name)).not.toContain('after');
    }
  });
});
