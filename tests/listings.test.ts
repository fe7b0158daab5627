import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { demoListing } from '#server/start/seed/factories';
import { productSchema, type Product, type StoreProductRequest } from '#shared/products';
import { registerActor, type Actor } from './support/actors';
import { createTestApp, type TestApp } from './support/app';
import { listProduct, uploadPhoto } from './support/products';
import { historyFromListings } from '#server/db/migrations/010-price-history';

/* Several photos per listing, editing a listing, and hiding it (issue 11). */

let t: TestApp;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;

beforeAll(async () => {
  // Photos here are many; the per-seller upload limit has its own tests.
  t = await createTestApp({}, { uploadRateLimit: 1000 });
  [seller, otherSeller, buyer] = await Promise.all([
    registerActor(t.app, 'seller'),
    registerActor(t.app, 'seller'),
    registerActor(t.app, 'buyer'),
  ]);
});
afterAll(() => t.close());

const fieldsOf = (n: number) => {
  const { caption: _caption, hue: _hue, ...fields } = demoListing(n);
  return fields;
};

async function getProduct(id: string): Promise<Product> {
  const response = await t.app.inject({ url: `/api/addvertise/product/${id}` });
  expect(response.statusCode).toBe(200);
  return productSchema.parse(response.json());
}

/**
 * Moves a listing's price history back in time: the n-th price set `daysAgo[n]` days ago, the
 * last change with it. The public answers are dropped, as a write request would.
 */
async function backdate(productId: string, daysAgo: number[]) {
  const prices = await t.db
    .selectFrom('price_history')
    .select('set_at')
    .where('product_id', '=', productId)
    .orderBy('set_at')
    .execute();
  expect(prices).toHaveLength(daysAgo.length);
  const at = (days: number) => new Date(Date.now() - days * 24 * 3_600_000).toISOString();
  for (const [n, price] of prices.entries()) {
    await t.db
      .updateTable('price_history')
      .set({ set_at: at(daysAgo[n]!) })
      .where('product_id', '=', productId)
      .where('set_at', '=', price.set_at)
      .execute();
  }
  await t.db
    .updateTable('products')
    .set({ price_changed_at: at(daysAgo.at(-1)!) })
    .where('id', '=', productId)
    .execute();
  t.app.publicCache.invalidate();
}

/** Uploads one after another, as the form does: a seller may have only two uploads under way. */
async function photosOf(actor: Actor, count: number): Promise<string[]> {
  const urls: string[] = [];
  for (let i = 0; i < count; i++) urls.push(await uploadPhoto(actor));
  return urls;
}

const store = (actor: Actor, payload: Partial<StoreProductRequest>) =>
  actor.request({ method: 'POST', url: '/api/store_products', payload: { ...fieldsOf(7), ...payload } });

const edit = (actor: Actor, id: string, payload: Partial<StoreProductRequest>) =>
  actor.request({ method: 'PUT', url: `/api/edit/product/${id}`, payload: { ...fieldsOf(7), ...payload } });

const hide = (actor: Actor, id: string, hidden = true) =>
  actor.request({ method: 'PUT', url: `/api/${hidden ? 'hide' : 'show'}/product/${id}` });

const publicIds = async (url: string) =>
  (await t.app.inject({ url: `${url}${url.includes('?') ? '&' : '?'}limit=100` })).json<Product[]>().map((p) => p._id);

