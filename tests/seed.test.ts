import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Database } from '#server/db/schema';
import { blockedPersonSchema, conversationDetailsSchema, conversationSchema } from '#shared/chat';
import { DEMO_ACCOUNTS, DEMO_LISTING_COUNT, DEMO_PASSWORD, seedDemoData } from '#server/start/seed/demo';
import { CATEGORY_CATALOGUE } from '#server/start/seed/categories';
import { BOOKING_STATUSES, buyerOrderSchema } from '#shared/bookings';
import type { Product } from '#shared/products';
import { caseSummarySchema, standingSchema } from '#shared/moderation';
import { imageFileNames } from '#server/uploads/names';
import { logInActor } from './support/actors';
import { alertListSchema } from '#shared/alerts';
import { fairPriceSchema } from '#shared/fair-price';
import { createTestApp, type TestApp } from './support/app';

let t: TestApp;
beforeEach(async () => {
  t = await createTestApp();
});
afterEach(async () => {
  await t.close();
});

async function countRows(table: keyof Database): Promise<number> {
  const row = await t.db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .executeTakeFirstOrThrow();
  return Number(row.count);
}

async function countAll() {
  const tables = ['users', 'uploads', 'products', 'bookings', 'reports', 'verification_requests'] as const;
  return Object.fromEntries(await Promise.all(tables.map(async (table) => [table, await countRows(table)] as const)));
}

