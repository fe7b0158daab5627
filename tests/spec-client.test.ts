import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from '#server/start/seed/demo';
import { phonePicture } from '#server/start/seed/pictures';
import { createTestApp, type TestApp } from './support/app';
import { multipartBody } from './support/products';

/*
 * The product spec's own client (section 7), replayed call by call exactly as it sends them from a
 * browser pointed at this server's /api: the session cookie and the page's origin on every call,
 * `authorization: bearer <accessToken>` on the calls the spec marks (auth), `content-type:
 * application/json` even on calls without a body, and its own payloads. Each call is checked for
 * the fields the client reads.
 */

const ORIGIN = 'http://127.0.0.1:3000';

let t: TestApp;

/** One signed-in browser running the spec's client. */
class SpecClient {
  accessToken = '';
  constructor(
    readonly email: string,
    private readonly cookie: string,
  ) {}

  static async logIn(email: string, password = DEMO_PASSWORD): Promise<SpecClient> {
    const login = await t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
    expect(login.statusCode, login.body).toBe(200);
    const cookie = login.cookies.find((c) => c.name === 'phonehaat_session')!;
    const client = new SpecClient(email, `${cookie.name}=${cookie.value}`);
    // GET /jwt?email=: accessToken, stored locally.
    const jwt = await client.call('GET', `/jwt?email=${email}`);
    client.accessToken = field(jwt, 'accessToken', 'string');
    return client;
  }

  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, options: { auth?: boolean; body?: unknown } = {}) {
    const headers: Record<string, string> = { cookie: this.cookie, origin: ORIGIN, 'sec-fetch-site': 'same-origin' };
    if (options.auth) headers.authorization = `bearer ${this.accessToken}`;
    // The spec's client sets the JSON content type on its writes, body or not.
    if (method !== 'GET') headers['content-type'] = 'application/json';
    return t.app.inject({
      method,
      url: `/api${path}`,
      headers,
      ...(options.body === undefined ? {} : { payload: JSON.stringify(options.body) }),
    });
  }
}

/** The answer's `name`, checked to be of `type` (what the client reads from it). */
function field<T = unknown>(response: LightMyRequestResponse, name: string, type: string): T {
  expect(response.statusCode, `${response.body}`).toBeLessThan(300);
  const value = response.json<Record<string, unknown>>()[name];
  expect(typeof value, `${name} in ${response.body}`).toBe(type);
  return value as T;
}

function list(response: LightMyRequestResponse, fields: string[]): Array<Record<string, unknown>> {
  expect(response.statusCode, response.body).toBe(200);
  const items = response.json<Array<Record<string, unknown>>>();
  expect(Array.isArray(items)).toBe(true);
  for (const item of items) for (const name of fields) expect(item, name).toHaveProperty(name);
  return items;
}

const PRODUCT_FIELDS = [
  '_id',
  'brand',
  'category_id',
  'originalPrice',
  'resalePrice',
  'productCondition',
  'productName',
  'sellerName',
  'sellerEmail',
  'sellerMobile',
  'sellerIsVerified',
  'yearOfPurchase',
  'location',
  'description',
  'sellStatus',
  'advertiseStatus',
  'productImg',
  'postedOn',
];
const USER_FIELDS = ['_id', 'name', 'email', 'photoURL', 'role', 'verified'];

let admin: SpecClient;
let seller: SpecClient;
let buyer: SpecClient;

beforeAll(async () => {
  t = await createTestApp();
  await seedDemoData(t.db, t.images, { log: () => {} });
  admin = await SpecClient.logIn(DEMO_ACCOUNTS.admin.email);
  seller = await SpecClient.logIn(DEMO_ACCOUNTS.verifiedSeller.email);
  buyer = await SpecClient.logIn(DEMO_ACCOUNTS.otherBuyer.email);
});
afterAll(() => t.close());