describe('photos', () => {
  it('lists a phone with several photos in the order sent, the first as the cover', async () => {
    const urls = await photosOf(seller, 3);
    const response = await store(seller, { productImg: urls[0], photos: urls });
    expect(response.statusCode).toBe(201);
    const product = await getProduct(response.json<{ insertedId: string }>().insertedId);
    expect(product.photos.map((p) => p.url.replace(/^https?:\/\/[^/]+/, ''))).toEqual(
      urls.map((u) => u.replace(/^https?:\/\/[^/]+/, '')),
    );
    expect(product.photos[0]).toEqual({ url: product.productImg, thumb: product.productThumb });
    expect(product.photos[1]!.thumb).toMatch(/-thumb\.webp$/);
  });

  it('keeps working for a client that sends only productImg: one photo', async () => {
    const product = await getProduct(await listProduct(seller));
    expect(product.photos).toEqual([{ url: product.productImg, thumb: product.productThumb }]);
  });

  it('refuses photos that are not the cover first, more than six, none, or twice the same', async () => {
    const urls = await photosOf(seller, 7);
    const cases: Array<[Partial<StoreProductRequest>, string]> = [
      [{ productImg: urls[0], photos: [urls[1]!, urls[0]!] }, 'The first photo is the cover'],
      [{ productImg: urls[0], photos: urls }, 'Add at most 6 photos'],
      [{ productImg: urls[0], photos: [] }, 'Please Choose product image'],
      [{ productImg: urls[0], photos: [urls[0]!, urls[0]!] }, 'Each photo can be added once'],
    ];
    for (const [payload, message] of cases) {
      const response = await store(seller, payload);
      expect(response.statusCode).toBe(400);
      expect(response.json().fields.photos).toContain(message);
    }
  });

  it("refuses another seller's photo anywhere in the list, and leaves nothing behind", async () => {
    const [own] = await photosOf(seller, 1);
    const [theirs] = await photosOf(otherSeller, 1);
    const before = (await seller.request({ url: `/api/products?email=${seller.email}&limit=100` })).json<Product[]>();
    const response = await store(seller, { productImg: own, photos: [own!, theirs!] });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields.productImg).toBe('Please upload the product image again, then save the product');
    const after = (await seller.request({ url: `/api/products?email=${seller.email}&limit=100` })).json<Product[]>();
    expect(after).toHaveLength(before.length);
  });

  it('keeps a photo that only a listing uses (not its cover) from housekeeping', async () => {
    const urls = await photosOf(seller, 2);
    await store(seller, { productImg: urls[0], photos: urls });
    const { deleteUnusedUploads } = await import('#server/uploads/repository');
    const removed = await deleteUnusedUploads(t.db, t.images, new Date(Date.now() + 60_000).toISOString());
    const secondId = /([0-9a-f]{24})\.webp$/.exec(urls[1]!)![1];
    expect(removed).not.toContain(secondId);
  });
});

