import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { WritePoint } from '#server/deps';
import { demoListing } from '#server/start/seed/factories';
import { removeUnusedUploads } from '#server/housekeeping';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { listProduct, uploadPhoto } from './support/products';

/*
 * A record deleted by another request between a service's last check and its insert. The app is
 * handed an `interleave` (the seam services call just before such a write), which runs that other
 * request at exactly that moment; the insert itself is the real one, so the database's own foreign
 * keys refuse it, on either engine.
 */
type Meanwhile = (db: Kysely<Database>) => Promise<unknown>;
const planned = new Map<WritePoint, Meanwhile>();
const reached: WritePoint[] = [];

/**
 * Runs `meanwhile` the next time a service reaches `point`, and counts the points reached from now. A listing's point is inside its
 * transaction, and SQLite has one connection: `meanwhile` gets the connection the write is on.
 */
function beforeNext(point: WritePoint, meanwhile: Meanwhile) {
  planned.set(point, meanwhile);
  reached.length = 0;
}

async function interleave(point: WritePoint, db: Kysely<Database>) {
  reached.push(point);
  const meanwhile = planned.get(point);
  planned.delete(point);
  await meanwhile?.(db);
}

const { t, admin, buyer } = useTestApp({ admin: 'admin', buyer: 'buyer' }, { shared: { interleave } });
afterEach(() => {
  planned.clear();
  reached.length = 0;
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
    beforeNext('booking', async () =>
      expectOk(await admin.request({ method: 'DELETE', url: `/api/product/delete/${productId}` })),
    );

    const response = await book(buyer, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(productNotFound);
    expect(reached).toEqual(['booking']);
    expect(await bookingsOf(productId)).toEqual([]);
  });

  it('answers 404 when its seller is deleted in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    beforeNext('booking', async () =>
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
    beforeNext('booking', async () =>
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
    beforeNext('report', async () =>
      expectOk(await seller.request({ method: 'DELETE', url: `/api/delete/product/${productId}` })),
    );

    const response = await report(buyer, productId);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual(productNotFound);
    expect(reached).toEqual(['report']);
  });

  it('answers 404 when its seller is deleted in between', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    beforeNext('report', async () =>
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
    beforeNext('report', async () =>
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
    beforeNext('listing', async (db) => expect(await removeUnusedUploads({ ...t.app.deps, db })).toBe(1));

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
    expect(reached).toEqual(['listing']);
  });
});