describe('demo seed', () => {
  it('adds accounts, listings in every category and one of each admin task to an empty database', async () => {
    const lines: string[] = [];
    expect(await seedDemoData(t.db, t.images, { log: (line) => lines.push(line) })).toBe(true);

    expect(await countAll()).toEqual({
      users: 6,
      // Four listings have three photos each; six have a verification photo (docs/trust.md).
      uploads: DEMO_LISTING_COUNT + 8 + 6,
      products: DEMO_LISTING_COUNT,
      // Every state of the deal at least once (the deal's own test reads them), and three earlier
      // sales whose listings are gone, kept with their reviews.
      bookings: 12,
      reports: 2,
      verification_requests: 1,
    });

    const users = await t.db.selectFrom('users').select(['email', 'role', 'is_verified', 'password_hash']).execute();
    expect(users.filter((u) => u.role === 'admin')).toHaveLength(1);
    expect(users.filter((u) => u.role === 'buyer')).toHaveLength(2);
    expect(
      users
        .filter((u) => u.role === 'seller')
        .map((u) => u.is_verified)
        .sort(),
    ).toEqual([false, false, true]);
    for (const user of users) expect(user.password_hash).toMatch(/^\$argon2id\$/);

    const products = await t.db
      .selectFrom('products')
      .select(['category_id', 'is_sold', 'is_advertised', 'image_id'])
      .execute();
    expect(new Set(products.map((p) => p.category_id))).toEqual(new Set(CATEGORY_CATALOGUE.map((c) => c.id)));
    expect(products.filter((p) => p.is_sold)).toHaveLength(1);
    expect(products.filter((p) => p.is_advertised && !p.is_sold).length).toBeGreaterThanOrEqual(3);
    for (const product of products) {
      for (const name of imageFileNames(product.image_id))
        expect(existsSync(join(t.images.directory, name))).toBe(true);
    }

    // The trust details: graded listings, verified photos, one under review, one with device history.
    const trusted = await t.db
      .selectFrom('products')
      .select(['condition_grade', 'photo_state', 'review_state', 'imei_hash', 'is_sold'])
      .execute();
    expect(trusted.filter((p) => p.condition_grade !== null).length).toBeGreaterThan(10);
    expect(trusted.filter((p) => p.photo_state === 'approved').length).toBeGreaterThanOrEqual(3);
    expect(trusted.filter((p) => p.review_state === 'pending')).toHaveLength(1);
    const soldImei = trusted.find((p) => p.is_sold)!.imei_hash;
    expect(trusted.filter((p) => p.imei_hash === soldImei)).toHaveLength(2);

    const requester = await t.db
      .selectFrom('verification_requests')
      .innerJoin('users', 'users.id', 'verification_requests.user_id')
      .select(['users.email', 'users.is_verified'])
      .executeTakeFirstOrThrow();
    expect(requester).toEqual({ email: DEMO_ACCOUNTS.newSeller.email, is_verified: false });

    expect(lines.join('\n')).toContain(DEMO_PASSWORD);
    for (const account of Object.values(DEMO_ACCOUNTS)) expect(lines.join('\n')).toContain(account.email);
  });

  it('shows chat from the demo accounts: an answered question, an open offer, an accepted offer, an unread question, a blocked buyer', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const buyer = await logInActor(t.app, DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD);
    const buying = conversationSchema
      .array()
      .parse((await buyer.request({ url: '/api/conversations/inbox/buying' })).json());
    expect(buying.map((row) => row.status).sort()).toEqual(['Available', 'Reserved']);
    const reserved = buying.find((row) => row.status === 'Reserved')!;
    const details = conversationDetailsSchema.parse(
      (await buyer.request({ url: `/api/conversations/${reserved._id}` })).json(),
    );
    expect(details.phones).not.toBeNull();
    expect(details.offer).toMatchObject({ status: 'accepted' });
    expect(details.booking?.agreedPrice).toBe(details.offer?.agreedPrice);
    expect(details.booking?.agreedPrice).toBeLessThan(details.price);
    const available = buying.find((row) => row.status === 'Available')!;
    const open = conversationDetailsSchema.parse(
      (await buyer.request({ url: `/api/conversations/${available._id}` })).json(),
    );
    expect(open.offer).toMatchObject({ status: 'open' });

    const seller = await logInActor(t.app, DEMO_ACCOUNTS.verifiedSeller.email, DEMO_PASSWORD);
    const selling = conversationSchema
      .array()
      .parse((await seller.request({ url: '/api/conversations/inbox/selling' })).json());
    expect(selling.filter((row) => row.unread)).toHaveLength(1);

    const newSeller = await logInActor(t.app, DEMO_ACCOUNTS.newSeller.email, DEMO_PASSWORD);
    const blocked = blockedPersonSchema
      .array()
      .parse((await newSeller.request({ url: '/api/account/blocked' })).json());
    expect(blocked.map((person) => person.name)).toEqual([DEMO_ACCOUNTS.otherBuyer.name]);
  });

  it('shows every state of the deal from the demo accounts, with its notifications', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const statuses = await t.db.selectFrom('bookings').select('status').execute();
    expect(new Set(statuses.map((row) => row.status))).toEqual(new Set(BOOKING_STATUSES));

    const buyer = await logInActor(t.app, DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD);
    const orders = buyerOrderSchema
      .array()
      .parse((await buyer.request({ url: `/api/orders?email=${DEMO_ACCOUNTS.buyer.email}` })).json());
    expect(orders.find((order) => order.status === 'accepted')?.sellerPhone).toBeTruthy();
    const unread = await buyer.request({ url: '/api/notifications/unread' });
    expect(unread.json<{ unread: number }>().unread).toBeGreaterThan(0);

    const seller = await logInActor(t.app, DEMO_ACCOUNTS.verifiedSeller.email, DEMO_PASSWORD);
    const requests = (await seller.request({ url: '/api/bookings/requests' })).json<Array<{ status: string }>>();
    expect(requests.filter((request) => request.status === 'requested').length).toBeGreaterThanOrEqual(2);
    const phones = await t.app.inject({ url: '/api/all/phones?limit=100' });
    expect(phones.json<Product[]>().filter((product) => product.reserved)).toHaveLength(1);

    // One account buys and sells: the verified seller has an order of its own, a phone of the new seller's.
    const ownOrders = buyerOrderSchema
      .array()
      .parse((await seller.request({ url: `/api/orders?email=${DEMO_ACCOUNTS.verifiedSeller.email}` })).json());
    expect(ownOrders).toEqual([expect.objectContaining({ status: 'requested' })]);
    const newSeller = await logInActor(t.app, DEMO_ACCOUNTS.newSeller.email, DEMO_PASSWORD);
    const asked = (await newSeller.request({ url: '/api/bookings/requests' })).json<
      Array<{ buyerName: string; status: string }>
    >();
    // Besides an earlier sale, kept with its reviews.
    const open = asked.filter((request) => request.status === 'requested');
    expect(open.map((request) => request.buyerName)).toEqual([DEMO_ACCOUNTS.verifiedSeller.name]);
  });

  it('has sellers with published reviews, a review waiting for its other side, and a reported review', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const users = await t.db.selectFrom('users').select(['id', 'email']).execute();
    const idOf = (email: string) => users.find((user) => user.email === email)!.id;
    const page = (await t.app.inject({ url: `/api/sellers/${idOf(DEMO_ACCOUNTS.verifiedSeller.email)}` })).json<{
      reviewCount: number;
      averages: unknown;
    }>();
    expect(page.reviewCount).toBe(2);
    const newSellerPage = await t.app.inject({ url: `/api/sellers/${idOf(DEMO_ACCOUNTS.newSeller.email)}` });
    expect(newSellerPage.json()).toMatchObject({ reviewCount: 1 });
    const waiting = await t.db.selectFrom('reviews').select('id').where('published_at', 'is', null).execute();
    expect(waiting).toHaveLength(1);
    const reported = await t.db.selectFrom('reviews').select('id').where('reported_at', 'is not', null).execute();
    expect(reported).toHaveLength(1);
  });

  it('shows listings with several photos, one with a lowered price, and keeps the hidden one out of public lists', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const seller = await logInActor(t.app, DEMO_ACCOUNTS.verifiedSeller.email, DEMO_PASSWORD);
    const own = await seller.request({
      method: 'GET',
      url: `/api/products?email=${DEMO_ACCOUNTS.verifiedSeller.email}&limit=100`,
    });
    const products = own.json<Product[]>();
    expect(products.filter((p) => p.photos.length === 3).length).toBeGreaterThanOrEqual(2);
    for (const product of products)
      expect(product.photos[0]).toEqual({ url: product.productImg, thumb: product.productThumb });
    const dropped = products.filter((p) => p.previousPrice !== null);
    expect(dropped).toHaveLength(1);
    expect(dropped[0]!.previousPrice).toBeGreaterThan(dropped[0]!.resalePrice);
    const hidden = products.filter((p) => p.hidden);
    expect(hidden).toHaveLength(1);

    const all = await t.app.inject({ method: 'GET', url: '/api/all/phones?limit=100' });
    const publicIds = all.json<Product[]>().map((p) => p._id);
    expect(publicIds).toContain(dropped[0]!._id);
    expect(publicIds).not.toContain(hidden[0]!._id);
  });

  it('shows the moderation desk: open cases, a restricted account and its appeal', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const admin = await logInActor(t.app, DEMO_ACCOUNTS.admin.email, DEMO_PASSWORD);
    const cases = caseSummarySchema.array().parse((await admin.request({ url: '/api/moderation/cases' })).json());
    expect(cases.map((c) => [c.subjectType, c.reports])).toEqual([
      ['listing', 2],
      ['user', 1],
      ['review', 1],
    ]);
    const appeals = (await admin.request({ url: '/api/moderation/appeals' })).json<unknown[]>();
    expect(appeals).toHaveLength(1);
    const restricted = await logInActor(t.app, DEMO_ACCOUNTS.restrictedSeller.email, DEMO_PASSWORD);
    const standing = standingSchema.parse((await restricted.request({ url: '/api/account/standing' })).json());
    expect(standing.restrictedUntil).not.toBeNull();
    expect(standing.notices[0]?.appeal?.status).toBe('pending');
  });

  it('lets the demo accounts sign in with the demo password', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const seller = await logInActor(t.app, DEMO_ACCOUNTS.verifiedSeller.email, DEMO_PASSWORD);
    expect(seller.user.email).toBe(DEMO_ACCOUNTS.verifiedSeller.email);
  });

  it('adds no demo admin when ADMIN_EMAIL names the real one', async () => {
    const lines: string[] = [];
    expect(await seedDemoData(t.db, t.images, { log: (line) => lines.push(line), withAdmin: false })).toBe(true);
    const roles = (await t.db.selectFrom('users').select('role').execute()).map((u) => u.role);
    expect(roles).toHaveLength(Object.keys(DEMO_ACCOUNTS).length - 1);
    expect(roles).not.toContain('admin');
    expect(lines.join('\n')).not.toContain(DEMO_ACCOUNTS.admin.email);
  });

  it('has fair prices from sales on two models, and saved alerts with matches', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const ask = async (productName: string, productCondition: string) =>
      fairPriceSchema.parse(
        (
          await t.app.inject({
            method: 'GET',
            url: `/api/fair-price?productName=${encodeURIComponent(productName)}&productCondition=${productCondition}`,
          })
        ).json(),
      );
    expect((await ask('iPhone 12', 'Exellent')).source).toBe('sales');
    expect((await ask('Galaxy A52', 'Good')).source).toBe('sales');
    const buyer = await logInActor(t.app, DEMO_ACCOUNTS.buyer.email, DEMO_PASSWORD);
    const alerts = alertListSchema.parse((await buyer.request({ method: 'GET', url: '/api/alerts' })).json()).items;
    expect(alerts).toHaveLength(2);
    for (const alert of alerts) expect(alert.lastMatches.length).toBeGreaterThan(0);
  });

  it('adds nothing on a second run', async () => {
    await seedDemoData(t.db, t.images, { log: () => {} });
    const before = await countAll();
    const lines: string[] = [];
    expect(await seedDemoData(t.db, t.images, { log: (line) => lines.push(line) })).toBe(false);
    expect(await countAll()).toEqual(before);
    expect(lines).toEqual([]);
  });

  it('leaves a database that already has users alone', async () => {
    await signUpSomeone();
    expect(await seedDemoData(t.db, t.images, { log: () => {} })).toBe(false);
    expect(await countRows('products')).toBe(0);
  });
});

async function signUpSomeone() {
  const signup = await t.app.inject({
    method: 'POST',
    url: '/api/auth/signup',
    payload: { email: 'someone@example.test', password: 'a long password' },
  });
  expect(signup.statusCode).toBe(201);
}