describe('PUT /api/edit/product/:id', () => {
  it('lets the owner change every field and the photos, keeping id, seller, flags, posted date and bookings', async () => {
    const id = await listProduct(seller, { resalePrice: 52000 } as Partial<StoreProductRequest>);
    await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    const booked = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId: id, phoneNumber: '01711223344', meetLocation: 'Rangpur' },
    });
    expect(booked.statusCode).toBe(201);
    const before = await getProduct(id);

    const photos = await photosOf(seller, 2);
    const category = CATEGORY_CATALOGUE[3]!.id;
    const response = await edit(seller, id, {
      productName: 'Edited name',
      category_id: category,
      resalePrice: 48000,
      productImg: photos[1],
      photos: [photos[1]!, photos[0]!, before.productImg],
      // Not the seller's to set: ignored.
      sellerEmail: 'evil@example.test',
      sellStatus: true,
      advertiseStatus: false,
      postedOn: '2001-01-01T00:00:00.000Z',
    } as Partial<StoreProductRequest>);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1, review: null });

    const after = await getProduct(id);
    expect(after).toMatchObject({
      _id: id,
      productName: 'Edited name',
      category_id: category,
      resalePrice: 48000,
      previousPrice: 52000,
      sellerEmail: seller.email,
      sellStatus: false,
      advertiseStatus: true,
      hidden: false,
      postedOn: before.postedOn,
    });
    expect(after.editedOn).not.toBeNull();
    expect(after.photos).toHaveLength(3);
    expect(after.productImg).toBe(after.photos[0]!.url);
    expect(after.productImg).not.toBe(before.productImg);

    const orders = await buyer.request({ url: `/api/orders?email=${buyer.email}` });
    expect(orders.json<Array<{ productId: string }>>().map((o) => o.productId)).toContain(id);
  });

  it('shows a drop from the lowest price of the 30 days before it, so raising then lowering is no drop', async () => {
    const id = await listProduct(seller, { resalePrice: 30000 } as Partial<StoreProductRequest>);
    const { productImg } = await getProduct(id);
    await edit(seller, id, { productImg, resalePrice: 27000 });
    await edit(seller, id, { productImg, resalePrice: 27000, description: 'Only the text changed' });
    expect(await getProduct(id)).toMatchObject({ resalePrice: 27000, previousPrice: 30000 });

    await edit(seller, id, { productImg, resalePrice: 35000 });
    expect(await getProduct(id)).toMatchObject({ resalePrice: 35000, previousPrice: null });
    // Down from 35000, but 27000 was asked within the 30 days: no drop.
    await edit(seller, id, { productImg, resalePrice: 29000 });
    expect(await getProduct(id)).toMatchObject({ resalePrice: 29000, previousPrice: null });
    // Below every price of the 30 days: a drop from the lowest of them.
    await edit(seller, id, { productImg, resalePrice: 25000 });
    expect(await getProduct(id)).toMatchObject({ resalePrice: 25000, previousPrice: 27000 });
  });

  it('counts the price of 30 days ago and no older one, and shows a drop for 30 days', async () => {
    const id = await listProduct(seller, { resalePrice: 20000 } as Partial<StoreProductRequest>);
    const { productImg } = await getProduct(id);
    await edit(seller, id, { productImg, resalePrice: 40000 });
    // Listed at 20000 forty days ago, raised to 40000 thirty-five days ago.
    await backdate(id, [40, 35]);
    await edit(seller, id, { productImg, resalePrice: 30000 });
    expect(await getProduct(id)).toMatchObject({ resalePrice: 30000, previousPrice: 40000 });

    // The price of 40 days ago no longer counts, and went.
    await backdate(id, [35, 29]);
    expect((await getProduct(id)).previousPrice).toBe(40000);
    await backdate(id, [35, 31]);
    expect((await getProduct(id)).previousPrice).toBeNull();

    // A later change still compares with what was asked in its own 30 days (40000 is older).
    await edit(seller, id, { productImg, resalePrice: 28000 });
    expect((await getProduct(id)).previousPrice).toBe(30000);
    const kept = await t.db.selectFrom('price_history').select('price').where('product_id', '=', id).execute();
    expect(kept.map((row) => row.price).sort()).toEqual([28000, 30000]);
  });

  it('takes a resale price of whole Tk from 100 to 10,000,000, with the reason under the field', async () => {
    const id = await listProduct(seller, { resalePrice: 30000 } as Partial<StoreProductRequest>);
    const { productImg } = await getProduct(id);
    const [photo] = await photosOf(seller, 1);
    const refusals: Array<[unknown, string]> = [
      [0, 'Enter a price of at least 100Tk'],
      ['99', 'Enter a price of at least 100Tk'],
      [-500, 'Enter the price in whole Tk, digits only'],
      [250.5, 'Enter the price in whole Tk, digits only'],
      ['25000.50', 'Enter the price in whole Tk, digits only'],
      [10_000_001, 'Enter a price of at most 10000000Tk'],
      ['', 'Please enter Resale Price'],
    ];
    for (const [resalePrice, message] of refusals) {
      for (const response of [
        await store(seller, { productImg: photo, resalePrice } as Partial<StoreProductRequest>),
        await edit(seller, id, { productImg, resalePrice } as Partial<StoreProductRequest>),
      ]) {
        expect(response.statusCode, String(resalePrice)).toBe(400);
        expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', fields: { resalePrice: message } });
      }
    }
    expect((await getProduct(id)).resalePrice).toBe(30000);
    for (const resalePrice of [100, '10,000,000']) {
      const response = await edit(seller, id, { productImg, resalePrice } as Partial<StoreProductRequest>);
      expect(response.statusCode).toBe(200);
    }
    expect((await getProduct(id)).resalePrice).toBe(10_000_000);
  });

  it('refuses another seller (403), a sold phone (409), an unknown id (404) and bad input (400), changing nothing', async () => {
    const id = await listProduct(seller);
    const before = await getProduct(id);
    const { productImg } = before;

    const theirs = await edit(otherSeller, id, { productImg, productName: 'Mine now' });
    expect(theirs.statusCode).toBe(403);
    expect(theirs.json().code).toBe('FORBIDDEN');

    const invalid = await edit(seller, id, { productImg, productName: '  ' });
    expect(invalid.statusCode).toBe(400);
    expect(invalid.json().fields.productName).toBe('Provide your proudct name');

    const missing = await edit(seller, 'ffffffffffffffffffffffff', { productImg });
    expect(missing.statusCode).toBe(404);

    await t.db.updateTable('products').set({ is_sold: true }).where('id', '=', id).execute();
    const sold = await edit(seller, id, { productImg, productName: 'After the sale' });
    expect(sold.statusCode).toBe(409);
    expect(sold.json().message).toBe('This phone is sold already, so it cannot be edited');

    expect((await getProduct(id)).productName).toBe(before.productName);
  });

  it("refuses a buyer and someone else's photo", async () => {
    const id = await listProduct(seller);
    const { productImg } = await getProduct(id);
    expect((await edit(buyer, id, { productImg })).statusCode).toBe(403);
    const [theirs] = await photosOf(otherSeller, 1);
    const borrowed = await edit(seller, id, { productImg: theirs });
    expect(borrowed.statusCode).toBe(400);
    expect((await getProduct(id)).productImg).toBe(productImg);
  });
});

