import { SignJWT, decodeJwt } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { orderSchema } from '#shared/bookings';
import { productSchema } from '#shared/products';
import { demoListing } from '#server/start/seed/factories';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor, fromOwnPage } from './support/actors';
import { listProduct, uploadPhoto } from './support/products';

/*
 * The original system trusted whoever called it: it handed a token to anyone who named an email,
 * let the sign-up form pick the admin role, let any signed-in user delete products and buyers or read
 * the admin's lists, and stored products under whatever seller the body named. Each hole stays shut.
 */

let t: TestApp;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  [seller, otherSeller, buyer] = await Promise.all([
    registerActor(t.app, 'seller', { name: 'Arif Rahman' }),
    registerActor(t.app, 'seller'),
    registerActor(t.app, 'buyer'),
  ]);
  admin = await adminActor(t.app, t.db);
});
afterAll(() => t.close());

const enc = encodeURIComponent;
const anonymous = (method: 'GET' | 'POST' | 'PUT' | 'DELETE', url: string, payload?: object) =>
  t.app.inject({ method, url, payload });
const productExists = async (id: string) =>
  (await anonymous('GET', `/api/addvertise/product/${id}`)).statusCode === 200;
const bearer = (token: string) => ({ authorization: `bearer ${token}` });

describe('a token for any email without a password', () => {
  it('is refused without a session, whoever the email names', async () => {
    for (const email of [admin.email, seller.email, 'someone-else@example.test']) {
      const response = await anonymous('GET', `/api/jwt?email=${enc(email)}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).not.toHaveProperty('accessToken');
    }
  });

  it("is refused for someone else's email even with a session", async () => {
    for (const email of [admin.email, seller.email, 'someone-else@example.test']) {
      const response = await buyer.request({ method: 'GET', url: `/api/jwt?email=${enc(email)}` });
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'A token is only given for your own email', code: 'FORBIDDEN' });
    }
  });

  it("cannot be forged: the admin's own claims signed with another key, or not signed at all, are no one", async () => {
    const claims = decodeJwt(admin.token);
    expect((await t.app.inject({ method: 'GET', url: '/api/buyers', headers: bearer(admin.token) })).statusCode).toBe(
      200,
    );
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'HS256' })
      .sign(new TextEncoder().encode('x'.repeat(64)));
    const unsigned = `${Buffer.from('{"alg":"none","typ":"JWT"}').toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
    for (const token of [forged, unsigned, 'not-a-token']) {
      expect((await t.app.inject({ method: 'GET', url: '/api/auth/me', headers: bearer(token) })).statusCode).toBe(401);
      expect((await t.app.inject({ method: 'GET', url: '/api/buyers', headers: bearer(token) })).statusCode).toBe(401);
    }
  });
});

describe('signing oneself up as admin', () => {
  it('is refused by POST /addUser with a 400, and the account gets no admin power', async () => {
    const signup = await anonymous('POST', '/api/auth/signup', {
      email: 'wannabe@example.test',
      password: 'long enough pw',
      role: 'admin',
    });
    const cookie = signup.cookies.find((c) => c.name === 'phonehaat_session')!;
    const headers = fromOwnPage(`${cookie.name}=${cookie.value}`);
    const addUser = await t.app.inject({
      method: 'POST',
      url: '/api/addUser',
      headers,
      payload: {
        name: 'Wannabe',
        email: 'wannabe@example.test',
        role: 'admin',
        photoURL: 'https://example.test/w.png',
        verified: true,
      },
    });
    expect(addUser.statusCode).toBe(400);
    expect(addUser.json().fields).toHaveProperty('role');

    const isAdmin = await t.app.inject({ method: 'GET', url: `/api/admin/${enc('wannabe@example.test')}`, headers });
    expect(isAdmin.json()).toEqual({ isAdmin: false });
    expect((await t.app.inject({ method: 'GET', url: '/api/buyers', headers })).statusCode).toBe(403);
  });

  it('is possible through no request: whatever users send, the only admin is the one made at start-up', async () => {
    const [hopeful, hopefulSeller] = await Promise.all([registerActor(t.app, 'buyer'), registerActor(t.app, 'seller')]);
    const profile = { name: 'Hopeful', email: hopeful.email, photoURL: 'https://example.test/h.png' };
    const attempts = [
      hopeful.request({ method: 'POST', url: '/api/addUser', payload: { ...profile, role: 'admin' } }),
      hopeful.request({ method: 'POST', url: '/api/addUser', payload: { ...profile, role: 'seller' } }),
      hopefulSeller.request({
        method: 'POST',
        url: '/api/auth/update',
        payload: { displayName: 'S', photoURL: 'https://example.test/s.png', role: 'admin' },
      }),
      hopefulSeller.request({ method: 'PUT', url: `/api/verify_seller?email=${enc(hopefulSeller.email)}` }),
    ];
    await Promise.all(attempts);
    const admins = await t.db.selectFrom('users').select('email').where('role', '=', 'admin').execute();
    expect(admins).toEqual([{ email: admin.email }]);
    expect((await hopeful.request({ method: 'GET', url: `/api/buyer/${enc(hopeful.email)}` })).json()).toEqual({
      isBuyer: true,
    });
    expect((await anonymous('GET', `/api/checkSellerVerify?email=${enc(hopefulSeller.email)}`)).json()).toEqual({
      verified: false,
    });
  });
});

describe('any signed-in user deleting any product or buyer', () => {
  it("cannot delete someone else's product, through either delete call", async () => {
    const productId = await listProduct(seller);
    for (const actor of [buyer, otherSeller]) {
      expect((await actor.request({ method: 'DELETE', url: `/api/product/delete/${productId}` })).statusCode).toBe(403);
      expect((await actor.request({ method: 'DELETE', url: `/api/delete/product/${productId}` })).statusCode).toBe(403);
    }
    expect((await anonymous('DELETE', `/api/product/delete/${productId}`)).statusCode).toBe(401);
    expect(await productExists(productId)).toBe(true);
  });

  it('cannot delete a buyer or a seller', async () => {
    const victim = await registerActor(t.app, 'buyer');
    for (const actor of [buyer, seller, victim]) {
      expect((await actor.request({ method: 'DELETE', url: `/api/buyers/${victim.user.uid}` })).statusCode).toBe(403);
      expect((await actor.request({ method: 'DELETE', url: `/api/sellers/${otherSeller.user.uid}` })).statusCode).toBe(
        403,
      );
    }
    expect((await anonymous('DELETE', `/api/buyers/${victim.user.uid}`)).statusCode).toBe(401);
    expect((await victim.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
    expect((await otherSeller.request({ method: 'GET', url: '/api/auth/me' })).statusCode).toBe(200);
  });
});

describe('reading reported products or verification requests without being admin', () => {
  it('is refused, and the refusal carries none of the data', async () => {
    const productId = await listProduct(seller);
    await buyer.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId } });
    await seller.request({ method: 'POST', url: '/api/seller/verification', payload: {} });

    for (const url of ['/api/all/reported/products', '/api/unverifiedsellers', '/api/buyers', '/api/sellers']) {
      for (const actor of [buyer, seller, otherSeller]) {
        const response = await actor.request({ method: 'GET', url });
        expect(response.statusCode).toBe(403);
        expect(response.json()).toEqual({ message: 'Only an admin can do that', code: 'FORBIDDEN' });
        expect(response.headers['x-total-count']).toBeUndefined();
      }
      expect((await anonymous('GET', url)).statusCode).toBe(401);
    }
    expect((await admin.request({ method: 'GET', url: '/api/all/reported/products' })).json()).not.toEqual([]);
  });
});

describe("storing a product in someone else's name", () => {
  it('ignores seller, verification, sold and advertised fields from the body', async () => {
    const { caption: _caption, hue: _hue, ...fields } = demoListing(7);
    const response = await otherSeller.request({
      method: 'POST',
      url: '/api/store_products',
      payload: {
        ...fields,
        productImg: await uploadPhoto(otherSeller),
        sellerEmail: seller.email,
        sellerName: 'Arif Rahman',
        sellerIsVerified: true,
        sellStatus: true,
        advertiseStatus: true,
        seller_id: seller.user.uid,
        postedOn: '2000-01-01T00:00:00.000Z',
      },
    });
    expect(response.statusCode).toBe(201);
    const product = productSchema.parse(
      (await anonymous('GET', `/api/addvertise/product/${response.json().insertedId}`)).json(),
    );
    expect(product).toMatchObject({
      sellerEmail: otherSeller.email,
      sellerName: otherSeller.user.displayName,
      sellerIsVerified: false,
      sellStatus: false,
      advertiseStatus: false,
    });
    expect(product.postedOn).not.toBe('2000-01-01T00:00:00.000Z');

    const sellersOwn = await seller.request({
      method: 'GET',
      url: `/api/products?email=${enc(seller.email)}&limit=100`,
    });
    expect(sellersOwn.json().some((p: { _id: string }) => p._id === product._id)).toBe(false);
  });

  it("cannot list a product with another seller's photo", async () => {
    const { caption: _caption, hue: _hue, ...fields } = demoListing(8);
    const response = await otherSeller.request({
      method: 'POST',
      url: '/api/store_products',
      payload: { ...fields, productImg: await uploadPhoto(seller) },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().fields).toHaveProperty('productImg');
  });

  it('books in the name of the account, at the listed price, whatever the body says', async () => {
    const productId = await listProduct(seller);
    const listed = productSchema.parse((await anonymous('GET', `/api/addvertise/product/${productId}`)).json());
    await buyer.request({
      method: 'POST',
      url: '/api/store/booking/product',
      payload: {
        productId,
        phoneNumber: '01711223344',
        meetLocation: 'Khulna',
        name: 'Someone',
        email: seller.email,
        productPrice: 1,
      },
    });
    const orders = orderSchema
      .array()
      .parse((await buyer.request({ method: 'GET', url: `/api/orders?email=${enc(buyer.email)}&limit=100` })).json());
    expect(orders.find((o) => o.productId === productId)).toMatchObject({
      email: buyer.email,
      name: buyer.user.displayName,
      productPrice: listed.resalePrice,
    });
  });
});
