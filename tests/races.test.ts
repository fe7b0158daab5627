import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import type { Kysely } from 'kysely';
import * as bookingsRepository from '#server/bookings/repository';
import type { Database } from '#server/db/schema';
import { demoListing } from '#server/start/seed/factories';
import { removeUnusedUploads } from '#server/housekeeping';
import * as productsRepository from '#server/products/repository';
import * as reportsRepository from '#server/reports/repository';
import { createTestApp, type TestApp } from './support/app';
import { adminActor, registerActor, type Actor } from './support/actors';
import { listProduct, uploadPhoto } from './support/products';

/*
 * A record deleted by another request between a service's lookup and its insert. The repositories'
 * inserts are wrapped so that a test can run that other request at exactly that moment; the insert
 * itself is the real one, so the database's own foreign keys refuse it, on either engine.
 */
vi.mock('#server/bookings/repository', async (importOriginal) => {
  const real = await importOriginal<typeof bookingsRepository>();
  return { ...real, insertBooking: vi.fn(real.insertBooking), hasAcceptedBooking: vi.fn(real.hasAcceptedBooking) };
});
vi.mock('#server/products/repository', async (importOriginal) => {
  const real = await importOriginal<typeof productsRepository>();
  return { ...real, insertProduct: vi.fn(real.insertProduct) };
});
vi.mock('#server/reports/repository', async (importOriginal) => {
  const real = await importOriginal<typeof reportsRepository>();
  return { ...real, insertReport: vi.fn(real.insertReport) };
});

const realBookings = await vi.importActual<typeof bookingsRepository>('../src/server/bookings/repository');
const realInsertBooking = realBookings.insertBooking;
const realHasAcceptedBooking = realBookings.hasAcceptedBooking;
const realInsertProduct = (await vi.importActual<typeof productsRepository>('../src/server/products/repository'))
  .insertProduct;
const realInsertReport = (await vi.importActual<typeof reportsRepository>('../src/server/reports/repository'))
  .insertReport;

/**
 * Runs `meanwhile` (another request) after the booking's last check and before its transaction
 * (the booking and the seller's notification are written together, so nothing else may write
 * inside it on SQLite's one connection).
 */
function beforeNextBookingInsert(meanwhile: () => Promise<unknown>) {
  vi.mocked(bookingsRepository.hasAcceptedBooking).mockImplementationOnce(async (db, productId) => {
    await meanwhile();
    return realHasAcceptedBooking(db, productId);
  });
}

/**
 * A listing is inserted in a transaction with its search index row, and SQLite has one connection:
 * `meanwhile` gets that transaction, so the other request's change lands just before the insert.
 */
function beforeNextProductInsert(meanwhile: (db: Kysely<Database>) => Promise<unknown>) {
  vi.mocked(productsRepository.insertProduct).mockImplementationOnce(async (db, product) => {
    await meanwhile(db);
    return realInsertProduct(db, product);
  });
}

function beforeNextReportInsert(meanwhile: () => Promise<unknown>) {
  vi.mocked(reportsRepository.insertReport).mockImplementationOnce(async (db, productId, reporterId) => {
    await meanwhile();
    return realInsertReport(db, productId, reporterId);
  });
}

let t: TestApp;
let admin: Actor;
let buyer: Actor;

beforeAll(async () => {
  t = await createTestApp();
  admin = await adminActor(t.app, t.db);
  buyer = await registerActor(t.app, 'buyer');
});
afterAll(() => t.close());
afterEach(() => {
  vi.mocked(bookingsRepository.insertBooking).mockReset().mockImplementation(realInsertBooking);
  vi.mocked(bookingsRepository.hasAcceptedBooking).mockReset().mockImplementation(realHasAcceptedBooking);
  vi.mocked(reportsRepository.insertReport).mockReset().mockImplementation(realInsertReport);
  vi.mocked(productsRepository.insertProduct).mockReset().mockImplementation(realInsertProduct);
});