describe('hide and show', () => {
  it('takes a phone out of every public list while its page and its seller still have it, then puts it back', async () => {
    const id = await listProduct(seller, { category_id: CATEGORY_CATALOGUE[2]!.id });
    await seller.request({ method: 'PUT', url: `/api/advertise/product/${id}` });
    const lists = ['/api/all/phones', '/api/advertised_products', `/api/category/${CATEGORY_CATALOGUE[2]!.id}`];
    for (const list of lists) expect(await publicIds(list)).toContain(id);

    const hidden = await hide(seller, id);
    expect(hidden.json()).toEqual({ acknowledged: true, matchedCount: 1, modifiedCount: 1 });
    expect((await hide(seller, id)).json().modifiedCount).toBe(0);
    for (const list of lists) expect(await publicIds(list)).not.toContain(id);
    expect((await getProduct(id)).hidden).toBe(true);
    const own = (await seller.request({ url: `/api/products?email=${seller.email}&limit=100` })).json<Product[]>();
    expect(own.find((p) => p._id === id)?.hidden).toBe(true);

    const booking = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId: id, phoneNumber: '01711223344', meetLocation: 'Rangpur' },
    });
    expect(booking.statusCode).toBe(409);
    expect(booking.json().message).toBe('This phone is not on sale right now');

    expect((await hide(seller, id, false)).json().modifiedCount).toBe(1);
    for (const list of lists) expect(await publicIds(list)).toContain(id);
    expect((await getProduct(id)).hidden).toBe(false);
  });

  it('refuses another seller (403), a sold phone (409) and an unknown id (404)', async () => {
    const id = await listProduct(seller);
    expect((await hide(otherSeller, id)).statusCode).toBe(403);
    expect((await hide(otherSeller, id, false)).statusCode).toBe(403);
    expect((await hide(seller, 'ffffffffffffffffffffffff')).statusCode).toBe(404);
    await t.db.updateTable('products').set({ is_sold: true }).where('id', '=', id).execute();
    const sold = await hide(seller, id);
    expect(sold.statusCode).toBe(409);
    expect(sold.json().code).toBe('ALREADY_SOLD');
    expect((await getProduct(id)).hidden).toBe(false);
  });
});

