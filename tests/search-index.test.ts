import { describe, expect, it } from 'vitest';
import { searchResultSchema } from '#shared/search';
import { registerActor, type Actor } from './support/actors';
import { callApi, useTestApp } from './support/harness';
import { editListing, listProduct } from './support/products';

/*
 * Every way a listing changes, through the API, and what a search finds afterwards: the products
 * repository keeps the index in step by itself, so none of these may leave it behind. A new write
 * path to listings gets its row here.
 */

const { t, admin, buyer } = useTestApp({ admin: 'admin', buyer: 'buyer' });

/** The ids a search for `words` finds (with `?verified=true`, among verified sellers only). */
async function found(words: string, verifiedOnly = false): Promise<string[]> {
  const query = new URLSearchParams({ q: words, ...(verifiedOnly ? { verified: 'true' } : {}) });
  const answer = await callApi(t, { url: `/api/search?${query}` }, searchResultSchema);
  return answer.items.map((product) => product._id);
}

/** A seller with one listing under a name no other test uses, found by search before the change. */
async function listed(name: string): Promise<{ seller: Actor; id: string }> {
  const seller = await registerActor(t.app, 'seller');
  const id = await listProduct(seller, { productName: name });
  expect(await found(name)).toEqual([id]);
  return { seller, id };
}

async function call(actor: Actor, method: 'PUT' | 'POST' | 'DELETE', url: string, payload?: object) {
  const answer = await actor.request({ method, url, ...(payload ? { payload } : {}) });
  expect(answer.statusCode, answer.body).toBeLessThan(300);
  return answer;
}

async function acceptedBooking(seller: Actor, productId: string): Promise<string> {
  const booked = await call(buyer, 'POST', '/api/store/booking/product', {
    productId,
    phoneNumber: '01711223344',
    meetLocation: 'Rangpur',
  });
  const bookingId = booked.json<{ insertedId: string }>().insertedId;
  await call(seller, 'PUT', `/api/bookings/${bookingId}/accept`);
  return bookingId;
}

describe('the search index follows every write to a listing', () => {
  it('an edit: found by its new name, no longer by the old one', async () => {
    const { seller, id } = await listed('Zephyrphone Alpha');
    const edited = await editListing(seller, id, { productName: 'Quokkaphone Beta' });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(await found('Zephyrphone')).toEqual([]);
    expect(await found('Quokkaphone')).toEqual([id]);
  });

  it('a hide, and showing it again', async () => {
    const { seller, id } = await listed('Hiddenbrook One');
    await call(seller, 'PUT', `/api/hide/product/${id}`);
    expect(await found('Hiddenbrook')).toEqual([]);
    await call(seller, 'PUT', `/api/show/product/${id}`);
    expect(await found('Hiddenbrook')).toEqual([id]);
  });

  it('sold by a deal', async () => {
    const { seller, id } = await listed('Dealbrook Two');
    const bookingId = await acceptedBooking(seller, id);
    await call(seller, 'PUT', `/api/bookings/${bookingId}/sold`);
    expect(await found('Dealbrook')).toEqual([]);
  });

  it('sold outside PhoneHaat', async () => {
    const { seller, id } = await listed('Outbrook Three');
    await call(seller, 'PUT', `/api/sold/product/${id}`);
    expect(await found('Outbrook')).toEqual([]);
  });

  it('deleted by its seller, and by the admin', async () => {
    const own = await listed('Selfbrook Four');
    await call(own.seller, 'DELETE', `/api/delete/product/${own.id}`);
    expect(await found('Selfbrook')).toEqual([]);
    const taken = await listed('Adminbrook Five');
    await call(admin, 'DELETE', `/api/product/delete/${taken.id}`);
    expect(await found('Adminbrook')).toEqual([]);
  });

  it("the seller's account deleted", async () => {
    const { seller } = await listed('Gonebrook Six');
    await call(seller, 'POST', '/api/account/delete', { password: seller.password });
    expect(await found('Gonebrook')).toEqual([]);
  });

  it('the seller verified: found among verified sellers only', async () => {
    const { seller, id } = await listed('Badgebrook Seven');
    expect(await found('Badgebrook', true)).toEqual([]);
    await call(admin, 'PUT', `/api/verify_seller?email=${encodeURIComponent(seller.email)}`);
    expect(await found('Badgebrook', true)).toEqual([id]);
  });
});