const productNotFound = { code: 'NOT_FOUND', message: 'Product not found' };

function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

const book = (actor: Actor, productId: string) =>
  actor.request({
    method: 'POST',
    url: '/api/store/booking/product',
    payload: { productId, phoneNumber: '+880 1711 223344', meetLocation: 'Dhaka, Mirpur 10' },
  });
const report = (actor: Actor, productId: string) =>
  actor.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId } });
const bookingsOf = (productId: string) =>
  t.db.selectFrom('bookings').select('id').where('product_id', '=', productId).execute();

describe('a booking whose product goes away before it is stored', () => {
  it('answers 404 when the product is deleted in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    beforeNextBookingInsert(async () =>
      expectOk(await admin.request({ method: 'DELETE', url: `/api/product/delete/${productId}` })),
    );

    const response = await book(buyer, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(productNotFound);
    expect(bookingsRepository.insertBooking).toHaveBeenCalledTimes(1);
    expect(await bookingsOf(productId)).toEqual([]);
  });

  it('answers 404 when its seller is deleted in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    beforeNextBookingInsert(async () =>
      expectOk(await admin.request({ method: 'DELETE', url: `/api/sellers/${seller.user.uid}` })),
    );

    const response = await book(buyer, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(productNotFound);
  });

  it("answers 401 when the buyer's own account is deleted in between", async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const doomed = await registerActor(t.app, 'buyer');
    beforeNextBookingInsert(async () =>
      expectOk(await admin.request({ method: 'DELETE', url: `/api/buyers/${doomed.user.uid}` })),
    );

    const response = await book(doomed, productId);
    expect(response.statusCode).toBe(401);
    expect(await bookingsOf(productId)).toEqual([]);
  });
});

describe('a report whose product goes away before it is stored', () => {
  it('answers 404 when the product is deleted in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    beforeNextReportInsert(async () =>
      expectOk(await seller.request({ method: 'DELETE', url: `/api/delete/product/${productId}` })),
    );

    const response = await report(buyer, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(productNotFound);
    expect(reportsRepository.insertReport).toHaveBeenCalledTimes(1);
  });

  it('answers 404 when its seller is deleted in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    beforeNextReportInsert(async () =>
      expectOk(await admin.request({ method: 'DELETE', url: `/api/sellers/${seller.user.uid}` })),
    );

    const response = await report(buyer, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(productNotFound);
  });

  it("answers 401 when the reporter's own account is deleted in between", async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const doomed = await registerActor(t.app, 'buyer');
    beforeNextReportInsert(async () =>
      expectOk(await admin.request({ method: 'DELETE', url: `/api/buyers/${doomed.user.uid}` })),
    );

    const response = await report(doomed, productId);
    expect(response.statusCode).toBe(401);
    expect(await t.db.selectFrom('reports').select('id').where('product_id', '=', productId).execute()).toEqual([]);
  });
});

describe('a listing whose photo goes away before it is stored', () => {
  it('asks for the photo again when housekeeping removed it as unused in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productImg = await uploadPhoto(seller);
    const uploadId = productImg.slice('/uploads/'.length, -'.webp'.length);
    // The seller kept the form open for more than a day; housekeeping runs just as they save it.
    await t.db
      .updateTable('uploads')
      .set({ created_at: new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString() })
      .where('id', '=', uploadId)
      .execute();
    beforeNextProductInsert(async (db) => expect(await removeUnusedUploads({ ...t.app.deps, db })).toBe(1));

    const { caption: _caption, hue: _hue, ...fields } = demoListing(1);
    const response = await seller.request({
      method: 'POST',
      url: '/api/store_products',
      payload: { ...fields, productImg },
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fields: { productImg: 'Please upload the product image again, then save the product' },
    });
    expect(productsRepository.insertProduct).toHaveBeenCalledTimes(1);
  });
});