describe('edits and hides meet the bookings', () => {
  let secondBuyer: Actor;
  beforeAll(async () => {
    secondBuyer = await registerActor(t.app, 'buyer');
  });

  async function book(actor: Actor, productId: string): Promise<string> {
    const response = await actor.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: 'Dhaka, Mirpur 10' },
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ insertedId: string }>().insertedId;
  }

  const answer = (id: string, move: string, payload?: object) =>
    seller.request({ method: 'PUT', url: `/api/bookings/${id}/${move}`, ...(payload ? { payload } : {}) });

  const orderOf = async (actor: Actor, bookingId: string) =>
    (await actor.request({ url: `/api/orders?email=${encodeURIComponent(actor.email)}&limit=100` }))
      .json<Array<{ _id: string; status: string; statusReason: string | null }>>()
      .find((order) => order._id === bookingId);

  it('refuses to edit a phone whose booking the seller accepted (409), and edits it again once that booking is cancelled', async () => {
    const productImg = await uploadPhoto(seller);
    const id = await listProduct(seller, { productImg, resalePrice: 30000 });
    const bookingId = await book(buyer, id);
    // A request alone does not stop an edit.
    expect((await edit(seller, id, { productImg, resalePrice: 29000 })).statusCode).toBe(200);

    expect((await answer(bookingId, 'accept')).statusCode).toBe(200);
    const refused = await edit(seller, id, { productImg, resalePrice: 25000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      code: 'CONFLICT',
      message:
        'You accepted a booking of this phone, so it cannot be edited until that booking is cancelled or the phone is sold',
    });
    expect((await getProduct(id)).resalePrice).toBe(29000);

    expect((await answer(bookingId, 'cancel', { reason: 'the buyer did not come' })).statusCode).toBe(200);
    expect((await edit(seller, id, { productImg, resalePrice: 25000 })).statusCode).toBe(200);
    expect((await getProduct(id)).resalePrice).toBe(25000);
  });

  it('hiding declines the open requests with a reason and tells their buyers, in the same change', async () => {
    const id = await listProduct(seller);
    const [first, second] = [await book(buyer, id), await book(secondBuyer, id)];
    expect((await hide(seller, id)).statusCode).toBe(200);

    for (const [actor, bookingId] of [
      [buyer, first],
      [secondBuyer, second],
    ] as const) {
      expect(await orderOf(actor, bookingId)).toMatchObject({
        status: 'declined',
        statusReason: 'the seller took this phone off sale',
      });
      const notifications = (await actor.request({ url: '/api/notifications' })).json<Array<{ message: string }>>();
      expect(notifications.map((n) => n.message)).toContain(
        `Your booking of ${(await getProduct(id)).productName} was declined: the seller took this phone off sale`,
      );
    }
    // Shown again, the phone takes new requests; the declined ones stay declined.
    expect((await hide(seller, id, false)).statusCode).toBe(200);
    expect((await orderOf(buyer, first))?.status).toBe('declined');
    await book(secondBuyer, id);
  });

  it('hiding a reserved phone cancels the accepted booking with the reason', async () => {
    const id = await listProduct(seller);
    const bookingId = await book(buyer, id);
    expect((await answer(bookingId, 'accept')).statusCode).toBe(200);
    expect((await getProduct(id)).reserved).toBe(true);
    expect((await hide(seller, id)).statusCode).toBe(200);
    expect(await orderOf(buyer, bookingId)).toMatchObject({
      status: 'cancelled',
      statusReason: 'the seller took this phone off sale',
    });
    expect((await getProduct(id)).reserved).toBe(false);
  });

  it('a refused hide (another seller) leaves the requests open', async () => {
    const id = await listProduct(seller);
    const bookingId = await book(buyer, id);
    expect((await hide(otherSeller, id)).statusCode).toBe(403);
    expect((await orderOf(buyer, bookingId))?.status).toBe('requested');
  });
});

describe('listings from before the price history (migration 010)', () => {
  it('keep a lowered price as a drop from the edit, and a raised one as none', async () => {
    const ids: string[] = [];
    for (let n = 0; n < 3; n++)
      ids.push(await listProduct(seller, { resalePrice: 30000 } as Partial<StoreProductRequest>));
    const [lowered, raised, untouched] = ids as [string, string, string];
    const daysAgo = (days: number) => new Date(Date.now() - days * 24 * 3_600_000).toISOString();
    const fiveDaysAgo = daysAgo(5);
    await t.db
      .updateTable('products')
      .set({ posted_at: daysAgo(10) })
      .where('id', 'in', ids)
      .execute();
    // As an edit wrote them before: the price it replaced, and when.
    await t.db.deleteFrom('price_history').where('product_id', 'in', ids).execute();
    await t.db.updateTable('products').set({ price_changed_at: null }).where('id', 'in', ids).execute();
    await t.db
      .updateTable('products')
      .set({ resale_price: 25000, previous_resale_price: 30000, edited_at: fiveDaysAgo })
      .where('id', '=', lowered)
      .execute();
    await t.db
      .updateTable('products')
      .set({ resale_price: 35000, previous_resale_price: 30000, edited_at: fiveDaysAgo })
      .where('id', '=', raised)
      .execute();

    await historyFromListings(t.db as Kysely<unknown>);
    t.app.publicCache.invalidate();

    expect(await getProduct(lowered)).toMatchObject({ resalePrice: 25000, previousPrice: 30000 });
    expect(await getProduct(raised)).toMatchObject({ resalePrice: 35000, previousPrice: null });
    expect(await getProduct(untouched)).toMatchObject({ resalePrice: 30000, previousPrice: null });
    const history = await t.db
      .selectFrom('price_history')
      .select(['product_id', 'price'])
      .where('product_id', 'in', ids)
      .orderBy('set_at')
      .execute();
    const pricesOf = (id: string) => history.filter((row) => row.product_id === id).map((row) => row.price);
    expect([pricesOf(lowered), pricesOf(raised), pricesOf(untouched)]).toEqual([
      [30000, 25000],
      [30000, 35000],
      [30000],
    ]);

    // The next edit compares with them: 27000 is above the 25000 of five days ago.
    const { productImg } = await getProduct(lowered);
    await edit(seller, lowered, { productImg, resalePrice: 27000 });
    expect((await getProduct(lowered)).previousPrice).toBeNull();
  });
});
