import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoListing } from '#server/start/seed/factories';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';
import { listProduct, uploadPhoto } from './support/products';

/*
 * Odd but typeable input: every one is the caller's mistake, so a 400 in the API's own
 * `{ message, code }` shape, the same on both engines, and never a 500.
 */

let t: TestApp;
let seller: Actor;
let buyer: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  [seller, buyer] = await Promise.all([registerActor(t.app, 'seller'), registerActor(t.app, 'buyer')]);
  admin = await adminActor(t.app, t.db);
});
afterAll(() => t.close());

const NUL = '\u0000';

describe('text holding U+0000, which PostgreSQL cannot store', () => {
  it('is refused in lookups by email or id, signed in or not', async () => {
    const requests: Array<[Actor | null, 'GET' | 'PUT', string]> = [
      [null, 'GET', '/api/checkSellerVerify?email=%00'],
      [null, 'GET', '/api/seller/a%00b@example.test'],
      [null, 'GET', '/api/addvertise/product/%00'],
      [null, 'GET', '/api/categoryinfo?id=%00'],
      [null, 'GET', '/api/category/%00'],
      [admin, 'PUT', '/api/verify_seller?email=%00'],
      [admin, 'GET', '/api/deleteSellerVerification?email=%00'],
      [buyer, 'GET', `/api/orders?email=${encodeURIComponent(buyer.email)}%00`],
    ];
    for (const [actor, method, url] of requests) {
      const response = actor ? await actor.request({ method, url }) : await t.app.inject({ method, url });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 400 });
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED', message: expect.any(String) });
    }
  });

  it('is refused in what users type, with the field named', async () => {
    const profile = await buyer.request({
      method: 'POST',
      url: '/api/addUser',
      payload: { name: `a${NUL}b`, email: buyer.email, role: 'buyer', photoURL: 'https://example.test/me.jpg' },
    });
    expect(profile.statusCode).toBe(400);
    expect(profile.json().fields).toEqual({ name: 'Remove the invisible control character from this text' });

    const update = await buyer.request({
      method: 'POST',
      url: '/api/auth/update',
      payload: { displayName: `a${NUL}b` },
    });
    expect(update.statusCode).toBe(400);
    expect(update.json().fields).toHaveProperty('displayName');

    const { caption: _caption, hue: _hue, ...fields } = demoListing(1);
    const product = await seller.request({
      method: 'POST',
      url: '/api/store_products',
      payload: { ...fields, description: `Good phone${NUL}`, productImg: await uploadPhoto(seller) },
    });
    expect(product.statusCode).toBe(400);
    expect(product.json().fields).toHaveProperty('description');

    const productId = await listProduct(seller);
    const booking = await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: { productId, phoneNumber: '01711223344', meetLocation: `Bogura${NUL}` },
    });
    expect(booking.statusCode).toBe(400);
    expect(booking.json().fields).toHaveProperty('meetLocation');
  });
});

describe('long email addresses', () => {
  it('work in the role checks, whose path holds the whole address', async () => {
    const email = `${'a'.repeat(100)}.${Date.now()}@example.test`;
    const longOne = await registerActor(t.app, 'seller', { email });
    const response = await longOne.request({ method: 'GET', url: `/api/seller/${encodeURIComponent(email)}` });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ isSeller: true });
  });
});

describe('a URL that cannot be decoded', () => {
  it('is a 400 in the API shape, naming nothing of the framework', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/%zz' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'This address is not valid', code: 'BAD_REQUEST' });
  });
});

describe('a path part over the router length limit (320 characters)', () => {
  it('is a 414 in the API shape on every method, anonymous or signed in, logged without the address', async () => {
    const long = 'a'.repeat(400);
    const calls = [
      ['PUT', `/api/advertise/product/${long}`],
      ['DELETE', `/api/delete/product/${long}`],
      ['PUT', `/api/hide/product/${long}`],
      ['DELETE', `/api/product/delete/${long}`],
    ] as const;
    for (const [method, url] of calls) {
      for (const response of [await t.app.inject({ method, url }), await seller.request({ method, url })]) {
        expect(response.statusCode, `${method} ${url.slice(0, 30)}`).toBe(414);
        expect(response.json()).toEqual({ message: 'This address is too long', code: 'URI_TOO_LONG' });
      }
    }
  });
});
