import { setTimeout as sleep } from 'node:timers/promises';
import { afterEach, describe, expect, it } from 'vitest';
import type { Kysely } from 'kysely';
import type { Database } from '#server/db/schema';
import type { WritePoint } from '#server/deps';
import { demoListing } from '#server/start/seed/factories';
import { removeUnusedUploads } from '#server/housekeeping';
import { registerActor, type Actor } from './support/actors';
import { useTestApp } from './support/harness';
import { editListing, listProduct, uploadPhoto } from './support/products';
import { testDatabaseUrl } from './support/postgres';
import { bookPhone, tryBooking } from './support/deal';
import { insertResultSchema } from '#shared/common';

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

const deleteOwnListing = (seller: Actor, productId: string) =>
  seller.request({ method: 'DELETE', url: `/api/delete/product/${productId}` });

const productNotFound = { code: 'NOT_FOUND', message: 'Product not found' };

function expectOk(response: { statusCode: number; body: string }) {
  expect(response.statusCode, response.body).toBe(200);
}

/*
 * A booking and a report are both a row about a listing, stored after the service has checked the
 * listing and the person: each meets the same three deletions in between. How the listing goes
 * differs on purpose (the admin's delete, the seller's own), so both delete paths are raced.
 */
const rowsAbout = (table: 'bookings' | 'reports', productId: string) =>
  t.db.selectFrom(table).select('id').where('product_id', '=', productId).execute();
const raced = [
  {
    point: 'booking',
    who: 'buyer',
    table: 'bookings',
    send: (actor: Actor, productId: string) =>
      actor.request({
        method: 'POST',
        url: '/api/store/booking/product',
        payload: { productId, phoneNumber: '+880 1711 223344', meetLocation: 'Dhaka, Mirpur 10' },
      }),
    deleteProduct: (_seller: Actor, productId: string) =>
      admin.request({ method: 'DELETE', url: `/api/product/delete/${productId}` }),
  },
  {
    point: 'report',
    who: 'reporter',
    table: 'reports',
    send: (actor: Actor, productId: string) =>
      actor.request({ method: 'POST', url: '/api/report/product', payload: { product_id: productId } }),
    deleteProduct: (seller: Actor, productId: string) =>
      seller.request({ method: 'DELETE', url: `/api/delete/product/${productId}` }),
  },
] as const;

