import { describe, expect, it } from 'vitest';
import { orderSchema, type Order } from '#shared/bookings';
import { myProductActivitySchema, productSchema, type Product } from '#shared/products';
import { newId } from '#server/db/ids';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct, uploadPhoto } from './support/products';

const { t, seller, buyer, otherBuyer, admin } = useTestApp({
  seller: 'seller',
  buyer: { role: 'buyer', name: 'Nusrat Jahan' },
  otherBuyer: 'buyer',
  admin: 'admin',
});

const booking = (productId: string) => ({
  productId,
  phoneNumber: '+880 1711 223344',
  meetLocation: 'Dhaka, Mirpur 10',
});

const book = (actor: Actor, payload: object) =>
  actor.request({ method: 'POST', url: '/api/store/booking/product', payload });

async function productOf(id: string): Promise<Product> {
  const response = await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${id}` });
  return productSchema.parse(response.json());
}

async function ordersOf(actor: Actor, query = ''): Promise<Order[]> {
  const response = await actor.request({
    method: 'GET',
    url: `/api/orders?email=${encodeURIComponent(actor.email)}${query}`,
  });
  expect(response.statusCode).toBe(200);
  return orderSchema.array().parse(response.json());
}

/** What buyer's order of `product` shows: the buyer from the account, the phone from its record. */
const orderFromRecords = (productId: string, product: Product) => ({
  productId,
  productName: product.productName,
  productPrice: product.resalePrice,
  productImg: product.productImg,
  name: 'Nusrat Jahan',
  email: buyer.email,
  phoneNumber: '+880 1711 223344',
  meetLocation: 'Dhaka, Mirpur 10',
});

const markSold = (id: string) => t.db.updateTable('products').set({ is_sold: true }).where('id', '=', id).execute();

describe('POST /api/store/booking/product', () => {
  it('books a product with the buyer from the account and the product from its record, whatever the body says', async () => {
    const productId = await listProduct(seller);
    const product = await productOf(productId);
    const response = await book(buyer, {
      ...booking(productId),
      name: 'Someone Else',
      email: otherBuyer.email,
      productName: 'Free phone',
      productPrice: 1,
      productImg: 'https://evil.example/x.png',
      categoryNameInfo: 'Nothing',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const [order] = await ordersOf(buyer);
    expect(order).toEqual({
      ...orderFromRecords(productId, product),
      _id: response.json().insertedId,
      categoryNameInfo: product.categoryName,
      bookedAt: expect.any(String),
    });
    expect(await ordersOf(otherBuyer)).toEqual([]);
  });

  it('refuses a second booking of the same product by the same buyer, but not by another buyer', async () => {
    const productId = await listProduct(seller);
    expect((await book(buyer, booking(productId))).statusCode).toBe(201);
    const again = await book(buyer, booking(productId));
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'ALREADY_EXISTS',
      message: expect.stringContaining('booked this phone already'),
    });
    expect((await book(otherBuyer, booking(productId))).statusCode).toBe(201);
  });

  it('keeps exactly one booking when the same buyer books twice at once', async () => {
    const productId = await listProduct(seller);
    const answers = await Promise.all([
      book(buyer, booking(productId)),
      book(buyer, booking(productId)),
      book(buyer, booking(productId)),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409, 409]);
    const rows = await t.db.selectFrom('bookings').select('id').where('product_id', '=', productId).execute();
    expect(rows).toHaveLength(1);
  });

  it("refuses a sold phone with 409 'This phone is already sold'", async () => {
    const productId = await listProduct(seller);
    await markSold(productId);
    const response = await book(buyer, booking(productId));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This phone is already sold', code: 'ALREADY_SOLD' });
  });

  it('answers 404 for a product that does not exist', async () => {
    const response = await book(buyer, booking(newId()));
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
  });

  it('answers 400 with a message per field for missing or malformed input', async () => {
    const empty = await book(buyer, {});
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: {
        productId: 'Choose a product to book',
        phoneNumber: 'Phone number is required',
        meetLocation: 'Meeting location is required',
      },
    });

    const productId = await listProduct(seller);
    const blank = await book(buyer, { productId, phoneNumber: '   ', meetLocation: '' });
    expect(blank.json().fields).toEqual({
      phoneNumber: 'Phone number is required',
      meetLocation: 'Meeting location is required',
    });

    const bad = await book(buyer, { productId: 'not-an-id', phoneNumber: 'call me', meetLocation: 'x'.repeat(201) });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({
      productId: 'Unknown id',
      phoneNumber: 'Enter a phone number of 7 to 15 digits',
      meetLocation: 'Keep this under 200 characters',
    });
  });

  it('is for signed-in accounts that buy: not the admin, and nobody on their own phone', async () => {
    const productId = await listProduct(seller);
    const anonymous = await t.app.inject({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: booking(productId),
    });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Please log in first', code: 'UNAUTHENTICATED' });
    const byAdmin = await book(admin, booking(productId));
    expect(byAdmin.statusCode).toBe(403);
    expect(byAdmin.json()).toEqual({ message: 'Only a buyer or a seller can do that', code: 'FORBIDDEN' });
    const own = await book(seller, booking(productId));
    expect(own.statusCode).toBe(403);
    expect(own.json()).toEqual({ message: 'This is your own phone: you cannot book it', code: 'FORBIDDEN' });
  });
});

describe('GET /api/orders?email=', () => {
  it("lists the buyer's own orders newest first, paged with Link and X-Total-Count", async () => {
    const shopper = await registerActor(t.app, 'buyer');
    const ids: string[] = [];
    for (let i = 0; i < 3; i++) {
      const productId = await listProduct(seller);
      ids.push((await book(shopper, booking(productId))).json().insertedId);
    }
    const all = await ordersOf(shopper);
    const newestFirst = [...all].sort((a, b) => (b.bookedAt + b._id).localeCompare(a.bookedAt + a._id));
    expect(all.map((o) => o._id)).toEqual(newestFirst.map((o) => o._id));
    expect(new Set(all.map((o) => o._id))).toEqual(new Set(ids));

    const first = await shopper.request({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(shopper.email)}&limit=2`,
    });
    expect(first.headers['x-total-count']).toBe('3');
    expect(first.headers.link).toContain('page=2');
    expect(first.json()).toHaveLength(2);
    const second = await shopper.request({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(shopper.email)}&limit=2&page=2`,
    });
    expect(second.headers.link).toBeUndefined();
    expect(second.json().map((o: Order) => o._id)).toEqual(all.slice(2).map((o) => o._id));
  });

  it('keeps an order whose product was deleted, without the product link', async () => {
    const shopper = await registerActor(t.app, 'buyer');
    const productId = await listProduct(seller);
    const product = await productOf(productId);
    await book(shopper, booking(productId));
    const deleted = await seller.request({ method: 'DELETE', url: `/api/delete/product/${productId}` });
    expect(deleted.statusCode).toBe(200);

    const [order] = await ordersOf(shopper);
    expect(order).toMatchObject({
      productId: null,
      productName: product.productName,
      productPrice: product.resalePrice,
      productImg: product.productImg,
    });
  });

  it("refuses another buyer's email, a missing email, the admin and anonymous callers", async () => {
    const other = await buyer.request({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(otherBuyer.email)}`,
    });
    expect(other.statusCode).toBe(403);
    expect(other.json()).toEqual({ message: 'You can only do this for your own account', code: 'FORBIDDEN' });
    expect((await buyer.request({ method: 'GET', url: '/api/orders' })).statusCode).toBe(403);
    // A seller buys too: its own orders, and nobody else's.
    expect(
      (await seller.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(seller.email)}` }))
        .statusCode,
    ).toBe(200);
    expect(
      (await seller.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` })).statusCode,
    ).toBe(403);
    expect(
      (await admin.request({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` })).statusCode,
    ).toBe(403);
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/orders?email=${encodeURIComponent(buyer.email)}` })).statusCode,
    ).toBe(401);
  });

  it('accepts the email in any case and refuses a bad page query with 400', async () => {
    const upper = await buyer.request({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(buyer.email.toUpperCase())}`,
    });
    expect(upper.statusCode).toBe(200);
    const bad = await buyer.request({
      method: 'GET',
      url: `/api/orders?email=${encodeURIComponent(buyer.email)}&limit=1000`,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toEqual({ limit: 'limit is at most 100' });
  });
});

describe('GET /api/product/{id}/mine', () => {
  const activityOf = async (actor: Actor, productId: string) => {
    const response = await actor.request({ method: 'GET', url: `/api/product/${productId}/mine` });
    expect(response.statusCode).toBe(200);
    return myProductActivitySchema.parse(response.json());
  };

  it('tells the caller when they booked and reported the product, and nobody else', async () => {
    const productId = await listProduct(seller);
    expect(await activityOf(buyer, productId)).toEqual({ bookedAt: null, bookingStatus: null, reportedAt: null });

    expect((await book(buyer, booking(productId))).statusCode).toBe(201);
    const reported = await buyer.request({
      method: 'POST',
      url: '/api/report/product',
      payload: { product_id: productId },
    });
    expect(reported.statusCode).toBe(201);

    const mine = await activityOf(buyer, productId);
    expect(mine.bookedAt).toBe((await ordersOf(buyer)).find((order) => order.productId === productId)!.bookedAt);
    expect(mine.bookingStatus).toBe('requested');
    expect(Date.parse(mine.reportedAt ?? '')).toBeGreaterThan(Date.now() - 60_000);
    expect(await activityOf(otherBuyer, productId)).toEqual({ bookedAt: null, bookingStatus: null, reportedAt: null });
    expect(await activityOf(seller, productId)).toEqual({ bookedAt: null, bookingStatus: null, reportedAt: null });
  });

  it('answers 404 for an unknown product and 401 when signed out', async () => {
    for (const id of [newId(), 'not-an-id']) {
      expect((await buyer.request({ method: 'GET', url: `/api/product/${id}/mine` })).statusCode).toBe(404);
    }
    expect(
      (await t.app.inject({ method: 'GET', url: `/api/product/${await listProduct(seller)}/mine` })).statusCode,
    ).toBe(401);
  });
});

describe('POST /api/store/booking/product as the spec client sends it (no productId)', () => {
  const specPayload = (productImg: string) => ({
    name: 'Anyone',
    email: buyer.email,
    productName: 'Whatever the page showed',
    productPrice: 1,
    phoneNumber: '+880 1711 223344',
    meetLocation: 'Dhaka, Mirpur 10',
    productImg,
  });

  it('books the one listing that shows the picture, cover or another photo, with everything else from the records', async () => {
    const cover = await uploadPhoto(seller);
    const second = await uploadPhoto(seller);
    const productId = await listProduct(seller, { productImg: cover, photos: [cover, second] });
    const product = await productOf(productId);

    const response = await book(buyer, specPayload(product.productImg));
    expect(response.statusCode).toBe(201);
    const order = (await ordersOf(buyer)).find((o) => o._id === response.json().insertedId);
    expect(order).toMatchObject(orderFromRecords(productId, product));

    const bySecondPhoto = await book(otherBuyer, specPayload(`http://127.0.0.1:3000${second}`));
    expect(bySecondPhoto.statusCode).toBe(201);
    expect((await ordersOf(otherBuyer)).some((o) => o.productId === productId)).toBe(true);
  });

  it('answers 404 for a picture no listing shows, or one from another host', async () => {
    const unused = await uploadPhoto(seller);
    for (const productImg of [unused, 'https://i.ibb.co/abc/phone.jpg']) {
      const response = await book(buyer, specPayload(productImg));
      expect(response.statusCode, productImg).toBe(404);
      expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Product not found' });
    }
  });
});
