import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { categorySchema } from '#shared/categories';
import { encodeListCursor } from '#shared/common';
import { productSchema, type Product } from '#shared/products';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { newId } from '#server/db/ids';
import { createTestApp, type TestApp } from './support/app';
import { registerActor } from './support/actors';
import { listProduct } from './support/products';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const [iphone, samsung] = CATEGORY_CATALOGUE;

describe('GET /api/categoires', () => {
  it('lists every category in catalogue order', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/categoires' });
    expect(response.statusCode).toBe(200);
    const categories = categorySchema.array().parse(response.json());
    expect(categories.map((c) => [c._id, c.category_name])).toEqual(CATEGORY_CATALOGUE.map((c) => [c.id, c.name]));
    expect(categories[0]?.category_desc).toBe(iphone.desc);
  });

  it("serves each category's picture", async () => {
    const [first] = (await t.app.inject({ method: 'GET', url: '/api/categoires' })).json<
      Array<{ category_img: string }>
    >();
    const picture = await t.app.inject({ method: 'GET', url: first!.category_img });
    expect(picture.statusCode).toBe(200);
    expect(picture.headers['content-type']).toBe('image/webp');
  });
});

describe('GET /api/categoryinfo?id=', () => {
  it('answers one category', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/categoryinfo?id=${samsung.id}` });
    expect(response.statusCode).toBe(200);
    expect(categorySchema.parse(response.json())).toMatchObject({
      _id: samsung.id,
      category_name: 'Samsung',
      category_desc: samsung.desc,
    });
  });

  it.each([`?id=${newId()}`, '?id=samsung', '?id=', ''])('answers 404 for %s', async (query) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/categoryinfo${query}` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND' });
  });
});

describe('GET /api/category/:id', () => {
  let unsold: string[];
  let sold: string;
  beforeAll(async () => {
    const seller = await registerActor(t.app, 'seller');
    unsold = [];
    for (let i = 0; i < 3; i++) unsold.push(await listProduct(seller, { category_id: iphone.id }));
    sold = await listProduct(seller, { category_id: iphone.id });
    await t.db.updateTable('products').set({ is_sold: true }).where('id', '=', sold).execute();
    await listProduct(seller, { category_id: samsung.id });
  });

  it("lists the category's unsold products, newest first", async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/${iphone.id}` });
    expect(response.statusCode).toBe(200);
    const products = productSchema.array().parse(response.json());
    expect(products.map((p) => p._id).sort()).toEqual([...unsold].sort());
    expect(products.every((p) => p.category_id === iphone.id && p.categoryName === 'iPhone' && !p.sellStatus)).toBe(
      true,
    );
    const order = (p: Product) => `${p.postedOn} ${p._id}`;
    expect(products.map(order)).toEqual(products.map(order).sort().reverse());
    expect(response.headers['x-total-count']).toBe('3');
    expect(response.headers.link).toBeUndefined();
  });

  it('pages with Link and X-Total-Count headers', async () => {
    const all = (await t.app.inject({ method: 'GET', url: `/api/category/${iphone.id}` })).json<Product[]>();
    const first = await t.app.inject({ method: 'GET', url: `/api/category/${iphone.id}?limit=2` });
    expect(first.json<Product[]>().map((p) => p._id)).toEqual(all.slice(0, 2).map((p) => p._id));
    expect(first.headers['x-total-count']).toBe('3');
    const after = encodeListCursor({ postedAt: all[1]!.postedOn, id: all[1]!._id });
    expect(first.headers.link).toBe(`</api/category/${iphone.id}?limit=2&after=${after}>; rel="next"`);
    const last = await t.app.inject({ method: 'GET', url: `/api/category/${iphone.id}?limit=2&page=2` });
    expect(last.json<Product[]>().map((p) => p._id)).toEqual(all.slice(2).map((p) => p._id));
    expect(last.headers.link).toBeUndefined();
  });

  it('answers an empty list for a category with nothing for sale', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/${CATEGORY_CATALOGUE[5].id}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual([]);
    expect(response.headers['x-total-count']).toBe('0');
  });

  it.each([newId(), 'iphone'])('answers 404 for the unknown category %s', async (id) => {
    const response = await t.app.inject({ method: 'GET', url: `/api/category/${id}` });
    expect(response.statusCode).toBe(404);
  });
});