describe("the spec's client, call by call", () => {
  it('role checks and the token', async () => {
    expect(field(await admin.call('GET', `/admin/${admin.email}`), 'isAdmin', 'boolean')).toBe(true);
    expect(field(await seller.call('GET', `/seller/${seller.email}`), 'isSeller', 'boolean')).toBe(true);
    expect(field(await buyer.call('GET', `/buyer/${buyer.email}`), 'isBuyer', 'boolean')).toBe(true);
    expect(field(await buyer.call('GET', `/seller/${buyer.email}`), 'isSeller', 'boolean')).toBe(false);
    expect(buyer.accessToken.split('.')).toHaveLength(3);
  });

  it('POST /addUser after a sign-up, with verified: false for a seller', async () => {
    const email = `spec.client.${Date.now()}@example.test`;
    const signup = await t.app.inject({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { email, password: 'long enough pw' },
    });
    const cookie = signup.cookies.find((c) => c.name === 'phonehaat_session')!;
    const fresh = new SpecClient(email, `${cookie.name}=${cookie.value}`);
    const added = await fresh.call('POST', '/addUser', {
      body: { name: 'Spec Seller', email, role: 'seller', photoURL: 'https://i.ibb.co/x/p.png', verified: false },
    });
    expect(added.statusCode, added.body).toBeLessThan(300);
    expect(field(await fresh.call('GET', `/seller/${email}`), 'isSeller', 'boolean')).toBe(true);
  });

  it('the public lists and pages', async () => {
    const phones = list(await buyer.call('GET', '/all/phones'), ['productImg', 'productName', 'resalePrice']);
    expect(phones.length).toBeGreaterThan(0);
    const categories = list(await buyer.call('GET', '/categoires'), [
      '_id',
      'category_name',
      'category_img',
      'category_desc',
    ]);
    expect(categories).toHaveLength(CATEGORY_CATALOGUE.length);
    const id = String(categories[0]!._id);
    list(await buyer.call('GET', `/category/${id}`), PRODUCT_FIELDS);
    const info = await buyer.call('GET', `/categoryinfo?id=${id}`);
    expect(field(info, 'category_name', 'string')).toBe(categories[0]!.category_name);
    field(info, 'category_desc', 'string');
    const advertised = list(await buyer.call('GET', '/advertised_products'), PRODUCT_FIELDS);
    const product = await buyer.call('GET', `/addvertise/product/${String(advertised[0]!._id)}`);
    for (const name of PRODUCT_FIELDS) expect(product.json()).toHaveProperty(name);
  });

  it('a buyer books with exactly the spec payload and finds the order', async () => {
    const phones = list(await buyer.call('GET', '/all/phones?limit=100'), PRODUCT_FIELDS);
    const unbooked = phones.find((p) => !p.sellStatus && p.productName !== 'Realme 8')!;
    const booked = await buyer.call('POST', '/store/booking/product', {
      auth: true,
      body: {
        name: 'Tanvir',
        email: buyer.email,
        productName: unbooked.productName,
        productPrice: unbooked.resalePrice,
        phoneNumber: '01711223344',
        meetLocation: 'Sylhet, Zindabazar',
        productImg: unbooked.productImg,
      },
    });
    expect(field(booked, 'acknowledged', 'boolean')).toBe(true);
    const orders = list(await buyer.call('GET', `/orders?email=${buyer.email}`, { auth: true }), [
      '_id',
      'productName',
      'categoryNameInfo',
      'productPrice',
      'productImg',
    ]);
    expect(orders.map((o) => o.productImg)).toContain(unbooked.productImg);
  });

  it('a seller uploads to the image host shape, lists, advertises and deletes a phone', async () => {
    const bytes = await phonePicture({ caption: 'spec client', hue: 30, width: 640, height: 480 });
    const { payload, headers } = multipartBody({ bytes });
    const upload = await t.app.inject({
      method: 'POST',
      url: '/api/uploads',
      payload,
      headers: { ...headers, authorization: `bearer ${seller.accessToken}`, origin: ORIGIN },
    });
    expect(field(upload, 'success', 'boolean')).toBe(true);
    const productImg = (upload.json() as { data: { url: string } }).data.url;

    const stored = await seller.call('POST', '/store_products', {
      auth: true,
      body: {
        category_id: CATEGORY_CATALOGUE[0]!.id,
        productName: 'Spec iPhone',
        brand: 'Apple',
        originalPrice: '90000',
        resalePrice: '50000',
        yearOfPurchase: '2022',
        productCondition: 'Exellent',
        sellerName: 'ignored',
        sellerEmail: seller.email,
        sellerMobile: '01711000000',
        sellerIsVerified: true,
        location: 'Dhaka',
        description: 'Like new.',
        sellStatus: false,
        advertiseStatus: false,
        productImg,
        postedOn: new Date().toISOString(),
      },
    });
    const id = field<string>(stored, 'insertedId', 'string');
    const mine = list(await seller.call('GET', `/products?email=${seller.email}`, { auth: true }), PRODUCT_FIELDS);
    expect(mine.map((p) => p._id)).toContain(id);
    expect(field(await seller.call('PUT', `/advertise/product/${id}`, { auth: true }), 'modifiedCount', 'number')).toBe(
      1,
    );
    expect(field(await seller.call('DELETE', `/delete/product/${id}`, { auth: true }), 'deletedCount', 'number')).toBe(
      1,
    );
  });

  it('seller verification: apply, the admin verifies with an empty JSON body, then clears the request', async () => {
    const newSeller = await SpecClient.logIn(DEMO_ACCOUNTS.newSeller.email);
    const applied = await newSeller.call('POST', '/seller/verification', {
      body: { name: 'New Seller', email: newSeller.email, photoURL: 'https://i.ibb.co/x/p.png' },
    });
    // The demo's new seller has applied already: the client shows the message.
    expect(applied.json()).toHaveProperty(applied.statusCode < 300 ? 'acknowledged' : 'message');

    list(await admin.call('GET', '/unverifiedsellers', { auth: true }), ['email']);
    const check = await admin.call('GET', `/checkSellerVerify?email=${newSeller.email}`);
    expect(field(check, 'verified', 'boolean')).toBe(false);
    const verified = await admin.call('PUT', `/verify_seller?email=${newSeller.email}`, { auth: true });
    expect(field(verified, 'modifiedCount', 'number')).toBe(1);
    const cleared = await admin.call('GET', `/deleteSellerVerification?email=${newSeller.email}`, { auth: true });
    expect(field(cleared, 'deletedCount', 'number')).toBe(1);
    expect(field(await admin.call('GET', `/checkSellerVerify?email=${newSeller.email}`), 'verified', 'boolean')).toBe(
      true,
    );
  });

  it("the admin's lists and deletions", async () => {
    const buyers = list(await admin.call('GET', '/buyers', { auth: true }), USER_FIELDS);
    const sellers = list(await admin.call('GET', '/sellers', { auth: true }), USER_FIELDS);
    expect(buyers.length).toBeGreaterThan(0);
    expect(sellers.length).toBeGreaterThan(0);

    const reported = list(await admin.call('GET', '/all/reported/products', { auth: true }), [
      '_id',
      'product_id',
      'productImg',
      'productName',
      'sellerName',
      'sellerEmail',
      'sellerMobile',
    ]);
    const report = reported[0]!;
    const dropped = await admin.call('DELETE', `/reported/product/delete/${String(report._id)}`, { auth: true });
    expect(field(dropped, 'deletedCount', 'number')).toBe(1);
    const removed = await admin.call('DELETE', `/product/delete/${String(report.product_id)}`, { auth: true });
    expect(field(removed, 'deletedCount', 'number')).toBe(1);

    const buyerId = String(buyers.find((b) => b.email === DEMO_ACCOUNTS.buyer.email)!._id);
    expect(field(await admin.call('DELETE', `/buyers/${buyerId}`, { auth: true }), 'deletedCount', 'number')).toBe(1);
    const sellerId = String(sellers.find((s) => s.email === DEMO_ACCOUNTS.newSeller.email)!._id);
    expect(field(await admin.call('DELETE', `/sellers/${sellerId}`, { auth: true }), 'deletedCount', 'number')).toBe(1);
  });
});