describe.each(raced)(
  'a $point whose product goes away before it is stored',
  ({ point, who, table, send, deleteProduct }) => {
    it('answers 404 when the product is deleted in between', async () => {
      const seller = await registerActor(t.app, 'seller');
      const productId = await listProduct(seller);
      beforeNext(point, async () => expectOk(await deleteProduct(seller, productId)));

      const response = await send(buyer, productId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(productNotFound);
      expect(reached).toEqual([point]);
      expect(await rowsAbout(table, productId)).toEqual([]);
    });

    it('answers 404 when its seller is deleted in between', async () => {
      const seller = await registerActor(t.app, 'seller');
      const productId = await listProduct(seller);
      beforeNext(point, async () =>
        expectOk(await admin.request({ method: 'DELETE', url: `/api/sellers/${seller.user.uid}` })),
      );

      const response = await send(buyer, productId);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual(productNotFound);
    });

    it(`answers 401 when the ${who}'s own account is deleted in between`, async () => {
      const seller = await registerActor(t.app, 'seller');
      const productId = await listProduct(seller);
      const doomed = await registerActor(t.app, 'buyer');
      beforeNext(point, async () =>
        expectOk(await admin.request({ method: 'DELETE', url: `/api/buyers/${doomed.user.uid}` })),
      );

      const response = await send(doomed, productId);
      expect(response.statusCode).toBe(401);
      expect(await rowsAbout(table, productId)).toEqual([]);
    });
  },
);

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

/*
 * A buyer asking again for a phone whose earlier booking of theirs was declined reopens that row;
 * a buyer asking for the first time inserts one. Each meets another request between its read and
 * its write.
 */
describe('a booking request raced by another change of the same booking', () => {
  const decline = (seller: Actor, bookingId: string) =>
    seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/decline`, payload: {} });

  it('answers 404 when the product is deleted before a declined booking is reopened', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    expectOk(await decline(seller, await bookPhone(buyer, productId)));
    beforeNext('booking', async () => expectOk(await deleteOwnListing(seller, productId)));

    const response = await tryBooking(buyer, productId);
    expect(response.statusCode, response.body).toBe(404);
    expect(response.json()).toEqual(productNotFound);
    expect(reached).toEqual(['booking']);
  });

  it('reopens the booking another request inserted and its seller declined in between, never a 500', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    let racing = '';
    beforeNext('booking', async () => {
      racing = await bookPhone(buyer, productId);
      expectOk(await decline(seller, racing));
    });

    const response = await tryBooking(buyer, productId);
    expect(response.statusCode, response.body).toBe(201);
    expect(insertResultSchema.parse(response.json()).insertedId).toBe(racing);
    const [row] = await t.db
      .selectFrom('bookings')
      .select(['id', 'status'])
      .where('product_id', '=', productId)
      .execute();
    expect(row).toEqual({ id: racing, status: 'requested' });
  });

  it('asks again whether the phone is reserved before its second try: accepted for another buyer in between, a 409', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const other = await registerActor(t.app, 'buyer');
    beforeNext('booking', async () => {
      expectOk(await decline(seller, await bookPhone(buyer, productId)));
      expectOk(
        await seller.request({ method: 'PUT', url: `/api/bookings/${await bookPhone(other, productId)}/accept` }),
      );
    });

    const response = await tryBooking(buyer, productId);
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json()).toEqual({
      code: 'CONFLICT',
      message: 'This phone is reserved for another buyer right now. Try again if it becomes available.',
    });
  });
});

/*
 * Two edits of one listing at once: the second reads the listing as the first left it (it waits for
 * the first's lock on the row on PostgreSQL, for its write lock on SQLite), so the listing ends as
 * the whole form of the one that came last, never the name of one with the description of the other.
 */
describe('two edits of one listing at once', () => {
  it('leave the listing as exactly one of the two forms, never a mix', async () => {
    const seller = await registerActor(t.app, 'seller');
    const { caption: _caption, hue: _hue, ...listed } = demoListing(3);
    const form = { ...listed, productImg: await uploadPhoto(seller) };
    const stored = await seller.request({ method: 'POST', url: '/api/store_products', payload: form });
    expect(stored.statusCode, stored.body).toBe(201);
    const productId = insertResultSchema.parse(stored.json()).insertedId;
    const renamed = { ...form, productName: `${form.productName} (renamed)` };
    const described = { ...form, description: `${form.description} Screen protector on since day one.` };
    const editTo = (payload: typeof form) =>
      seller.request({ method: 'PUT', url: `/api/edit/product/${productId}`, payload });
    let second: ReturnType<typeof editTo> | undefined;
    // The second edit starts once the first has read the listing, and has until its own end, or
    // a moment if it waits, to get in before the first writes.
    beforeNext('edit', async () => {
      second = editTo(described);
      await Promise.race([second, sleep(200)]);
    });

    expectOk(await editTo(renamed));
    expectOk(await second!);
    expect(reached).toEqual(['edit', 'edit']);
    const row = await t.db
      .selectFrom('products')
      .select(['product_name as productName', 'description'])
      .where('id', '=', productId)
      .executeTakeFirstOrThrow();
    const endsAs = [renamed, described].map(({ productName, description }) => ({ productName, description }));
    expect(endsAs).toContainEqual(row);
  });
});

/*
 * On PostgreSQL an edit waits for its listing's row lock; what it then asks must be answered as things
 * are after that wait, not as the statement that waited first saw them (READ COMMITTED gives a
 * statement the database as it was when it began).
 */
describe.runIf(testDatabaseUrl())('an edit waiting for its listing while its reservation ends', () => {
  it('goes by the booking as it is once the wait is over: cancelled, the edit is made', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    const bookingId = await bookPhone(buyer, productId);
    expectOk(await seller.request({ method: 'PUT', url: `/api/bookings/${bookingId}/accept` }));
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    let holding!: () => void;
    const held = new Promise<void>((resolve) => (holding = resolve));
    // Another writer holds the listing's row while it ends the reservation, and commits once the edit waits.
    const cancelling = t.db.transaction().execute(async (trx) => {
      await trx.selectFrom('products').select('id').where('id', '=', productId).forNoKeyUpdate().execute();
      await trx
        .updateTable('bookings')
        .set({ status: 'cancelled', is_open: false })
        .where('id', '=', bookingId)
        .execute();
      holding();
      await released;
    });
    await held;

    const editing = editListing(seller, productId);
    await sleep(300);
    release();
    await cancelling;
    expectOk(await editing);
  });
});

/*
 * An edit's lock on its listing is the update's own (FOR NO KEY UPDATE): a row inserted meanwhile
 * that points at the listing (a booking, its conversation) takes FOR KEY SHARE of it, which that
 * lock lets through, where FOR UPDATE would keep it waiting until the edit commits.
 */
describe.runIf(testDatabaseUrl())('a listing being edited on PostgreSQL', () => {
  it('is booked meanwhile without waiting for the edit', async () => {
    const seller = await registerActor(t.app, 'seller');
    const productId = await listProduct(seller);
    let booked: number | 'still waiting' | undefined;
    beforeNext('edit', async () => {
      const booking = tryBooking(buyer, productId).then((response) => response.statusCode);
      booked = await Promise.race([booking, sleep(2000).then(() => 'still waiting' as const)]);
    });

    expectOk(await editListing(seller, productId));
    expect(booked).toBe(201);
  });
});
