import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { productSchema } from '#shared/products';
import { reportedProductSchema, type ReportedProduct } from '#shared/reports';
import { newId } from '#server/db/ids';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';
import { listProduct } from './support/products';

let t: TestApp;
let seller: Actor;
let otherSeller: Actor;
let buyer: Actor;
let admin: Actor;

beforeAll(async () => {
  t = await createTestApp();
  [seller, otherSeller, buyer] = await Promise.all([
    registerActor(t.app, 'seller', { name: 'Tanvir Hossain' }),
    registerActor(t.app, 'seller'),
    registerActor(t.app, 'buyer'),
  ]);
  admin = await adminActor(t.app, t.db);
});
afterAll(() => t.close());

const report = (actor: Actor, payload: object) =>
  actor.request({ method: 'POST', url: '/api/report/product', payload });

async function reportedProducts(query = '?limit=100'): Promise<ReportedProduct[]> {
  const response = await admin.request({ method: 'GET', url: `/api/all/reported/products${query}` });
  expect(response.statusCode).toBe(200);
  return reportedProductSchema.array().parse(response.json());
}

const deleteReport = (actor: Actor, id: string) =>
  actor.request({ method: 'DELETE', url: `/api/reported/product/delete/${id}` });

describe('POST /api/report/product', () => {
  it('stores a report that the admin sees with the product and seller details', async () => {
    const productId = await listProduct(seller);
    const product = productSchema.parse(
      (await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${productId}` })).json(),
    );
    const response = await report(buyer, {
      product_id: productId,
      productName: 'ignored',
      sellerEmail: 'ignored@example.test',
    });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ acknowledged: true, insertedId: expect.stringMatching(/^[0-9a-f]{24}$/) });

    const listed = (await reportedProducts()).find((r) => r._id === response.json().insertedId);
    expect(listed).toEqual({
      _id: response.json().insertedId,
      product_id: productId,
      productImg: product.productImg,
      productName: product.productName,
      sellerName: 'Tanvir Hossain',
      sellerEmail: seller.email,
      sellerMobile: product.sellerMobile,
      reportedAt: expect.any(String),
    });
  });

  it("lets any signed-in user report someone else's listing, once each", async () => {
    const productId = await listProduct(seller);
    for (const actor of [buyer, otherSeller, admin]) {
      expect((await report(actor, { product_id: productId })).statusCode).toBe(201);
    }
    const again = await report(buyer, { product_id: productId });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      message: 'You have reported this phone already. An admin will look at it.',
      code: 'ALREADY_EXISTS',
    });
    expect((await reportedProducts()).filter((r) => r.product_id === productId)).toHaveLength(3);
  });

  it('keeps one report when the same user reports twice at once', async () => {
    const productId = await listProduct(seller);
    const answers = await Promise.all([
      report(buyer, { product_id: productId }),
      report(buyer, { product_id: productId }),
    ]);
    expect(answers.map((a) => a.statusCode).sort()).toEqual([201, 409]);
  });

  it('refuses reporting your own listing', async () => {
    const productId = await listProduct(seller);
    const response = await report(seller, { product_id: productId });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'You cannot report your own listing', code: 'FORBIDDEN' });
  });

  it('answers 404 for an unknown product and 400 for a missing or malformed id', async () => {
    const unknown = await report(buyer, { product_id: newId() });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Product not found', code: 'NOT_FOUND' });

    const missing = await report(buyer, {});
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { product_id: 'Choose a product to report' },
    });
    expect((await report(buyer, { product_id: '../etc' })).json().fields).toEqual({ product_id: 'Unknown id' });
  });

  it('refuses anonymous callers', async () => {
    const productId = await listProduct(seller);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/report/product',
      payload: { product_id: productId },
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /api/all/reported/products', () => {
  it('lists reports newest first, paged, with details that follow the product and seller', async () => {
    const fresh = await createTestApp();
    try {
      const [owner, reporter] = await Promise.all([
        registerActor(fresh.app, 'seller'),
        registerActor(fresh.app, 'buyer'),
      ]);
      const freshAdmin = await adminActor(fresh.app, fresh.db);
      const ids: string[] = [];
      for (let i = 0; i < 3; i++) {
        const productId = await listProduct(owner);
        ids.push(
          (
            await reporter.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId } })
          ).json().insertedId,
        );
      }
      const list = (query = '') => freshAdmin.request({ method: 'GET', url: `/api/all/reported/products${query}` });

      const all = reportedProductSchema.array().parse((await list()).json());
      const newestFirst = [...all].sort((a, b) => (b.reportedAt + b._id).localeCompare(a.reportedAt + a._id));
      expect(all.map((r) => r._id)).toEqual(newestFirst.map((r) => r._id));
      expect(new Set(all.map((r) => r._id))).toEqual(new Set(ids));

      const page = await list('?limit=2');
      expect(page.headers['x-total-count']).toBe('3');
      expect(page.headers.link).toContain('page=2');
      expect(page.json()).toHaveLength(2);

      await fresh.db.updateTable('users').set({ name: 'Renamed Seller' }).where('id', '=', owner.user.uid).execute();
      expect(
        reportedProductSchema
          .array()
          .parse((await list()).json())
          .map((r) => r.sellerName),
      ).toEqual(Array(3).fill('Renamed Seller'));
    } finally {
      await fresh.close();
    }
  });

  it('drops the reports of a deleted product', async () => {
    const productId = await listProduct(seller);
    await report(buyer, { product_id: productId });
    expect((await admin.request({ method: 'DELETE', url: `/api/product/delete/${productId}` })).statusCode).toBe(200);
    expect((await reportedProducts()).some((r) => r.product_id === productId)).toBe(false);
  });

  it('is for admins only', async () => {
    expect((await seller.request({ method: 'GET', url: '/api/all/reported/products' })).statusCode).toBe(403);
    expect((await buyer.request({ method: 'GET', url: '/api/all/reported/products' })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/all/reported/products' })).statusCode).toBe(401);
  });
});

describe('DELETE /api/reported/product/delete/:id', () => {
  it('deletes the report only, and a second time answers 404', async () => {
    const productId = await listProduct(seller);
    const reportId = (await report(buyer, { product_id: productId })).json().insertedId;
    const deleted = await deleteReport(admin, reportId);
    expect(deleted.statusCode).toBe(200);
    expect(deleted.json()).toEqual({ acknowledged: true, deletedCount: 1 });
    expect((await reportedProducts()).some((r) => r._id === reportId)).toBe(false);
    expect((await t.app.inject({ method: 'GET', url: `/api/addvertise/product/${productId}` })).statusCode).toBe(200);

    const again = await deleteReport(admin, reportId);
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Report not found', code: 'NOT_FOUND' });
  });

  it('answers 404 for unknown and malformed ids', async () => {
    for (const id of [newId(), 'nope', "1' or '1'='1"]) {
      expect((await deleteReport(admin, encodeURIComponent(id))).statusCode).toBe(404);
    }
  });

  it('is for admins only, and a refused call leaves the report', async () => {
    const productId = await listProduct(seller);
    const reportId = (await report(buyer, { product_id: productId })).json().insertedId;
    expect((await deleteReport(buyer, reportId)).statusCode).toBe(403);
    expect((await deleteReport(seller, reportId)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'DELETE', url: `/api/reported/product/delete/${reportId}` })).statusCode).toBe(
      401,
    );
    expect((await reportedProducts()).some((r) => r._id === reportId)).toBe(true);
  });
});
